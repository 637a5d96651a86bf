/**
 * The staff pages' form posts (Remix actions), one `intent` each, so every
 * form also works as a plain HTML post. The work is done by the same
 * functions the JSON API uses. Each answers `{ ok, intent, message }` (plus
 * what the page needs), with a 4xx status when refused; nothing is thrown
 * except the guard's 401 / 403, which the page shows as Access Denied, and the
 * form reader's 400 / 415 for a body no browser sends (utils/form.server.ts).
 */
import { data, type AppLoadContext } from "@remix-run/node";
import {
  bookingChangeSchema,
  newBookingRefusal,
  newBookingSchema,
  newCustomerRefusal,
  newCustomerSchema,
  roleChangeSchema,
  statusChangeSchema,
} from "@app/shared/api/admin";
import { fieldErrors } from "@app/shared/api/errors";
import { idFrom } from "@app/shared/api/values";
import { personName } from "@app/shared/scheduling/technicians";
import { resendConfirmation, updateBooking } from "@app/shared/booking/change-booking.server";
import { requireAdmin } from "~/utils/auth.server";
import { readFormObject } from "~/utils/form.server";
import { createBookingForCustomer } from "@app/shared/booking/create-booking.server";
import { createCustomer } from "./customers.server";
import { mergeBookingCustomer } from "@app/shared/booking/merge-customer.server";
import type { ActionResult } from "./action-result";
import { changeUserRole } from "./users.server";

const ok = (result: Omit<Extract<ActionResult, { ok: true }>, "ok">) => data<ActionResult>({ ok: true, ...result });
const fail = (status: number, intent: string, message: string, errors?: Record<string, string>) =>
  data<ActionResult>({ ok: false, intent, message, ...(errors ? { errors } : {}) }, { status });

/** /admin/users: `intent=change-role`, `userId`, `role`. */
export async function usersAction(request: Request, context: AppLoadContext) {
  const admin = await requireAdmin(request, context);
  const values = await readFormObject(request);
  const intent = values.intent ?? "";
  if (intent !== "change-role") return fail(400, intent, "Unknown action. Please reload the page and try again.");
  const fallback = "Failed to update user role";
  const userId = idFrom(values.userId);
  if (!userId) return fail(404, intent, "User not found");
  const parsed = roleChangeSchema.safeParse({ role: values.role });
  if (!parsed.success) return fail(400, intent, parsed.error.issues[0]?.message ?? fallback, fieldErrors(parsed.error));
  try {
    const result = await changeUserRole(context, admin, userId, parsed.data.role);
    if (!result.ok) return fail(result.status, intent, result.message || fallback);
    return ok({ intent, message: result.value.message, userId, role: result.value.user.role });
  } catch (error) {
    context.logger.error({ err: error, userId }, "role change failed");
    return fail(500, intent, fallback);
  }
}

/**
 * /admin/bookings and /admin/calendar: `update-status` (bookingId, status),
 * `assign-technician` (bookingId, technicianId: blank unassigns),
 * `merge-customer` (bookingId: its customer record joins the older one with the same email),
 * `resend-confirmation` (bookingId: the customer's confirmation again, through the outbox, audited),
 * `create-customer` (name, email, phone) and `create-booking` (customerId,
 * summary, details, priority, and scheduledDate as ISO 8601 with offset, or
 * date and time as typed: Baton Rouge time, whatever the browser's zone).
 */
export async function bookingsAction(request: Request, context: AppLoadContext) {
  const admin = await requireAdmin(request, context);
  const values = await readFormObject(request);
  const intent = values.intent ?? "";
  try {
    switch (intent) {
      case "update-status": {
        const fallback = "Failed to update booking status";
        const bookingId = idFrom(values.bookingId);
        if (!bookingId) return fail(404, intent, "Booking not found");
        const parsed = statusChangeSchema.safeParse({ status: values.status });
        if (!parsed.success)
          return fail(400, intent, parsed.error.issues[0]?.message ?? fallback, fieldErrors(parsed.error));
        const updated = await updateBooking(context, bookingId, { status: parsed.data.status }, admin, { by: "staff" });
        if (!updated.ok) return fail(updated.status, intent, updated.message);
        return ok({
          intent,
          message: "Booking status updated successfully",
          bookingId,
          status: updated.value.booking.status,
        });
      }
      case "assign-technician": {
        const bookingId = idFrom(values.bookingId);
        if (!bookingId) return fail(404, intent, "Booking not found");
        const raw = values.technicianId ?? "";
        const parsed = bookingChangeSchema.safeParse({ technicianId: raw === "" ? null : raw });
        if (!parsed.success)
          return fail(400, intent, parsed.error.issues[0]?.message ?? "Choose a technician", fieldErrors(parsed.error));
        const updated = await updateBooking(context, bookingId, parsed.data, admin, { by: "staff" });
        if (!updated.ok) return fail(updated.status, intent, updated.message, updated.errors);
        const { technician } = updated.value.booking;
        return ok({
          intent,
          message: technician ? `Booking assigned to ${personName(technician)}` : "Booking unassigned",
          bookingId,
          technicianId: updated.value.booking.technicianId,
        });
      }
      case "resend-confirmation": {
        const bookingId = idFrom(values.bookingId);
        if (!bookingId) return fail(404, intent, "Booking not found");
        const sent = await resendConfirmation(context, admin, bookingId);
        if (!sent.ok) return fail(sent.status, intent, sent.message);
        return ok({ intent, message: sent.value.message, bookingId });
      }
      case "merge-customer": {
        const bookingId = idFrom(values.bookingId);
        if (!bookingId) return fail(404, intent, "Booking not found");
        const merged = await mergeBookingCustomer(context, admin, bookingId);
        if (!merged.ok) return fail(merged.status, intent, merged.message);
        return ok({ intent, message: merged.value.message, bookingId });
      }
      case "create-customer": {
        const parsed = newCustomerSchema.safeParse(values);
        if (!parsed.success) {
          const errors = fieldErrors(parsed.error);
          return fail(400, intent, newCustomerRefusal(values, errors), errors);
        }
        const customer = await createCustomer(context, parsed.data);
        return ok({ intent, message: "Customer created successfully", customer });
      }
      case "create-booking": {
        const parsed = newBookingSchema.safeParse(values);
        if (!parsed.success) {
          const errors = fieldErrors(parsed.error);
          return fail(400, intent, newBookingRefusal(values, errors), errors);
        }
        const result = await createBookingForCustomer(context, parsed.data, "admin");
        if (!result.ok) return fail(result.status, intent, result.message, result.errors);
        return ok({ intent, message: result.value.message, booking: result.value.booking });
      }
      default:
        return fail(400, intent, "Unknown action. Please reload the page and try again.");
    }
  } catch (error) {
    context.logger.error({ err: error, intent }, "bookings page action failed");
    const fallback =
      intent === "create-customer"
        ? "Failed to create customer"
        : intent === "create-booking"
          ? "Failed to create booking"
          : intent === "merge-customer"
            ? "Failed to merge the customer records"
            : intent === "resend-confirmation"
              ? "Failed to resend the confirmation"
              : intent === "assign-technician"
                ? "Failed to assign the technician"
                : "Failed to update booking status";
    return fail(500, intent, fallback);
  }
}
