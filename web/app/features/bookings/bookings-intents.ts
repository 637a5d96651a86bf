/**
 * The bookings' forms' intents, shared by each form and the action that reads them
 * (bookings-actions.server.ts): the list's row menus and Export CSV, New Booking's dialog, a booking's
 * page, its Move form, and the dispatch board's moves (which post to the same action).
 */
export const BOOKING_INTENTS = {
  createCustomer: "create-customer",
  createBooking: "create-booking",
  exportBookings: "export-bookings",
  updateStatus: "update-status",
  assignTechnician: "assign-technician",
  resendConfirmation: "resend-confirmation",
  moveVisit: "move-visit",
} as const;
