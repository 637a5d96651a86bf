import { z } from "./zod";
import { E164_PATTERN } from "./texts/phone";

/**
 * Job contracts: every kind of background work, the queue it runs on, its
 * payload schema and how its id is derived. Producers (web, and the outbox
 * relay) and the worker's handlers import these, so a payload can never drift
 * between them, and no call site chooses an id: the same piece of work always
 * gets the same id, so a retry or a re-enqueue by the sweeper never does the
 * work twice.
 *
 * `delivery: "outbox"` kinds are notifications: they are only ever written to
 * the Outbox table inside the business transaction that causes them
 * (packages/shared/src/outbox.server.ts, docs/decisions/008-notification-outbox.md).
 * `delivery: "direct"` kinds are added to BullMQ by their producer, which
 * handles a failure itself (the chat answers with its built-in engine).
 */

export const queueNames = ["email", "chat", "notifications"] as const;
export type QueueName = (typeof queueNames)[number];

type Delivery = "outbox" | "direct";

/**
 * The order a queue's waiting jobs run in (BullMQ's priority: lower first; first in, first out
 * within one). Every notification has one: BullMQ runs a job without a priority before every job
 * with one, so a kind left without would overtake even emergencies (docs/decisions/008-notification-outbox.md).
 * - `urgent`: someone is waiting for it right now (a reset link at the screen, "on my way"),
 *   and emergencies (their `outbox.add` passes it).
 * - `soon`: the answer to something a person just did (their booking's confirmation, their estimate).
 * - `normal`: the office's notices of what happened, and live updates of open pages.
 * - `later`: what is not awaited (reminders, review requests, invoice reminders).
 */
const PRIORITY = { urgent: 1, soon: 2, normal: 3, later: 4 } as const;
type Priority = (typeof PRIORITY)[keyof typeof PRIORITY];

interface Contract<Q extends QueueName, D extends Delivery, S extends z.ZodType> {
  queue: Q;
  delivery: D;
  schema: S;
  /** The job's id (and its outbox key). Must change whenever the work must be done again. */
  key: (data: z.infer<S>) => string;
  /** Its place in line (PRIORITY); a notification without one is `normal`. */
  priority?: Priority;
}

const contract = <Q extends QueueName, D extends Delivery, S extends z.ZodType>(c: Contract<Q, D, S>) => c;

const requestId = z.string().max(100).optional();
const id = z.number().int().positive();
/**
 * A notification about a visit: `version` is the booking's updatedAt (ms) when it was owed, so each change
 * owes anew; `at` (where present) the visit's start then, so an email about a time the visit left stands down.
 */
const visitRef = { bookingId: id, version: z.string().min(1).max(40), requestId };
/**
 * An emergency lead (docs/product.md#contact-page, docs/product.md#chat-assistant): a contact message, or a
 * chat conversation with the visitor's message that read as an emergency. A conversation is one lead, however
 * many of its messages read so: its alerts' keys name the conversation only.
 */
const leadRef = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("contact"), contactMessageId: id }),
  z.object({ kind: z.literal("chat"), sessionId: z.string().min(1).max(200), messageId: z.uuid() }),
]);
const leadKey = (lead: z.infer<typeof leadRef>) =>
  lead.kind === "contact" ? `contact-${lead.contactMessageId}` : `chat-${lead.sessionId}`;
/** The email goes to an address a visitor typed: it counts against ANON_REQUESTS_PER_HOUR when sent (packages/shared/src/visitor-email-cap.server.ts). */
const visitorCap = z.boolean().optional();

/** The visit emails that have a text twin ("visit-text"): the confirmation, the reminder, "on my way", the review request. */
export const TEXTED_VISIT_NOTICES = [
  "visit-confirmation",
  "visit-reminder",
  "visit-on-the-way",
  "review-request",
] as const;
/** The document emails that have a text twin ("document-text"): an estimate's and an invoice's link, per send. */
export const TEXTED_DOCUMENT_NOTICES = ["estimate-email", "invoice-email"] as const;
export type TextedDocumentNotice = (typeof TEXTED_DOCUMENT_NOTICES)[number];
export type TextedVisitNotice = (typeof TEXTED_VISIT_NOTICES)[number];

