import type { BookingStatus } from "@app/shared/db.server";

/** Booking statuses in the customer's words. */
export const bookingStatusLabel: Record<BookingStatus, string> = {
  pending: "Awaiting assignment",
  in_progress: "In progress",
  completed: "Completed",
  cancelled: "Cancelled",
};
