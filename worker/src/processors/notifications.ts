import { UnrecoverableError } from "bullmq";
import { bookingInclude, serializeBooking } from "@app/shared/booking/booking-json";
import { LEAD_ACKNOWLEDGED_EVENT, LEAD_EMERGENCY_EVENT } from "@app/shared/emergency-leads";
import { parseLeadKey } from "@app/shared/lead-keys";
import { priorityNote } from "@app/shared/plans/member-marks";
import { membersAmong } from "@app/shared/plans/members.server";
import { loadEmergencyLead } from "@app/shared/emergency-leads.server";
import type { JobData } from "@app/shared/jobs";
import { ADMIN_ROOM } from "@app/shared/realtime";
import type { WorkerContext } from "../worker-context";

/**
 * A booking was created or changed: tell every open admin page, on whichever
 * web process it is connected, and raise the alarm for emergencies: the alarm
 * says "Member (Generator Care): priority" (`memberPriority`) when the customer
 * is a member of a plan giving emergency priority (docs/product.md#plans).
 */
export async function publishBookingEvent(ctx: WorkerContext, data: JobData<"booking-event">) {
  const booking = await ctx.db.booking.findUnique({ where: { id: data.bookingId }, include: bookingInclude });
  if (!booking) throw new UnrecoverableError(`booking ${data.bookingId} not found`);
  // `byCustomer`: the customer moved or cancelled it with their link, and open admin pages say so.
  const payload = { booking: serializeBooking(booking), ...(data.byCustomer ? { byCustomer: data.byCustomer } : {}) };
  const admins = ctx.emitter.to(ADMIN_ROOM);
  admins.emit(data.event === "created" ? "booking:created" : "booking:updated", payload);
  if (booking.priority === "emergency" && data.event === "created") {
    const note = priorityNote((await membersAmong(ctx.db, [booking.customerId])).get(booking.customerId));
    admins.emit("booking:emergency", note ? { ...payload, memberPriority: note } : payload);
  }
  return { emitted: data.event };
}

/**
 * An emergency lead (a contact message or a chat conversation): every open admin page raises its banner, with
 * the person's name and phone and a link to the message in the inbox (docs/product.md#staff-pages).
 */
export async function publishLeadAlert(ctx: WorkerContext, data: JobData<"lead-alert">) {
  const lead = await loadEmergencyLead(ctx.db, data.lead);
  if (!lead) throw new UnrecoverableError(`emergency lead ${JSON.stringify(data.lead)} not found`);
  ctx.emitter.to(ADMIN_ROOM).emit(LEAD_EMERGENCY_EVENT, { lead });
  return { emitted: LEAD_EMERGENCY_EVENT };
}

/**
 * Staff dismissed emergency leads' alerts: every open admin page drops their banners and reloads what lists
 * them (the dashboard's open emergencies), wherever the dismissal was made (docs/product.md#dashboard).
 */
export function publishLeadAcknowledged(ctx: WorkerContext, data: JobData<"lead-acknowledged">) {
  const leads = data.leads.flatMap((key) => parseLeadKey(key) ?? []);
  ctx.emitter.to(ADMIN_ROOM).emit(LEAD_ACKNOWLEDGED_EVENT, { leads });
  return Promise.resolve({ emitted: LEAD_ACKNOWLEDGED_EVENT });
}