export const jobs = {
  /** To staff: a message from the contact form. */
  "contact-notification": contract({
    priority: PRIORITY.soon,
    queue: "email",
    delivery: "outbox",
    schema: z.object({ contactMessageId: id, requestId }),
    key: (d) => `contact-${d.contactMessageId}`,
  }),
  /** A password-reset or email-verification link (the AccountToken row says which). */
  "account-link": contract({
    priority: PRIORITY.urgent,
    queue: "email",
    delivery: "outbox",
    schema: z.object({ accountTokenId: z.uuid(), requestId }),
    key: (d) => `account-link-${d.accountTokenId}`,
  }),
  /** To staff: a new booking, from any source. */
  "booking-staff-notification": contract({
    queue: "email",
    delivery: "outbox",
    schema: z.object({ bookingId: id, requestId }),
    key: (d) => `booking-email-${d.bookingId}`,
  }),
  /**
   * To the visitor: their appointment request was received. `visitorCap`: to an address nobody proved,
   * so it counts against the hourly cap when sent (held until a place frees up). `resend`: staff sent it
   * again (the instant, ms), a new key.
   */
  "appointment-confirmation": contract({
    priority: PRIORITY.soon,
    queue: "email",
    delivery: "outbox",
    schema: z.object({ appointmentRequestId: id, visitorCap, resend: z.string().max(20).optional(), requestId }),
    key: (d) => `appointment-confirmation-${d.appointmentRequestId}${d.resend ? `-resend-${d.resend}` : ""}`,
  }),
  /** To staff: a customer cancelled a booking from the portal; one per cancellation (ms since epoch). */
  "booking-cancelled-notification": contract({
    queue: "email",
    delivery: "outbox",
    schema: z.object({ bookingId: id, cancelledAt: z.number().int().nonnegative(), requestId }),
    key: (d) => `booking-cancelled-${d.bookingId}-${d.cancelledAt}`,
  }),
  /** To staff: a customer moved their visit with the link in our email; one per move (`to`: ms since epoch). */
  "booking-rescheduled-notification": contract({
    queue: "email",
    delivery: "outbox",
    schema: z.object({ bookingId: id, from: z.number().int(), to: z.number().int(), requestId }),
    key: (d) => `booking-rescheduled-${d.bookingId}-${d.to}`,
  }),
  /**
   * To the customer: their visit is booked (`scheduled`) or moved (`moved`), with its window, the manage
   * links and an .ics. `version` is the booking's updatedAt (ms) when it was owed: one email per change.
   * `visitorCap`: the first confirmation of a visitor's request (see appointment-confirmation).
   */
  "visit-confirmation": contract({
    priority: PRIORITY.soon,
    queue: "email",
    delivery: "outbox",
    schema: z.object({
      ...visitRef,
      at: z.number().int(),
      reason: z.enum(["scheduled", "moved"]),
      /** A moved visit's time before (ms): the email says what it replaces. */
      from: z.number().int().optional(),
      visitorCap,
    }),
    key: (d) => `visit-confirmation-${d.bookingId}-${d.version}`,
  }),
  /** To the customer, at REMINDER_HOUR the day before the visit; cancelled when it moves, is cancelled or done. */
  "visit-reminder": contract({
    priority: PRIORITY.later,
    queue: "email",
    delivery: "outbox",
    schema: z.object({ ...visitRef, at: z.number().int() }),
    key: (d) => `visit-reminder-${d.bookingId}-${d.version}`,
  }),
  /** To the customer: their visit was cancelled (by them, with the link, or by the office). */
  "visit-cancelled": contract({
    priority: PRIORITY.soon,
    queue: "email",
    delivery: "outbox",
    schema: z.object({ ...visitRef, by: z.enum(["customer", "staff"]) }),
    key: (d) => `visit-cancelled-${d.bookingId}-${d.version}`,
  }),
  /** To the customer: the technician is on the way (at most once per visit). */
  "visit-on-the-way": contract({
    priority: PRIORITY.urgent,
    queue: "email",
    delivery: "outbox",
    schema: z.object({ bookingId: id, minutes: z.number().int().min(1).max(240), requestId }),
    key: (d) => `visit-on-the-way-${d.bookingId}`,
  }),
  /** To the customer, REVIEW_DELAY_MINUTES after the visit was completed; cancelled if it is reopened or cancelled. */
  "review-request": contract({
    priority: PRIORITY.later,
    queue: "email",
    delivery: "outbox",
    schema: z.object(visitRef),
    key: (d) => `review-request-${d.bookingId}-${d.version}`,
  }),
  /**
   * Web Push to staff devices: an emergency booking (admins and that day's technicians), an emergency lead
   * (admins), or a visit assigned to a technician.
   */
  "push-alert": contract({
    queue: "notifications",
    delivery: "outbox",
    schema: z.discriminatedUnion("reason", [
      z.object({ reason: z.literal("emergency"), bookingId: id, requestId }),
      z.object({ reason: z.literal("emergency-lead"), lead: leadRef, requestId }),
      z.object({
        reason: z.literal("assigned"),
        bookingId: id,
        technicianId: id,
        version: z.string().min(1).max(40),
        requestId,
      }),
    ]),
    key: (d) =>
      d.reason === "emergency"
        ? `push-emergency-${d.bookingId}`
        : d.reason === "emergency-lead"
          ? `push-lead-${leadKey(d.lead)}`
          : `push-assigned-${d.bookingId}-${d.technicianId}-${d.version}`,
  }),
  /** Live: an emergency lead came in (every open admin page raises its banner); once per lead. */
  "lead-alert": contract({
    queue: "notifications",
    delivery: "outbox",
    schema: z.object({ lead: leadRef, requestId }),
    key: (d) => `lead-alert-${leadKey(d.lead)}`,
  }),
  /**
   * Live: staff dismissed (acknowledged) emergency leads' alerts (docs/product.md#dashboard): every open admin
   * page drops their banners and the dashboards reload; once per dismissal (`at`, ms).
   */
  "lead-acknowledged": contract({
    queue: "notifications",
    delivery: "outbox",
    schema: z.object({
      leads: z.array(z.string().min(1).max(210)).min(1).max(50),
      at: z.number().int().nonnegative(),
      requestId,
    }),
    // A job id holds no ":" (BullMQ's rule): `contact:12` is written `contact-12`.
    key: (d) => `lead-acknowledged-${d.leads[0]!.replace(":", "-")}-${d.at}`,
  }),
  /**
   * To the customer: an estimate, with its link (/estimates/<token>) and its PDF; one per send (`sentAt`, ms),
   * so sending again owes a new email with the new link (docs/product.md#estimates).
   */
  "estimate-email": contract({
    priority: PRIORITY.soon,
    queue: "email",
    delivery: "outbox",
    schema: z.object({ estimateId: id, sentAt: z.number().int().nonnegative(), requestId }),
    key: (d) => `estimate-email-${d.estimateId}-${d.sentAt}`,
  }),
  /** To the customer and the office: the approved estimate, signed (the name and time), as a PDF; once per estimate. */
  "estimate-approved-email": contract({
    priority: PRIORITY.soon,
    queue: "email",
    delivery: "outbox",
    schema: z.object({ estimateId: id, requestId }),
    key: (d) => `estimate-approved-${d.estimateId}`,
  }),
  /** To the office: a customer declined an estimate, with the reason and the note they left; once per estimate. */
  "estimate-declined-email": contract({
    queue: "email",
    delivery: "outbox",
    schema: z.object({ estimateId: id, requestId }),
    key: (d) => `estimate-declined-${d.estimateId}`,
  }),
  /** Live: an estimate changed (approved or declined by its customer, withdrawn, a deposit paid): every open admin page hears it. */
  "estimate-event": contract({
    queue: "notifications",
    delivery: "outbox",
    schema: z.object({ estimateId: id, version: z.string().min(1).max(40), requestId }),
    key: (d) => `estimate-event-${d.estimateId}-${d.version}`,
  }),
  /**
   * To the customer: an invoice, with its link (/invoices/<token>) and its PDF; one per send (`sentAt`, ms),
   * so sending again owes a new email with the new link (docs/product.md#invoices).
   */
  "invoice-email": contract({
    priority: PRIORITY.soon,
    queue: "email",
    delivery: "outbox",
    schema: z.object({ invoiceId: id, sentAt: z.number().int().nonnegative(), requestId }),
    key: (d) => `invoice-email-${d.invoiceId}-${d.sentAt}`,
  }),
  /**
   * To the customer, `days` (7, 14) after a send while a balance is due: "Invoice INV-…: $X due". Owed per
   * send (`sentAt`, ms); sending again or voiding cancels them, and a paid or void invoice is skipped when due.
   */
  "invoice-reminder": contract({
    priority: PRIORITY.later,
    queue: "email",
    delivery: "outbox",
    schema: z.object({
      invoiceId: id,
      sentAt: z.number().int().nonnegative(),
      days: z.union([z.literal(7), z.literal(14)]),
      requestId,
    }),
    key: (d) => `invoice-reminder-${d.invoiceId}-${d.sentAt}-${d.days}`,
  }),
  /**
   * To the customer: the receipt of a payment (an invoice's, or an estimate's deposit): the amount, how it was
   * paid, the document's number and what is left to pay; once per payment (docs/product.md#payments).
   */
  "payment-receipt-email": contract({
    priority: PRIORITY.soon,
    queue: "email",
    delivery: "outbox",
    schema: z.object({ paymentId: id, requestId }),
    key: (d) => `payment-receipt-${d.paymentId}`,
  }),
  /**
   * To the customer and the office: a bank debit started on Stripe's page failed (nothing was paid), with the
   * link to pay again; once per Checkout Session (docs/product.md#payments).
   */
  "payment-failed-email": contract({
    priority: PRIORITY.soon,
    queue: "email",
    delivery: "outbox",
    schema: z.object({ checkoutSessionId: z.string().min(1).max(255), requestId }),
    key: (d) => `payment-failed-${d.checkoutSessionId}`,
  }),
  /**
   * To the office: an online payment paid more than was due (an old Checkout page paid after a newer one, an
   * office payment meanwhile); it is recorded, and the part beyond what was due is to be refunded; once per
   * payment (docs/decisions/020-money-and-payments.md).
   */
  "payment-refund-due-email": contract({
    queue: "email",
    delivery: "outbox",
    schema: z.object({ paymentId: id, requestId }),
    key: (d) => `payment-refund-due-${d.paymentId}`,
  }),
  /**
   * To a plan's member (docs/product.md#plans): welcome (with the first period's receipt), a renewal's receipt,
   * a refused charge (with the link to update their card), a renewal reminder (30 and 7 days before), the
   * cancellation's confirmation, the end. `version` tells one occasion from the next (a period's start, a Stripe
   * invoice's id, a renewal date and its days).
   */
  "membership-email": contract({
    priority: PRIORITY.soon,
    queue: "email",
    delivery: "outbox",
    schema: z.object({
      membershipId: id,
      notice: z.enum(["welcome", "renewed", "payment-failed", "renewal-reminder", "cancel-scheduled", "ended"]),
      version: z.string().min(1).max(80),
      paymentId: id.optional(),
      requestId,
    }),
    key: (d) => `membership-${d.notice}-${d.membershipId}-${d.version}`,
  }),
  /** A membership email's text twin (docs/product.md#plans): the renewal reminder, to a number with consent. */
  "membership-text": contract({
    priority: PRIORITY.later,
    queue: "notifications",
    delivery: "outbox",
    schema: z.object({
      membershipId: id,
      notice: z.enum(["renewal-reminder"]),
      version: z.string().min(1).max(80),
      requestId,
    }),
    key: (d) => `membership-text-${d.notice}-${d.membershipId}-${d.version}`,
  }),
  /** To the office: a member's renewal charge was refused (their membership is past due); once per Stripe invoice. */
  "membership-office-email": contract({
    queue: "email",
    delivery: "outbox",
    schema: z.object({
      membershipId: id,
      notice: z.enum(["payment-failed"]),
      version: z.string().min(1).max(80),
      requestId,
    }),
    key: (d) => `membership-office-${d.notice}-${d.membershipId}-${d.version}`,
  }),
  /** Live: an invoice changed (a payment was recorded): every open admin page hears `invoice:updated`. */
  "invoice-event": contract({
    queue: "notifications",
    delivery: "outbox",
    schema: z.object({ invoiceId: id, version: z.string().min(1).max(40), requestId }),
    key: (d) => `invoice-event-${d.invoiceId}-${d.version}`,
  }),
  /**
   * To the staff member who asked: a CSV export too large for a request, written by the worker to the export
   * store, then emailed as a signed link that works for 7 days (docs/decisions/022-exports-that-finish.md).
   */
  "csv-export": contract({
    priority: PRIORITY.soon,
    queue: "email",
    delivery: "outbox",
    schema: z.object({ exportId: z.uuid(), requestId }),
    key: (d) => `csv-export-${d.exportId}`,
  }),
  /** The assistant's answer to a visitor's chat message. */
  "chat-reply": contract({
    queue: "chat",
    delivery: "direct",
    schema: z.object({ sessionId: z.string(), userMessageId: z.uuid(), requestId }),
    key: (d) => `chat-${d.userMessageId}`,
  }),
  /**
   * To the customer by text (docs/product.md#texts): the twin of a visit email (`notice`, that email's kind and
   * its payload's fields), sent only while the number has consent, and never in quiet hours unless urgent (its
   * row is owed for 8 AM). Cancelling the email's kind on the booking cancels its twin (Outbox.cancel).
   */
  "visit-text": contract({
    priority: PRIORITY.soon,
    queue: "notifications",
    delivery: "outbox",
    schema: z.object({
      notice: z.enum(TEXTED_VISIT_NOTICES),
      bookingId: id,
      version: z.string().min(1).max(40).optional(),
      at: z.number().int().optional(),
      minutes: z.number().int().min(1).max(240).optional(),
      requestId,
    }),
    key: (d) => `visit-text-${d.notice}-${d.bookingId}${d.version ? `-${d.version}` : ""}`,
  }),
  /**
   * An estimate's or invoice's email's text twin (docs/product.md#texts): its link, to a number with consent,
   * one per send (`sentAt`, ms), standing down where the email would (sent again since, withdrawn, void).
   */
  "document-text": contract({
    priority: PRIORITY.soon,
    queue: "notifications",
    delivery: "outbox",
    schema: z.object({
      notice: z.enum(TEXTED_DOCUMENT_NOTICES),
      documentId: id,
      sentAt: z.number().int().nonnegative(),
      requestId,
    }),
    key: (d) => `document-text-${d.notice}-${d.documentId}-${d.sentAt}`,
  }),
  /**
   * The office's reply in a customer's text conversation (the inbox): its TextMessage row was written with this
   * row, and the worker sends it unless the number opted out (docs/product.md#texts).
   */
  "staff-text": contract({
    priority: PRIORITY.urgent,
    queue: "notifications",
    delivery: "outbox",
    schema: z.object({ textMessageId: id, requestId }),
    key: (d) => `staff-text-${d.textMessageId}`,
  }),
  /**
   * A call nobody answered: one text back to the caller, at once (docs/product.md#calls); the webhook owes it only
   * when the number was not texted back within the hour.
   */
  "missed-call-text": contract({
    priority: PRIORITY.urgent,
    queue: "notifications",
    delivery: "outbox",
    schema: z.object({ callId: id, requestId }),
    key: (d) => `missed-call-text-${d.callId}`,
  }),
  /** An emergency booking: a text to the phone of whoever is on call (docs/product.md#on-call), once per booking. */
  "on-call-page": contract({
    priority: PRIORITY.urgent,
    queue: "notifications",
    delivery: "outbox",
    schema: z.object({ bookingId: id, requestId }),
    key: (d) => `on-call-page-${d.bookingId}`,
  }),
  /** The office's one-time "may we text you?" to a number (E.164): once per number, ever (docs/product.md#texts). */
  "consent-request-text": contract({
    priority: PRIORITY.soon,
    queue: "notifications",
    delivery: "outbox",
    schema: z.object({ phone: z.string().regex(E164_PATTERN), requestId }),
    key: (d) => `consent-request-${d.phone}`,
  }),
  /**
   * A membership's visits due within PLAN_VISIT_LEAD_DAYS placed in open arrival windows (docs/product.md#plans),
   * when it starts or renews: `version` is the period's start (ms), so each renewal places again. The worker also
   * places every membership's due visits each hour (worker/src/processors/plan-visits.ts).
   */
  "plan-visits-place": contract({
    queue: "notifications",
    delivery: "outbox",
    schema: z.object({ membershipId: id, version: z.string().min(1).max(40), requestId }),
    key: (d) => `plan-visits-place-${d.membershipId}-${d.version}`,
  }),
  /** Live: a booking was created or changed (every open admin page hears it). */
  "booking-event": contract({
    queue: "notifications",
    delivery: "outbox",
    schema: z.object({
      bookingId: id,
      event: z.enum(["created", "updated"]),
      /** The customer changed it with their link: open admin pages also raise a notice. */
      byCustomer: z.enum(["rescheduled", "cancelled"]).optional(),
      /** Distinguishes successive updates of one booking in the job id. */
      version: z.string().min(1).max(40),
      requestId,
    }),
    key: (d) => `booking-event-${d.bookingId}-${d.version}`,
  }),
};

