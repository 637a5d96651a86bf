import type { Booking, Customer } from "./db.server";
import { business, type BusinessFacts } from "./business";
import { addLocalDays, businessDate, localWeekday, requireBusinessInstant, WEEKDAYS } from "./time";
/** What a booking is read with for its JSON: its customer and its technician's name. */
export const bookingInclude = {
  customer: true,
  technician: { select: { firstName: true, lastName: true } },
} as const;

type TechnicianName = { firstName: string; lastName: string };

/** "Sam Boudreaux". */
export const personName = (p: TechnicianName) => `${p.firstName} ${p.lastName}`.trim();

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

/**
 * When a chat appointment request names no date: 9:00 AM on the next day the
 * office is open (tomorrow at the earliest), in the business's time zone.
 */
export function nextBusinessSlot(now: Date, facts: BusinessFacts = business): Date {
  const today = businessDate(now);
  for (let offset = 1; offset <= 8; offset++) {
    const day = addLocalDays(today, offset);
    const name = WEEKDAYS[localWeekday(day)]!;
    const open = facts.hours.some((h) => h.opens && h.days.includes(name));
    if (open) return requireBusinessInstant(day, "09:00");
  }
  return new Date(now.getTime() + 24 * 3600 * 1000);
}
