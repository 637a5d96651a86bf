import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { bookingInclude, serializeBooking } from "@app/shared/booking/booking-json";
import { loadTechnicians } from "@app/shared/scheduling/schedule.server";
import { technicianChoices } from "@app/shared/scheduling/technicians";
import { idFrom } from "@app/shared/api/values";
import { data } from "~/utils/responses.server";
import { bookingEstimates } from "~/features/estimates/public.server";
import { bookingInvoices } from "~/features/invoices/public.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * One booking for its page (/admin/bookings/{id}, docs/product.md#a-booking):
 * the booking with its customer and technician, and the active technicians its
 * technician form offers. Null for an id that is not a booking.
 */
async function bookingDetail(context: AppLoadContext, idParam: string | undefined) {
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

/** A booking's page's data (/admin/bookings/{id}): the booking, its estimates and invoices; 404 when there is none. */
export async function bookingLoader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const found = await bookingDetail(context, params.id);
  if (!found)
    return data({ booking: null, technicians: [], emailCustomer: false, estimates: [], invoices: [] }, { status: 404 });
  const [estimates, invoices] = await Promise.all([
    bookingEstimates(context, found.booking.id),
    bookingInvoices(context, found.booking.id),
  ]);
  return { ...found, estimates, invoices };
}
