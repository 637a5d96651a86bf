import type { AppLoadContext } from "@remix-run/node";
import type { BookingPrefill } from "~/features/admin/new-booking-dialog";

const text = (params: URLSearchParams, key: string, max: number) => (params.get(key) ?? "").trim().slice(0, max);

/**
 * `/admin/bookings?new=1&name=…&email=…&phone=…&summary=…&details=…`: what the New
 * Booking dialog opens with. A customer already on file with that email is picked.
 */
export async function bookingPrefill(context: AppLoadContext, params: URLSearchParams): Promise<BookingPrefill | null> {
  if (params.get("new") !== "1") return null;
  const prefill = {
    name: text(params, "name", 120),
    email: text(params, "email", 254),
    phone: text(params, "phone", 40),
    summary: text(params, "summary", 200),
    details: text(params, "details", 5000),
  };
  const email = prefill.email.toLowerCase();
  const found = email
    ? await context.services.db.customer.findFirst({
        where: { email },
        orderBy: { id: "asc" },
        select: { id: true, name: true, email: true, phone: true },
      })
    : null;
  return { ...prefill, customer: found };
}
