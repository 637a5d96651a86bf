/**
 * The bookings' form posts (Remix actions: the bookings list and page, the calendar, dispatch), one `intent` each, so every
 * form also works as a plain HTML post. Each intent's fields are checked with
 * its shared schema (packages/shared/src/api/admin.ts), as the page's forms
 * check them, and the work is done by the same functions the JSON API uses.
 * Each answers the one ActionResult (utils/action.server.ts), with a 4xx
 * status when refused; nothing is thrown except the guard's 401 / 403, which
 * the page shows as Access Denied, and the form reader's 400 / 415 for a body
 * no browser sends (utils/form.server.ts). A record id a form names that can
 * be no record's answers 404, as one that is no longer there does.
 */
import { BOOKING_INTENTS } from "~/features/bookings/bookings-intents";
import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import { createInvoiceAction, isCreateInvoicePost } from "~/features/invoices/public.server";
import {
  assignTechnicianFormSchema,
  newBookingRefusal,
  newBookingSchema,
  newCustomerRefusal,
  newCustomerSchema,
  statusChangeSchema,
} from "@app/shared/api/admin";
import { idFrom } from "@app/shared/api/values";
import { personName } from "@app/shared/scheduling/technicians";
import { resendConfirmation, updateBooking } from "@app/shared/booking/change-booking.server";
import { movedMessage, moveVisit } from "@app/shared/booking/move-visit.server";
import { movedTo, moveVisitSchema } from "@app/shared/api/dispatch";
import { bookingsExportSchema, exportParams } from "@app/shared/api/exports";
import { countBookingsExport } from "@app/shared/exports/bookings-export.server";
import { askForExport } from "@app/shared/exports/csv-exports.server";
import { EXPORT_STREAM_MAX_ROWS } from "@app/shared/exports/export-sizes";
import { redirectDocument } from "~/utils/responses.server";
import { queuedMessage } from "./bookings-csv.server";
import {
  answer,
  errorMessages,
  firstError,
  refused,
  submissionOf,
  UNKNOWN_ACTION,
  intentOf,
} from "~/utils/action.server";
import { requireAdmin } from "~/utils/auth.server";
import { formFields, readForm } from "~/utils/form.server";
import { failure, success } from "@app/shared/result";
import { createBookingForCustomer } from "@app/shared/booking/create-booking.server";
import { createCustomer, customerCreatedMessage } from "@app/shared/booking/create-customer.server";

const fallbacks: Record<string, string> = {
  "create-customer": "Failed to create customer",
  "create-booking": "Failed to create booking",
  "resend-confirmation": "Failed to resend the confirmation",
  "assign-technician": "Failed to assign the technician",
  "move-visit": "Failed to move the visit",
  "export-bookings": "Failed to export the bookings",
};

/**
 * /admin/bookings, /admin/bookings/:id and /admin/calendar: `update-status` (bookingId, status),
 * `assign-technician` (bookingId, technicianId: blank unassigns),
 * `resend-confirmation` (bookingId: the customer's confirmation again, through the outbox, audited),
 * `move-visit` (bookingId and the Move form's fields, moveVisitSchema: day, window or exact time, technician;
 * also the dispatch board's drags; a refusal carries the technicians free then and the nearest open windows),
 * `create-customer` (name, email, phone) and `create-booking` (customerId,
 * summary, details, priority, and scheduledDate as ISO 8601 with offset, or
 * date and time as typed: Baton Rouge time, whatever the browser's zone),
 * `export-bookings` (the Export CSV form: the list's q, status, priority and the scheduled days
 * from, to; bookingsExportSchema): a download of the file, or past EXPORT_STREAM_MAX_ROWS its
 * email (docs/decisions/022-exports-that-finish.md).
 */
export async function bookingsAction(request: Request, context: AppLoadContext) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = intentOf(form);
  try {
    switch (intent) {
      case BOOKING_INTENTS.createCustomer:
        return await createCustomerAnswer(context, admin, form);
      case BOOKING_INTENTS.createBooking:
        return await createBookingAnswer(context, form);
      case BOOKING_INTENTS.exportBookings:
        return await exportBookingsAnswer(context, admin, form);
      case BOOKING_INTENTS.updateStatus:
      case BOOKING_INTENTS.assignTechnician:
      case BOOKING_INTENTS.resendConfirmation:
      case BOOKING_INTENTS.moveVisit:
        break;
      default:
        return answer(null, failure(400, UNKNOWN_ACTION), { intent });
    }
    const bookingId = idFrom(form.get("bookingId"));
    if (!bookingId) return answer(null, failure(404, "Booking not found"), { intent });
    const by = { by: "staff" } as const;
    switch (intent) {
      case BOOKING_INTENTS.updateStatus: {
        const submission = submissionOf(form, statusChangeSchema);
        if (submission.status !== "success") return refused(submission, { intent, message: firstError(submission) });
        // Through moveVisit: a cancelled visit brought back whose technician is taken then is refused with who is in the way.
        const updated = await moveVisit(context, bookingId, { status: submission.value.status }, admin);
        return answer(submission, updated.ok ? updated : failure(updated.status, updated.message), {
          intent,
          message: "Booking status updated successfully",
          data: (value) => ({ bookingId, status: value.booking.status }),
        });
      }
      case BOOKING_INTENTS.assignTechnician: {
        const submission = submissionOf(form, assignTechnicianFormSchema);
        if (submission.status !== "success") return refused(submission, { intent, message: firstError(submission) });
        const updated = await updateBooking(context, bookingId, submission.value, admin, by);
        return answer(submission, updated, {
          intent,
          message: ({ booking }) =>
            booking.technician ? `Booking assigned to ${personName(booking.technician)}` : "Booking unassigned",
          data: ({ booking }) => ({ bookingId, technicianId: booking.technicianId }),
        });
      }
      case BOOKING_INTENTS.moveVisit:
        return await moveVisitAnswer(context, admin, bookingId, form);
      default: {
        const sent = await resendConfirmation(context, admin, bookingId);
        return answer(null, sent, { intent, data: () => ({ bookingId }) });
      }
    }
  } catch (error) {
    // A post the form reader refuses (utils/form.server.ts) answers its own 400.
    if (error instanceof Response) throw error;
    context.logger.error({ err: error, intent }, "bookings page action failed");
    return answer(null, failure(500, fallbacks[intent ?? ""] ?? "Failed to update booking status"), { intent });
  }
}

