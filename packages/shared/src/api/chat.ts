import { z } from "zod";
import { business, chatServiceOptions } from "../business";
import { parseDateString, zonedDateString } from "../time";

/** Client-generated chat session ids look like `chat_<random>`. */
export const chatSessionIdSchema = z.string().regex(/^chat_[A-Za-z0-9_-]{8,100}$/, "Invalid chat session id");

/** socket.io `chat:join` payload (DESIGN §5). */
export const chatJoinSchema = z.object({ sessionId: chatSessionIdSchema });

export const createChatSessionSchema = z.object({
  sessionId: chatSessionIdSchema,
  status: z.literal("active").optional(),
});

export const MAX_CHAT_MESSAGE_LENGTH = 1000;

export const sendChatMessageSchema = z.object({
  sender: z.literal("user").optional(),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(MAX_CHAT_MESSAGE_LENGTH, `Message is too long (${MAX_CHAT_MESSAGE_LENGTH} characters at most)`),
  messageType: z.literal("text").optional(),
});

const optionalText = (max: number, label: string) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().trim().max(max, `${label} is too long`).optional());

/** Hourly visit slots offered in the chat form (09:00 to 16:00). */
export const appointmentTimeSlots = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"] as const;

export const appointmentPriorities = ["normal", "urgent", "emergency"] as const;

/** The chat's appointment request (spec §3, server reading), plus an optional date and time slot. */
export const appointmentRequestSchema = z
  .object({
    customerName: z.string({ error: "Full name is required" }).trim().min(1, "Full name is required").max(120, "Name is too long"),
    customerPhone: z
      .string({ error: "Phone is required" })
      .trim()
      .min(1, "Phone is required")
      .max(40, "Phone number is too long")
      .regex(/^[+\d\s().-]{7,}$/, "Enter a valid phone number"),
    customerEmail: z
      .string({ error: "Email is required" })
      .trim()
      .min(1, "Email is required")
      .max(254, "Email is too long")
      .pipe(z.email("Enter a valid email address")),
    serviceType: z.enum(chatServiceOptions, { error: "Choose the service you need" }),
    address: optionalText(300, "Address"),
    preferredTiming: optionalText(200, "Preferred timing"),
    priority: z.enum(appointmentPriorities, { error: "Choose normal, urgent or emergency" }).default("normal"),
    description: optionalText(2000, "Description"),
    preferredDate: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .refine((v) => parseDateString(v) !== null, "Enter a date as YYYY-MM-DD")
        .refine((v) => v >= zonedDateString(new Date(), business.timeZone), "The date cannot be earlier than today")
        .optional(),
    ),
    preferredTime: z.preprocess((v) => (v === "" ? undefined : v), z.enum(appointmentTimeSlots, { error: "Choose one of the offered times" }).optional()),
  })
  .refine((v) => !v.preferredTime || v.preferredDate, { path: ["preferredDate"], message: "Choose a date for that time" });

export type AppointmentRequestInput = z.infer<typeof appointmentRequestSchema>;

/** The fields the appointment form cannot go without (spec §5). */
export const requiredAppointmentFields = ["customerName", "customerPhone", "customerEmail", "serviceType"] as const;

/** The form's own words when a required field is blank (spec §5). */
export const APPOINTMENT_REQUIRED_MESSAGE = "Please fill in all required fields (Name, Phone, Email, Service Type)";

/** The required fields left blank (missing, not text, or only spaces). */
export function missingAppointmentFields(input: unknown): Array<(typeof requiredAppointmentFields)[number]> {
  return requiredAppointmentFields.filter((field) => {
    const value = (input as Record<string, unknown> | null)?.[field];
    return typeof value !== "string" || value.trim() === "";
  });
}

/** Chat priority → booking priority (normal → medium, urgent → high, emergency → emergency). */
export const bookingPriorityFor = { normal: "medium", urgent: "high", emergency: "emergency" } as const;
