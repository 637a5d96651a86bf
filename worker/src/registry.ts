import { jobContracts, parseJobData, type QueueName } from "@app/shared/jobs";
import type { WorkerContext } from "./context";
import { replyToChatMessage } from "./processors/chat";
import { sendAppointmentConfirmation, sendBookingCancelledNotification, sendBookingStaffNotification, sendContactNotification, sendAccountLink } from "./processors/email";
import { publishBookingEvent } from "./processors/notifications";

type Handler = (ctx: WorkerContext, data: never) => Promise<unknown>;

/** Exactly one handler per job name of every queue (checked at start). */
const handlers: { [Q in QueueName]: { [N in keyof (typeof jobContracts)[Q]]: Handler } } = {
  email: {
    "contact-notification": sendContactNotification,
    "account-link": sendAccountLink,
    "booking-staff-notification": sendBookingStaffNotification,
    "appointment-confirmation": sendAppointmentConfirmation,
    "booking-cancelled-notification": sendBookingCancelledNotification,
  },
  chat: { "chat-reply": replyToChatMessage },
  notifications: { "booking-event": publishBookingEvent },
};

export function assertEveryJobHasAHandler() {
  for (const [queue, jobs] of Object.entries(jobContracts)) {
    for (const name of Object.keys(jobs)) {
      if (typeof (handlers as Record<string, Record<string, Handler>>)[queue]?.[name] !== "function") {
        throw new Error(`No handler for job "${name}" on queue "${queue}"`);
      }
    }
  }
}

export function dispatch(ctx: WorkerContext, queue: QueueName, name: string, data: unknown) {
  const handler = (handlers as Record<string, Record<string, Handler>>)[queue]?.[name];
  if (!handler) throw new Error(`No handler for job "${name}" on queue "${queue}"`);
  return handler(ctx, parseJobData(queue, name as never, data) as never);
}