/** The New Booking dialog's new customer; a refusal says what the dialog says (newCustomerRefusal). */
async function createCustomerAnswer(context: AppLoadContext, admin: { id: number }, form: FormData) {
  const intent = "create-customer";
  const submission = submissionOf(form, newCustomerSchema);
  if (submission.status !== "success")
    return refused(submission, { intent, message: newCustomerRefusal(formFields(form), errorMessages(submission)) });
  const { customer, asked } = await createCustomer(context, submission.value, admin);
  return answer(submission, success({ customer }), {
    intent,
    message: customerCreatedMessage(asked),
    data: (value) => value,
  });
}

/** The New Booking dialog's booking; a refusal says what the dialog says (newBookingRefusal). */
async function createBookingAnswer(context: AppLoadContext, form: FormData) {
  const intent = "create-booking";
  const submission = submissionOf(form, newBookingSchema);
  if (submission.status !== "success")
    return refused(submission, { intent, message: newBookingRefusal(formFields(form), errorMessages(submission)) });
  const result = await createBookingForCustomer(context, submission.value, "admin");
  return answer(submission, result, { intent, data: ({ booking }) => ({ booking }) });
}

/** A visit moved (its day, window or time, and technician at once) from a Move form or a drag on the dispatch board. */
async function moveVisitAnswer(
  context: AppLoadContext,
  admin: { id: number; email: string },
  bookingId: number,
  form: FormData,
) {
  const intent = "move-visit";
  const submission = submissionOf(form, moveVisitSchema);
  if (submission.status !== "success") return refused(submission, { intent });
  const moved = await moveVisit(context, bookingId, movedTo(submission.value), admin);
  return answer(submission, moved, {
    intent,
    message: ({ booking }) => movedMessage(booking),
    data: ({ booking }) => ({
      bookingId,
      technicianId: booking.technicianId,
      scheduledDate: booking.scheduledDate.toISOString(),
    }),
  });
}

/**
 * The Export CSV form: the bookings it names are counted; up to EXPORT_STREAM_MAX_ROWS the browser is
 * sent to GET /api/bookings/export.csv with the same query (a document redirect: the download starts
 * and the page stays), past that the worker is asked for it and the page says where it will arrive.
 */
async function exportBookingsAnswer(context: AppLoadContext, admin: { id: number; email: string }, form: FormData) {
  const intent = "export-bookings";
  const submission = submissionOf(form, bookingsExportSchema);
  if (submission.status !== "success") return refused(submission, { intent, message: firstError(submission) });
  const query = submission.value;
  const params = exportParams(query);
  const rowCount = await countBookingsExport(context.services.db, query);
  if (rowCount <= EXPORT_STREAM_MAX_ROWS) {
    const search = params.toString();
    return redirectDocument(`/api/bookings/export.csv${search ? `?${search}` : ""}`, 303);
  }
  const asked = await askForExport(context, {
    kind: "bookings",
    user: admin,
    params: Object.fromEntries(params),
    rowCount,
  });
  return answer(submission, success(asked), {
    intent,
    keepValues: true,
    message: queuedMessage(asked, "bookings"),
    data: (value) => ({ exportId: value.id }),
  });
}

/**
 * A booking's page (/admin/bookings/{id}): its forms post here as plain HTML forms, with or without JavaScript:
 * `update-status` and `assign-technician`, the bookings list's own action
 * (audited, and told to other open pages, as there), `move-visit` and `resend-confirmation`;
 * and `create-invoice` (docs/product.md#invoices), which opens the invoice made.
 */
export async function bookingPageAction({ request, context, params }: ActionFunctionArgs) {
  if (await isCreateInvoicePost(request)) {
    const bookingId = idFrom(params.id);
    if (bookingId) return createInvoiceAction(request, context, { bookingId });
  }
  return bookingsAction(request, context);
}
