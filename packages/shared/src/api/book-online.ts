import { z } from "../zod";
import { services, type ServiceSlug } from "../business";
import { appointmentRequestSchema } from "./chat";
import { requiredText, textConsentField } from "./fields";
import { ADDRESS_MAX_LENGTH } from "./limits";
import { windowStartSchema } from "./scheduling";

/**
 * Book online (/book, docs/product.md#book-online): the service, the window, and who and where.
 * One schema for the last step's form, applied by the page's action and, through Conform, by the
 * browser first; the person's fields are the appointment request's own (./chat.ts), so a name or a
 * phone means the same here as in the chat and the portal.
 */

/** The services a visit may be booked for online: every one but Emergency Service, which is a call. */
export const onlineServices = services.filter((s) => s.slug !== "emergency");

type OnlineSlug = Exclude<ServiceSlug, "emergency">;

const CHOOSE_SERVICE_MESSAGE = "Choose the service you need";
const CHOOSE_WINDOW_MESSAGE = "Choose one of the offered times";

/** A service page's slug (/services/panel-upgrades → "panel-upgrades"), also without or with a plural's "s" ("panel-upgrade"). */
export function serviceFromParam(value: string | null | undefined): ServiceSlug | null {
  const wanted = value?.trim().toLowerCase();
  if (!wanted) return null;
  const found = services.find((s) => s.slug === wanted || s.slug === `${wanted}s` || `${s.slug}s` === wanted);
  return found?.slug ?? null;
}

const request = appointmentRequestSchema.shape;

/** The last step of /book: the chosen service and window (carried from the earlier steps) and the visitor's details. */
export const bookOnlineSchema = z.object({
  service: z.enum(onlineServices.map((s) => s.slug) as [OnlineSlug, ...OnlineSlug[]], {
    error: CHOOSE_SERVICE_MESSAGE,
  }),
  windowStart: z.string({ error: CHOOSE_WINDOW_MESSAGE }).min(1, CHOOSE_WINDOW_MESSAGE).pipe(windowStartSchema),
  customerName: request.customerName,
  customerPhone: request.customerPhone,
  customerEmail: request.customerEmail,
  address: requiredText("Address", ADDRESS_MAX_LENGTH),
  description: request.description,
  /** "Text me about my visits" (docs/product.md#texts): offered only when texts are set up, never ticked for anyone. */
  textConsent: textConsentField,
});

export type BookOnlineInput = z.infer<typeof bookOnlineSchema>;

/** The day-and-time step's form (a GET to the details step): the service and the window chosen. */
export const bookWindowSchema = bookOnlineSchema.pick({ service: true, windowStart: true });
