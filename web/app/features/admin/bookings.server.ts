import type { AppLoadContext } from "@remix-run/node";
import { bookingInclude, serializeBooking } from "@app/shared/bookings";
import type { BookingPriority, BookingSource } from "@app/shared/db.server";
import { failure, success, type Result } from "~/utils/result";
import { inTransaction } from "~/utils/outbox.server";
import { createBooking } from "../bookings/bookings.server";
import { isActiveTechnician, lockSchedule, refusingOverlaps, unknownTechnician } from "../scheduling/schedule.server";

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
    technicianId?: number;
    address?: string;
  },
  source: BookingSource,
): Promise<CreateBookingResult> {
  const customer = await context.services.db.customer.findUnique({ where: { id: input.customerId } });
  if (!customer) return failure(400, "That customer does not exist", { errors: { customerId: "Customer not found" } });
  const { technicianId } = input;
  return refusingOverlaps(async () => {
    const created = await inTransaction(context, async (tx, outbox) => {
      if (technicianId) {
        // Assigning uses a technician's time: take the schedule, as every such write does.
        await lockSchedule(tx);
        if (!(await isActiveTechnician(tx, technicianId))) return null;
      }
      const booking = await createBooking(
        tx,
        outbox,
        { ...input, source },
        {
          requestId: context.requestId,
          timing: context.services.env,
        },
      );
      return tx.booking.findUniqueOrThrow({ where: { id: booking.id }, include: bookingInclude });
    });
    if (!created) return unknownTechnician();
    return success({ booking: serializeBooking(created), message: "Booking created successfully" }, 201);
  });
}
