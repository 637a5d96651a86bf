import type { AppLoadContext } from "@remix-run/node";
import { serializeBooking } from "@app/shared/bookings";
import type { BookingPriority, BookingSource } from "@app/shared/db";
import { inTransaction } from "~/utils/outbox.server";
import { createBooking } from "../bookings/bookings.server";

export type CreateBookingResult =
  | { ok: true; booking: ReturnType<typeof serializeBooking> }
  | { ok: false; status: 400; message: string; errors?: Record<string, string> };

/** Staff (dialog or API) book a visit for an existing customer; it starts as pending. */
export async function createBookingForCustomer(
  context: AppLoadContext,
  input: { customerId: number; summary: string; details?: string; priority: BookingPriority; scheduledDate: Date; serviceTitanId?: string },
  source: BookingSource,
): Promise<CreateBookingResult> {
  const customer = await context.services.db.customer.findUnique({ where: { id: input.customerId } });
  if (!customer) return { ok: false, status: 400, message: "That customer does not exist", errors: { customerId: "Customer not found" } };
  const booking = await inTransaction(context, (tx, outbox) => createBooking(tx, outbox, { ...input, source }, context.requestId));
  return { ok: true, booking: serializeBooking({ ...booking, customer }) };
}
