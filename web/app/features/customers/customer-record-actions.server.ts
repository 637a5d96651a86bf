import { CUSTOMER_INTENTS } from "./customers-intents";
import { redirect, type AppLoadContext } from "@remix-run/node";
import {
  askToTextFormSchema,
  confirmMergeSchema,
  customerDetailsSchema,
  customerNoteSchema,
  resubscribeFormSchema,
  undoMergeSchema,
} from "@app/shared/api/customers";
import { idFrom } from "@app/shared/api/values";
import { mergeBookingCustomer, mergePreview } from "@app/shared/booking/merge-customer.server";
import { undoCustomerMerge } from "@app/shared/booking/merge-undo.server";
import { failure } from "@app/shared/result";
import { answer, firstError, intentOf, refused, submissionOf, UNKNOWN_ACTION } from "~/utils/action.server";
import { requireAdmin } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { isMembershipIntent, membershipIntentAction } from "~/features/plans/public.server";
import { addCustomerNote, askCustomerToText, resubscribeCustomer, updateCustomer } from "./customer-record.server";

/**
 * The customer record's form posts (/admin/customers/{id}, docs/product.md#customer-record), one
 * `intent` each, checked with the shared schemas of packages/shared/src/api/customers.ts:
 * `update-customer` (name, email, phone, address), `add-note` (text), `resubscribe`
 * (customerAsked=on: the customer asked for reminders and review requests again) and
 * `undo-merge` (auditId: the merge's audit entry; also posted from the dashboard's audit list) and
 * `ask-to-text` (customerExpects=on: the office's one-time "may we text you?", docs/product.md#texts), and the
 * "Plans" section's intents (features/plans/customer-memberships.server.ts).
 */
export async function customerRecordAction(request: Request, context: AppLoadContext, idParam: string | undefined) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = intentOf(form);
  const id = idFrom(idParam);
  if (!id) return answer(null, failure(404, "Customer not found"), { intent });
  // The record's "Plans" (docs/product.md#plans): enrol, cancel, pause, resume, record a renewal.
  if (isMembershipIntent(intent)) return membershipIntentAction(context, admin, id, intent!, form);
  switch (intent) {
    case CUSTOMER_INTENTS.update: {
      const submission = submissionOf(form, customerDetailsSchema);
      if (submission.status !== "success") return refused(submission, { intent });
      // The form always sends the address: blank clears it.
      const input = { ...submission.value, address: submission.value.address ?? null };
      return answer(submission, await updateCustomer(context, admin, id, input), { intent });
    }
    case CUSTOMER_INTENTS.addNote: {
      const submission = submissionOf(form, customerNoteSchema);
      if (submission.status !== "success") return refused(submission, { intent });
      return answer(submission, await addCustomerNote(context, admin, id, submission.value.text), { intent });
    }
    case CUSTOMER_INTENTS.resubscribe: {
      const submission = submissionOf(form, resubscribeFormSchema);
      if (submission.status !== "success") return refused(submission, { intent, message: firstError(submission) });
      return answer(submission, await resubscribeCustomer(context, admin, id), { intent });
    }
    case CUSTOMER_INTENTS.undoMerge: {
      const submission = submissionOf(form, undoMergeSchema);
      if (submission.status !== "success") return refused(submission, { intent, message: firstError(submission) });
      const undone = await undoCustomerMerge(context, admin, submission.value.auditId);
      return answer(submission, undone, { intent, data: (value) => ({ restoredId: value.customerId }) });
    }
    case CUSTOMER_INTENTS.askToText: {
      const submission = submissionOf(form, askToTextFormSchema);
      if (submission.status !== "success") return refused(submission, { intent, message: firstError(submission) });
      return answer(submission, await askCustomerToText(context, admin, id), { intent });
    }
    default:
      return answer(null, failure(400, UNKNOWN_ACTION), { intent });
  }
}

/** What the merge confirmation shows for a booking's customer record (or why it cannot be merged). */
export const mergeConfirmation = (context: AppLoadContext, bookingId: number) => mergePreview(context, bookingId);

/**
 * The merge confirmation's Merge button (/admin/customers/merge?booking=…): merges, then shows the
 * kept record, which offers the Undo. A refusal stays on the confirmation with its reason.
 */
export async function confirmMergeAction(request: Request, context: AppLoadContext) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  const submission = submissionOf(form, confirmMergeSchema);
  if (submission.status !== "success") return refused(submission, { message: firstError(submission) });
  const merged = await mergeBookingCustomer(context, admin, submission.value.bookingId);
  if (!merged.ok) return answer(submission, merged);
  return redirect(`/admin/customers/${merged.value.customerId}?merged=${merged.value.auditId}`);
}
