import type { AppLoadContext } from "@remix-run/node";
import { bookingInclude, serializeBooking } from "@app/shared/booking/booking-json";
import { loadTechnicians } from "@app/shared/scheduling/schedule.server";
import { technicianChoices } from "@app/shared/scheduling/technicians";
import { idFrom } from "@app/shared/api/values";

/**
 * One booking for its page (/admin/bookings/{id}, docs/product.md#a-booking):
 * the booking with its customer and technician, and the active technicians its
 * technician form offers. Null for an id that is not a booking.
 */
export async function bookingDetail(context: AppLoadContext, idParam: string | undefined) {
  const id = idFrom(idParam);
  if (!id) return null;
  const { db } = context.services;
  const [booking, technicians] = await Promise.all([
    db.booking.findUnique({ where: { id }, include: bookingInclude }),
    loadTechnicians(db),
  ]);
  if (!booking) return null;
  return {
    booking: serializeBooking(booking),
    technicians: technicianChoices(technicians),
    /** Whether the customer is emailed about this visit (false: their typed address had reached its share). */
    emailCustomer: booking.emailCustomer,
  };
}
