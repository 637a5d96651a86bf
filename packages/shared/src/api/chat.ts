import { z } from "../zod";
import { personName, requiredEmail, requiredText, textConsentField } from "./fields";
import { chatServiceOptions } from "../business";
import { DEFAULT_APPOINTMENT_TIME, MAX_CHAT_MESSAGE_LENGTH } from "../chat/rules";
import { businessDate } from "../time";
import { windowStartSchema } from "./scheduling";
import { localDateField } from "./values";
import { fieldErrors } from "./errors";
import { failure, success, type Result } from "../result";
import {
  ADDRESS_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  PHONE_INPUT_PATTERN,
  PHONE_MAX_LENGTH,
  PREFERRED_TIMING_MAX_LENGTH,
} from "./limits";

export { DEFAULT_APPOINTMENT_TIME, MAX_CHAT_MESSAGE_LENGTH };

/** Client-generated chat session ids look like `chat_<random>`. */
export const chatSessionIdSchema = z.string().regex(/^chat_[A-Za-z0-9_-]{8,100}$/, "Invalid chat session id");

/** socket.io `chat:join` payload (docs/product.md#realtime-events). */
export const chatJoinSchema = z.object({ sessionId: chatSessionIdSchema });

export const createChatSessionSchema = z.object({
  sessionId: chatSessionIdSchema,
  status: z.literal("active").optional(),
});

export const sendChatMessageSchema = z.object({
  sender: z.literal("user").optional(),
  message: requiredText(
    "Message",
    MAX_CHAT_MESSAGE_LENGTH,
    `Message is too long (${MAX_CHAT_MESSAGE_LENGTH} characters at most)`,
  ),
  messageType: z.literal("text").optional(),
});

const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(max, `${label} is too long`).optional(),
  );

/** Hourly visit slots offered in the chat form (09:00 to 16:00). */
export const appointmentTimeSlots = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"] as const;

export const appointmentPriorities = ["normal", "urgent", "emergency"] as const;

/**
 * What a request for an appointment leads to, as both its forms say it (the chat's and the
 * portal's) and as the answer to it bears out (features/chat/chat.server.ts, `confirmationText`):
 * a window chosen is the visit's time; without one, the office calls to arrange it.
 */
export const APPOINTMENT_REQUEST_NOTE =
  "Choose an arrival window and your technician arrives within it; with no preference, we call you within 24 hours to arrange a time.";

/**
 * The chat's and the portal's appointment request, with an optional arrival
 * window, or else an optional preferred date and time slot for staff to place
 * (docs/product.md#chat-assistant).
 */
export const appointmentRequestSchema = z
  .object({
    customerName: personName("Full name"),
    customerPhone: requiredText("Phone", PHONE_MAX_LENGTH, "Phone number is too long").regex(
      PHONE_INPUT_PATTERN,
      "Enter a valid phone number",
    ),
    customerEmail: requiredEmail,
    serviceType: z.enum(chatServiceOptions, { error: "Choose the service you need" }),
    address: optionalText(ADDRESS_MAX_LENGTH, "Address"),
    preferredTiming: optionalText(PREFERRED_TIMING_MAX_LENGTH, "Preferred timing"),
    priority: z.enum(appointmentPriorities, { error: "Choose normal, urgent or emergency" }).default("normal"),
    description: optionalText(DESCRIPTION_MAX_LENGTH, "Description"),
    preferredDate: z.preprocess(
      (v) => (v === "" ? undefined : v),
      localDateField("Enter a date as YYYY-MM-DD")
        .refine((v) => v >= businessDate(), "The date cannot be earlier than today")
        .optional(),
    ),
    preferredTime: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.enum(appointmentTimeSlots, { error: "Choose one of the offered times" }).optional(),
    ),
    /** An arrival window, by the `start` GET /api/availability gave; without one, staff place the visit. */
    windowStart: z.preprocess((v) => (v === "" ? undefined : v), windowStartSchema.optional()),
    /** "Text me about my visits" ("on"), where the form offers it (docs/product.md#texts). */
    textConsent: textConsentField,
  })
  .refine((v) => !v.preferredTime || v.preferredDate, {
    path: ["preferredDate"],
    message: "Choose a date for that time",
  });

export type AppointmentRequestInput = z.infer<typeof appointmentRequestSchema>;

/** The fields the appointment form cannot go without (docs/product.md, "Chat assistant"). */
export const requiredAppointmentFields = ["customerName", "customerPhone", "customerEmail", "serviceType"] as const;

/** The form's own words when a required field is blank (docs/product.md, "Chat assistant"). */
export const APPOINTMENT_REQUIRED_MESSAGE = "Please fill in all required fields (Name, Phone, Email, Service Type)";

/** The required fields left blank (missing, not text, or only spaces). */
export function missingAppointmentFields(input: unknown): Array<(typeof requiredAppointmentFields)[number]> {
  return requiredAppointmentFields.filter((field) => {
    const value = (input as Record<string, unknown> | null)?.[field];
    return typeof value !== "string" || value.trim() === "";
  });
}

/**
 * The one reader of an appointment request (the chat's form, the portal's, Book online's): the
 * request the booking domain's `requestAppointment` takes, or the 400 to answer. A refused form
 * gets the form's own words when something required is missing; otherwise what is wrong.
 */
export function readAppointmentRequest(input: unknown): Result<AppointmentRequestInput> {
  const parsed = appointmentRequestSchema.safeParse(input);
  if (parsed.success) return success(parsed.data);
  const errors = fieldErrors(parsed.error);
  const missing = missingAppointmentFields(input).length > 0;
  return failure(400, missing ? APPOINTMENT_REQUIRED_MESSAGE : (Object.values(errors)[0] ?? "Please check the form"), {
    errors,
  });
}

/** Chat priority → booking priority (normal → medium, urgent → high, emergency → emergency). */
export const bookingPriorityFor = { normal: "medium", urgent: "high", emergency: "emergency" } as const;
