/**
 * The chat widget's client-side rules and wording (docs/product.md#chat-assistant).
 *
 * Deliberately free of zod and of the chat engine: `@app/shared/chat/engine`
 * runs module-level set-up (its lexicon and gazetteer) that tree-shaking cannot
 * drop; the shared rules it needs come from the small `@app/shared/chat/rules`.
 * The appointment form is checked with the server's own schema in
 * ./appointment-form.tsx, part of the panel's lazily loaded code. The
 * constants below are tied to the server's by type-only imports, so a change
 * there fails the type-check here.
 */
import type { appointmentPriorities } from "@app/shared/api/chat";
import { business, chatServiceOptions, PHONE_NUMBER_PATTERN, type BusinessFacts } from "@app/shared/business";
import { officeStatus } from "@app/shared/chat/hours";
import {
  afterHoursNotice,
  greetingMessage,
  isBookingAction,
  isWindowAction,
  MAX_CHAT_MESSAGE_LENGTH,
  MAX_SUGGESTED_ACTIONS,
} from "@app/shared/chat/rules";

export { MAX_CHAT_MESSAGE_LENGTH as MAX_MESSAGE_LENGTH, MAX_SUGGESTED_ACTIONS };
/** The follow-up booking offer appears 1 second after the reply. */
export const BOOKING_OFFER_DELAY_MS = 1000;

/** The engine's greeting; after hours it starts with the emergency line (Baton Rouge time). */
export const greetingText = (facts: BusinessFacts = business, now = new Date()) =>
  officeStatus(now, facts).open ? greetingMessage(facts) : `${afterHoursNotice(facts)} ${greetingMessage(facts)}`;

export const greetingActions = ["Schedule an appointment", "What are your hours?", "Do you offer free estimates?"];

export { isBookingAction, isWindowAction };

/** The reply suggests booking when its intent is booking, the server says so, or its text or actions mention schedule or appointment. */
export function replySuggestsBooking(reply: {
  message: string;
  intent?: string | null;
  suggestedActions?: readonly string[];
  suggestsBooking?: boolean;
}): boolean {
  const mentions = (s: string) => /schedul|appointment/i.test(s);
  return (
    reply.intent === "booking" ||
    reply.suggestsBooking === true ||
    mentions(reply.message) ||
    (reply.suggestedActions ?? []).some((a) => mentions(a) || isBookingAction(a))
  );
}

export const bookingOfferText =
  "Would you like to schedule an appointment? I can open our booking form for you right here in the chat.";
export const OPEN_BOOKING_FORM_ACTION = "Open booking form";

// ---------------------------------------------------------------------------
// Who answers: a staff member took the conversation over, or handed it back
// ---------------------------------------------------------------------------

export const staffModeNotice = "You're now chatting with our office.";
export const assistantModeNotice = "You're chatting with our assistant again.";

// ---------------------------------------------------------------------------
// What the chat says when something fails
// ---------------------------------------------------------------------------

export const sendFailureText = (facts: BusinessFacts = business) =>
  `I'm sorry, I'm having trouble connecting right now. Please call us at ${facts.phone} and we'll help you right away.`;

export const bookingSuccessText = (serverMessage: string) =>
  `Your appointment request has been submitted! ${serverMessage}`.trim();

export const bookingIssueText = (serverMessage: string) =>
  `Sorry, there was an issue with your booking: ${serverMessage}`;

export const bookingErrorText = (facts: BusinessFacts = business) =>
  `I'm sorry, there was an error processing your appointment request. Please call us at ${facts.phone} or try again later.`;

// ---------------------------------------------------------------------------
// Appointment form options
// ---------------------------------------------------------------------------

export const serviceOptions: readonly string[] = chatServiceOptions;

type Priority = (typeof appointmentPriorities)[number];

export const priorities = [
  { value: "normal", label: "Normal" },
  { value: "urgent", label: "Urgent" },
  { value: "emergency", label: "Emergency" },
] as const satisfies ReadonlyArray<{ value: Priority; label: string }>;

export interface AppointmentValues {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  serviceType: string;
  address: string;
  /** An arrival window's start as GET /api/availability gave it, or "" for no preference. */
  windowStart: string;
  preferredTiming: string;
  priority: Priority;
  description: string;
  /** "on" when the visitor ticked "Text me about my visits" (offered only when texts are set up). */
  textConsent: "" | "on";
}

export const emptyAppointment: AppointmentValues = {
  customerName: "",
  customerPhone: "",
  customerEmail: "",
  serviceType: "",
  address: "",
  windowStart: "",
  preferredTiming: "",
  priority: "normal",
  description: "",
  textConsent: "",
};

export type AppointmentField = keyof AppointmentValues;

/** A fresh `chat_…` session id: crypto.randomUUID without dashes. */
export function newSessionId(): string {
  const random =
    typeof crypto !== "undefined" && typeof crypto.randomUUID === "function"
      ? crypto.randomUUID().replace(/-/g, "")
      : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  return `chat_${random}`;
}

/** Splits text around phone numbers like (225) 555-0142, so they can be rendered as tap-to-call links. */
export function splitPhones(text: string): Array<{ text: string; tel?: string }> {
  const parts: Array<{ text: string; tel?: string }> = [];
  const re = new RegExp(PHONE_NUMBER_PATTERN.source, "g");
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index) });
    const digits = m[0].replace(/\D/g, "");
    parts.push({ text: m[0], tel: `tel:+1${digits}` });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
