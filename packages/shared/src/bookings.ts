import type { Booking, Customer } from "./db/generated/client";
import { business, type BusinessFacts } from "./business";
import { parseDateString, zonedParts, zonedToUtc } from "./time";
/** The booking JSON (docs/product.md#json-api), the same over HTTP and socket.io. */
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


const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/**
 * When a chat appointment request names no date: 9:00 AM on the next day the
 * office is open (tomorrow at the earliest), in the business's time zone.
 */
export function nextBusinessSlot(now: Date, facts: BusinessFacts = business): Date {
  const today = zonedParts(now, facts.timeZone);
  for (let offset = 1; offset <= 8; offset++) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const name = DAY_NAMES[day.getUTCDay()]!;
    const open = facts.hours.some((h) => h.opens && h.days.includes(name));
    if (open) return zonedToUtc({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() }, 9, 0, facts.timeZone);
  }
  return new Date(now.getTime() + 24 * 3600 * 1000);
}

/** A chosen local date (YYYY-MM-DD) and slot (HH:MM) in the business's zone, as an instant. */
export function localSlotToUtc(date: string, time: string, facts: BusinessFacts = business): Date {
  const d = parseDateString(date);
  if (!d) throw new Error(`bad date ${date}`);
  const [h, m] = time.split(":").map(Number);
  return zonedToUtc(d, h ?? 9, m ?? 0, facts.timeZone);
}
