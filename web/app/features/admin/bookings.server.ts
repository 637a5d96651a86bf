import type { AppLoadContext } from "@remix-run/node";
import { serializeBooking } from "@app/shared/bookings";
import type { BookingPriority, BookingSource } from "@app/shared/db";
import { failure, success, type Result } from "~/utils/result";
import { inTransaction } from "~/utils/outbox.server";
import { createBooking } from "../bookings/bookings.server";

export type CreateBookingResult = Result<{ booking: ReturnType<typeof serializeBooking>; message: string }>;

/** Staff (dialog or API) book a visit for an existing customer; it starts as pending. */
export async function createBookingForCustomer(
  context: AppLoadContext,
  input: {
    customerId: number;
    summary: string;
    details?: string;
    priority: BookingPriority;
    scheduledDate: Date;
    serviceTitanId?: string;
  },
  source: BookingSource,
): Promise<CreateBookingResult> {
  const customer = await context.services.db.customer.findUnique({ where: { id: input.customerId } });
  if (!customer) return failure(400, "That customer does not exist", { errors: { customerId: "Customer not found" } });
  const booking = await inTransaction(context, (tx, outbox) =>
    createBooking(tx, outbox, { ...input, source }, context.requestId),
  );
  return success({ booking: serializeBooking({ ...booking, customer }), message: "Booking created successfully" }, 201);
}
