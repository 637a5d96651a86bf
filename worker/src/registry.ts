import { parseJobData, type JobData, type JobKind } from "@app/shared/jobs";
import type { WorkerContext } from "./worker-context";
import { replyToChatMessage } from "./processors/chat-replies";
import { sendCsvExport } from "./processors/csv-export";
import {
  sendAccountLink,
  sendAppointmentConfirmation,
  sendBookingCancelledNotification,
  sendBookingStaffNotification,
  sendContactNotification,
} from "./processors/email";
import {
  publishEstimateEvent,
  sendEstimateApprovedEmail,
  sendEstimateDeclinedEmail,
  sendEstimateEmail,
} from "./processors/estimate-emails";
import { sendInvoiceEmail, sendInvoiceReminder } from "./processors/invoice-emails";
import { publishBookingEvent, publishLeadAcknowledged, publishLeadAlert } from "./processors/notifications";
import { publishInvoiceEvent, sendPaymentFailed, sendPaymentReceipt, sendRefundDue } from "./processors/payment-emails";
import { sendPushAlert } from "./processors/push";
import {
  sendBookingRescheduledNotification,
  sendReviewRequest,
  sendVisitCancelled,
  sendVisitConfirmation,
  sendVisitOnTheWay,
  sendVisitReminder,
} from "./processors/visit-emails";
import { sendConsentRequest, sendDocumentText, sendStaffText, sendVisitText } from "./processors/visit-texts";
import { sendMissedCallText, sendOnCallPage } from "./processors/call-texts";
import { placePlanVisits } from "./processors/plan-visits";
import { sendMembershipEmail, sendMembershipOfficeEmail, sendMembershipText } from "./processors/membership-emails";

type Handler<K extends JobKind> = (ctx: WorkerContext, data: JobData<K>) => Promise<unknown>;

/** Exactly one handler per job kind, each taking that kind's payload (the compiler checks both). */
const handlers: { [K in JobKind]: Handler<K> } = {
  "contact-notification": sendContactNotification,
  "account-link": sendAccountLink,
  "booking-staff-notification": sendBookingStaffNotification,
  "appointment-confirmation": sendAppointmentConfirmation,
  "booking-cancelled-notification": sendBookingCancelledNotification,
  "booking-rescheduled-notification": sendBookingRescheduledNotification,
  "visit-confirmation": sendVisitConfirmation,
  "visit-reminder": sendVisitReminder,
  "visit-cancelled": sendVisitCancelled,
  "visit-on-the-way": sendVisitOnTheWay,
  "review-request": sendReviewRequest,
  "estimate-email": sendEstimateEmail,
  "estimate-approved-email": sendEstimateApprovedEmail,
  "estimate-declined-email": sendEstimateDeclinedEmail,
  "estimate-event": publishEstimateEvent,
  "invoice-email": sendInvoiceEmail,
  "invoice-reminder": sendInvoiceReminder,
  "payment-receipt-email": sendPaymentReceipt,
  "payment-failed-email": sendPaymentFailed,
  "payment-refund-due-email": sendRefundDue,
  "invoice-event": publishInvoiceEvent,
  "membership-email": sendMembershipEmail,
  "membership-office-email": sendMembershipOfficeEmail,
  "membership-text": sendMembershipText,
  "csv-export": sendCsvExport,
  "chat-reply": replyToChatMessage,
  "visit-text": sendVisitText,
  "document-text": sendDocumentText,
  "staff-text": sendStaffText,
  "consent-request-text": sendConsentRequest,
  "missed-call-text": sendMissedCallText,
  "on-call-page": sendOnCallPage,
  "plan-visits-place": placePlanVisits,
  "booking-event": publishBookingEvent,
  "push-alert": sendPushAlert,
  "lead-alert": publishLeadAlert,
  "lead-acknowledged": publishLeadAcknowledged,
};

/** Runs a job's handler on its payload, checked against the kind's schema first. */
export function dispatch<K extends JobKind>(ctx: WorkerContext, kind: K, data: unknown): Promise<unknown> {
  // The mapped type pairs each kind with its handler; TypeScript cannot follow that through an index, hence the cast.
  const handler = handlers[kind] as Handler<K>;
  return handler(ctx, parseJobData(kind, data));
}
