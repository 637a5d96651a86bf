/** A booking as the API, the staff pages and socket.io events show it (docs/product.md#json-api). */
import type { Booking, Customer } from "../db.server";
import { personName } from "../scheduling/technicians";

/** What a booking is read with for its JSON: its customer and its technician's name. */
export const bookingInclude = {
  customer: true,
  technician: { select: { firstName: true, lastName: true } },
} as const;

type TechnicianName = { firstName: string; lastName: string };

/**
 * The booking JSON (docs/product.md#json-api), the same over HTTP and socket.io.
 * Read it with `bookingInclude`: `technicianName` is null without a technician.
 */
export function serializeBooking(
  booking: Booking & { customer?: Customer | null; technician?: TechnicianName | null },
) {
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
    technicianId: booking.technicianId,
    technicianName: booking.technician ? personName(booking.technician) : null,
    durationMinutes: booking.durationMinutes,
    needsPlacing: booking.needsPlacing,
    address: booking.address,
    customer: booking.customer
      ? {
          id: booking.customer.id,
          name: booking.customer.name,
          email: booking.customer.email,
          phone: booking.customer.phone,
        }
      : undefined,
  };
}

export type BookingJson = ReturnType<typeof serializeBooking>;
