import { z } from "../zod";
import { personName, requiredEmail, requiredText, textConsentField } from "./fields";
import { contactServiceOptions } from "../business";
import { CONTACT_MESSAGE_MAX_LENGTH, PHONE_INPUT_PATTERN, PHONE_MAX_LENGTH } from "./limits";

const serviceValues = contactServiceOptions.map((o) => o.value) as [string, ...string[]];
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
/**
 * 5000 as "5,000". Not `toLocaleString`: this module runs as the contact page's script starts, and a
 * browser's first Intl number format loads its locale data (about 20 ms on a fast machine, four times
 * that on a slow phone) while the page cannot answer a tap.
 */
const withThousands = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ",");

/** The contact form (docs/product.md#contact-page), checked identically by the browser (Conform), the page's action and the API. */
export const contactMessageSchema = z.object({
  firstName: personName("First name"),
  lastName: personName("Last name"),
  email: requiredEmail,
  phone: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "Enter a valid phone number" })
      .trim()
      .max(PHONE_MAX_LENGTH, "Phone number is too long")
      .regex(PHONE_INPUT_PATTERN, "Enter a valid phone number")
      .optional(),
  ),
  service: z.preprocess(
    blankToUndefined,
    z
      .enum(serviceValues as [ContactService, ...ContactService[]], { error: "Choose one of the listed services" })
      .optional(),
  ),
  message: requiredText(
    "Message",
    CONTACT_MESSAGE_MAX_LENGTH,
    `Message is too long (${withThousands(CONTACT_MESSAGE_MAX_LENGTH)} characters at most)`,
  ),
  /** "Text me about my visits" (docs/product.md#texts): offered with texts set up; it needs the phone. */
  textConsent: textConsentField,
});

type ContactService = (typeof contactServiceOptions)[number]["value"];

/** The thank-you the page and the API answer with. */
export const CONTACT_SUCCESS_MESSAGE = "Thank you for your message! We'll get back to you within 24 hours.";

/**
 * The answer to an emergency (the service was Emergency, or the words read as one): call now, never "within
 * 24 hours". In two parts around the number, which the page makes a `tel:` link; the API's answer carries the
 * number as `emergencyPhone` too.
 */
export const CONTACT_EMERGENCY_CALL = "This sounds like an emergency: please call our emergency line now at";
export const CONTACT_EMERGENCY_AFTER = "A live person answers 24/7, and our office has been alerted to your message.";
export const contactEmergencyMessage = (phone: string) =>
  `${CONTACT_EMERGENCY_CALL} ${phone}. ${CONTACT_EMERGENCY_AFTER}`;
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

export { HONEYPOT_FIELD } from "./honeypot";
