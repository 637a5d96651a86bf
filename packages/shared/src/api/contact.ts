import { z } from "zod";
import { contactServiceOptions } from "../business";
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PHONE_INPUT_PATTERN,
  PHONE_MAX_LENGTH,
} from "./limits";

const serviceValues = contactServiceOptions.map((o) => o.value) as [string, ...string[]];
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** The contact form (docs/product.md#contact-page), checked identically by the browser (Conform), the page's action and the API. */
export const contactMessageSchema = z.object({
  firstName: z
    .string({ error: "First name is required" })
    .trim()
    .min(1, "First name is required")
    .max(NAME_MAX_LENGTH, "First name is too long"),
  lastName: z
    .string({ error: "Last name is required" })
    .trim()
    .min(1, "Last name is required")
    .max(NAME_MAX_LENGTH, "Last name is too long"),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(EMAIL_MAX_LENGTH, "Email is too long")
    .pipe(z.email("Enter a valid email address")),
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
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(
      CONTACT_MESSAGE_MAX_LENGTH,
      `Message is too long (${CONTACT_MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters at most)`,
    ),
});

type ContactService = (typeof contactServiceOptions)[number]["value"];

/** The thank-you the page and the API answer with. */
export const CONTACT_SUCCESS_MESSAGE = "Thank you for your message! We'll get back to you within 24 hours.";
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

export { HONEYPOT_FIELD } from "./honeypot";