type Jobs = typeof jobs;
export type JobKind = keyof Jobs;
export type JobData<K extends JobKind> = z.infer<Jobs[K]["schema"]>;
export type NotificationKind = { [K in JobKind]: Jobs[K]["delivery"] extends "outbox" ? K : never }[JobKind];
export type DirectKind = Exclude<JobKind, NotificationKind>;

export const jobKinds = Object.keys(jobs) as JobKind[];

export function isJobKind(value: unknown): value is JobKind {
  return typeof value === "string" && Object.hasOwn(jobs, value);
}

/** The payload checked against its kind's schema (throws a ZodError otherwise). */
export function parseJobData<K extends JobKind>(kind: K, data: unknown): JobData<K> {
  return (jobs[kind].schema as unknown as z.ZodType<JobData<K>>).parse(data);
}

/** Where a job of this kind waits in its queue: its contract's priority; a notification's is `normal` by default. */
export function jobPriority(kind: JobKind): number | undefined {
  const contract: { delivery: Delivery; priority?: Priority } = jobs[kind];
  return contract.priority ?? (contract.delivery === "outbox" ? PRIORITY.normal : undefined);
}

/** The deterministic id of a job (and key of its outbox row). */
export function jobKey<K extends JobKind>(kind: K, data: JobData<K>): string {
  return (jobs[kind].key as (d: JobData<K>) => string)(data);
}

export const defaultJobOptions = {
  attempts: 8,
  backoff: { type: "exponential" as const, delay: 2_000 },
  removeOnComplete: { age: 24 * 3600, count: 5_000 },
  // Failures after the last attempt stay visible for staff and operators.
  removeOnFail: false,
};
