import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { bookingsAction } from "~/features/bookings/bookings-actions.server";
import { adminMeta } from "~/features/auth/staff-meta";
import { staffPage } from "~/utils/route-handle";
import { calendarLoader } from "~/features/calendar/calendar.server";
import { CalendarPage } from "~/features/calendar/calendar-view";

export const handle = staffPage;

export const meta: MetaFunction = ({ error }) => adminMeta("Calendar View", error);

export const loader = (args: LoaderFunctionArgs) => calendarLoader(args);

/** The New Booking dialog posts here (create-customer, create-booking), and the day dialog (assign-technician). */
export async function action({ request, context }: ActionFunctionArgs) {
  return bookingsAction(request, context);
}

export { bookingsShouldRevalidate as shouldRevalidate } from "~/features/bookings/action-result";

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function Route() {
  return <CalendarPage />;
}
