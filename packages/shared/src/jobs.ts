import { z } from "zod";

/**
 * Job contracts: every queue, every job name on it and its payload schema.
 * Producers (web) and processors (worker) import these, so a payload can never
 * drift between the two. Job ids are deterministic, so a retry or a re-enqueue
 * by the sweeper never does the work twice.
 */

const requestId = z.string().max(100).optional();

export const jobContracts = {
  email: {
    "contact-notification": z.object({ contactMessageId: z.number().int().positive(), requestId }),
    /** A password-reset or email-verification link (the AccountToken row says which). */
    "account-link": z.object({ accountTokenId: z.uuid(), requestId }),
    "booking-staff-notification": z.object({ bookingId: z.number().int().positive(), requestId }),
    "appointment-confirmation": z.object({ appointmentRequestId: z.number().int().positive(), requestId }),
    "booking-cancelled-notification": z.object({ bookingId: z.number().int().positive(), requestId }),
  },
  chat: {
    "chat-reply": z.object({ sessionId: z.string(), userMessageId: z.uuid(), requestId }),
  },
  notifications: {
    "booking-event": z.object({
      bookingId: z.number().int().positive(),
      event: z.enum(["created", "updated"]),
      /** Distinguishes successive updates of one booking in the job id. */
      version: z.string(),
      requestId,
    }),
  },
} as const;

export type QueueName = keyof typeof jobContracts;
export const queueNames = Object.keys(jobContracts) as QueueName[];
export type JobName<Q extends QueueName> = keyof (typeof jobContracts)[Q] & string;
export type JobData<Q extends QueueName, N extends JobName<Q>> = z.infer<(typeof jobContracts)[Q][N]>;

/** Deterministic ids: the same piece of work always gets the same id. */
export const jobIds = {
  contactNotification: (contactMessageId: number) => `contact-${contactMessageId}`,
  accountLink: (accountTokenId: string) => `account-link-${accountTokenId}`,
  bookingStaffNotification: (bookingId: number) => `booking-email-${bookingId}`,
  appointmentConfirmation: (appointmentRequestId: number) => `appointment-confirmation-${appointmentRequestId}`,
  /** One per cancellation: a booking reopened by staff and cancelled again is emailed again. */
  bookingCancelledNotification: (bookingId: number, cancelledAt: Date) => `booking-cancelled-${bookingId}-${cancelledAt.getTime()}`,
  chatReply: (userMessageId: string) => `chat-${userMessageId}`,
  bookingEvent: (bookingId: number, version: string) => `booking-event-${bookingId}-${version}`,
};

export function parseJobData<Q extends QueueName, N extends JobName<Q>>(queue: Q, name: N, data: unknown): JobData<Q, N> {
  const schema = (jobContracts[queue] as Record<string, z.ZodType>)[name];
  if (!schema) throw new Error(`No job "${name}" on queue "${queue}"`);
  return schema.parse(data) as JobData<Q, N>;
}

export const defaultJobOptions = {
  attempts: 8,
  backoff: { type: "exponential" as const, delay: 2_000 },
  removeOnComplete: { age: 24 * 3600, count: 5_000 },
  // Failures after the last attempt stay visible for staff and operators.
  removeOnFail: false,
};
