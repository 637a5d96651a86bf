import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { adminMeta } from "~/features/auth/staff-meta";
import { staffPage } from "~/utils/route-handle";
import { bookingPageAction } from "~/features/bookings/bookings-actions.server";
import { bookingLoader } from "~/features/bookings/booking-detail.server";
import { BookingPage } from "~/features/bookings/booking-view";

export const handle = staffPage;

export const meta: MetaFunction<typeof loader> = ({ data: loaded, error }) =>
  adminMeta(loaded?.booking ? `Booking #${loaded.booking.id}` : "Booking not found", error);

export const loader = (args: LoaderFunctionArgs) => bookingLoader(args);

export async function action(args: ActionFunctionArgs) {
  return bookingPageAction(args);
}

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function Route() {
  return <BookingPage />;
}
