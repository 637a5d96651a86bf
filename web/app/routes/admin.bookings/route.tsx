import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { bookingsAction } from "~/features/bookings/bookings-actions.server";
import { adminMeta } from "~/features/auth/staff-meta";
import { staffPage } from "~/utils/route-handle";
import { bookingsLoader } from "~/features/bookings/bookings-page.server";
import { BookingsPage } from "~/features/bookings/bookings-view";

export const handle = staffPage;

export const meta: MetaFunction = ({ error }) => adminMeta("Booking Management", error);

export const loader = (args: LoaderFunctionArgs) => bookingsLoader(args);

export async function action({ request, context }: ActionFunctionArgs) {
  return bookingsAction(request, context);
}

export { bookingsShouldRevalidate as shouldRevalidate } from "~/features/bookings/action-result";

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function Route() {
  return <BookingsPage />;
}
