/** /jobs' forms' intents, shared by each form and the action that reads it (jobs-actions.server.ts). */

/** Start visit / Mark completed (visit-card.tsx). */
export const SET_STATUS_INTENT = "set-status";
/** "On my way" (visit-card.tsx). */
export const ON_THE_WAY_INTENT = "on-the-way";
/** My working days (jobs-view.tsx). */
export const WORKING_DAYS_INTENT = "working-days";

/** The job record's forms (job-record.tsx), answered by job-record-actions.server.ts. */
export const JOB_INTENTS = {
  record: "job-record",
  itemAdd: "job-item-add",
  itemRemove: "job-item-remove",
  photos: "job-photos",
  photoRemove: "job-photo-remove",
} as const;

export type JobIntent = (typeof JOB_INTENTS)[keyof typeof JOB_INTENTS];

const jobIntents: readonly unknown[] = Object.values(JOB_INTENTS);
export const isJobIntent = (intent: unknown): intent is JobIntent => jobIntents.includes(intent);

/** A visit's invoice's forms (visit-invoice.tsx): `invoice-send:<invoice id>` and `invoice-payment:<invoice id>`. */
export const INVOICE_SEND_INTENT = "invoice-send:";
export const INVOICE_PAYMENT_INTENT = "invoice-payment:";

export type InvoiceIntent = `${typeof INVOICE_SEND_INTENT}${string}` | `${typeof INVOICE_PAYMENT_INTENT}${string}`;

export const isInvoiceIntent = (intent: unknown): intent is InvoiceIntent =>
  typeof intent === "string" && (intent.startsWith(INVOICE_PAYMENT_INTENT) || intent.startsWith(INVOICE_SEND_INTENT));
