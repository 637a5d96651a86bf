import { UnrecoverableError } from "bullmq";
import { bookingInclude, serializeBooking } from "@app/shared/booking/booking-json";
import type { JobData } from "@app/shared/jobs";
import { ADMIN_ROOM } from "@app/shared/realtime";
import type { WorkerContext } from "../worker-context";

/**
 * A booking was created or changed: tell every open admin page, on whichever
 * web process it is connected, and raise the alarm for emergencies.
 */
export async function publishBookingEvent(ctx: WorkerContext, data: JobData<"booking-event">) {
  const booking = await ctx.db.booking.findUnique({ where: { id: data.bookingId }, include: bookingInclude });
  if (!booking) throw new UnrecoverableError(`booking ${data.bookingId} not found`);
  // `byCustomer`: the customer moved or cancelled it with their link, and open admin pages say so.
  const payload = { booking: serializeBooking(booking), ...(data.byCustomer ? { byCustomer: data.byCustomer } : {}) };
  const admins = ctx.emitter.to(ADMIN_ROOM);
  admins.emit(data.event === "created" ? "booking:created" : "booking:updated", payload);
  if (booking.priority === "emergency" && data.event === "created") admins.emit("booking:emergency", payload);
  return { emitted: data.event };
}
