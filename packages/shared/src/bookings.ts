import type { Booking, Customer } from "./db/generated/client";

/** The booking JSON of DESIGN.md §4, the same over HTTP and socket.io. */
export function serializeBooking(booking: Booking & { customer?: Customer | null }) {
  return {
    id: booking.id,
    customerId: booking.customerId,
    summary: booking.summary,
    details: booking.details,
    priority: booking.priority,
    status: booking.status,
    scheduledDate: booking.scheduledDate.toISOString(),
    createdAt: booking.createdAt.toISOString(),
    updatedAt: booking.updatedAt.toISOString(),
    serviceTitanId: booking.serviceTitanId ?? null,
    source: booking.source,
    customer: booking.customer
      ? { id: booking.customer.id, name: booking.customer.name, email: booking.customer.email, phone: booking.customer.phone }
      : undefined,
  };
}

export type BookingJson = ReturnType<typeof serializeBooking>;
