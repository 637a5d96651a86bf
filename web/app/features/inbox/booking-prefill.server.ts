import type { AppLoadContext } from "@remix-run/node";
import {
  BOOKING_DETAILS_MAX_LENGTH,
  BOOKING_SUMMARY_MAX_LENGTH,
  CUSTOMER_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PHONE_MAX_LENGTH,
} from "@app/shared/api/limits";
import type { BookingPrefill } from "~/features/bookings/new-booking-state";

const text = (params: URLSearchParams, key: string, max: number) => (params.get(key) ?? "").trim().slice(0, max);

/**
 * `/admin/bookings?new=1&name=…&email=…&phone=…&summary=…&details=…`: what the New
 * Booking dialog opens with. A customer already on file with that email is picked.
 */
export async function bookingPrefill(context: AppLoadContext, params: URLSearchParams): Promise<BookingPrefill | null> {
  if (params.get("new") !== "1") return null;
  const prefill = {
    name: text(params, "name", CUSTOMER_NAME_MAX_LENGTH),
    email: text(params, "email", EMAIL_MAX_LENGTH),
    phone: text(params, "phone", PHONE_MAX_LENGTH),
    summary: text(params, "summary", BOOKING_SUMMARY_MAX_LENGTH),
    details: text(params, "details", BOOKING_DETAILS_MAX_LENGTH),
  };
  const email = prefill.email.toLowerCase();
  const found = email
    ? await context.services.db.customer.findFirst({
        where: { email, mergedIntoId: null },
        orderBy: { id: "asc" },
        select: { id: true, name: true, email: true, phone: true },
      })
    : null;
  return { ...prefill, customer: found };
}
