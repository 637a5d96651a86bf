/** A booking as the API, the staff pages and socket.io events show it (docs/product.md#json-api). */
import { bookingPriorities, bookingStatuses } from "../api/choices";
import { isoDateTime } from "../api/endpoint";
import type { Booking, Customer } from "../db.server";
import { personName } from "../scheduling/technicians";
import { z } from "../zod";

/** What a booking is read with for its JSON: its customer and its technician's name. */
export const bookingInclude = {
  customer: true,
  technician: { select: { firstName: true, lastName: true } },
} as const;

type TechnicianName = { firstName: string; lastName: string };

/** A customer as a booking carries it. */
export const customerJson = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});

/** What `serializeBooking` answers, declared once: its type, and the API's documented shape (GET /api/openapi.json). */
export const bookingJson = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  summary: z.string(),
  details: z.string().nullable(),
  priority: z.enum(bookingPriorities),
  status: z.enum(bookingStatuses),
  scheduledDate: isoDateTime,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  serviceTitanId: z.string().nullable(),
  source: z.string(),
  technicianId: z.number().int().nullable(),
  technicianName: z.string().nullable(),
  durationMinutes: z.number().int(),
  needsPlacing: z.boolean(),
  address: z.string().nullable(),
  /** When the customer confirmed the visit by texting "C" (docs/product.md#texts); null until they do. */
  customerConfirmedAt: isoDateTime.nullable(),
  customer: customerJson.optional(),
});

export type BookingJson = z.output<typeof bookingJson>;

/**
 * The booking JSON (docs/product.md#json-api), the same over HTTP and socket.io.
 * Read it with `bookingInclude`: `technicianName` is null without a technician.
 */
export function serializeBooking(
  booking: Booking & { customer?: Customer | null; technician?: TechnicianName | null },
): BookingJson {
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
    customerConfirmedAt: booking.customerConfirmedAt?.toISOString() ?? null,
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
