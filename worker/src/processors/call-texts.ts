import type { JobData } from "@app/shared/jobs";
import { jobKey } from "@app/shared/jobs";
import { ADMIN_ROOM } from "@app/shared/realtime";
import { onCallAt } from "@app/shared/calls/on-call.server";
import { onCallPageText } from "@app/shared/calls/spoken";
import { textablePhone } from "@app/shared/texts/phone";
import { textThreadKey } from "@app/shared/texts/webhooks.server";
import { missedCallText } from "@app/shared/texts/wording";
import type { WorkerContext } from "../worker-context";

/**
 * The texts of calls (docs/product.md#calls, docs/product.md#on-call): a missed call's text-back to the caller, and
 * an emergency's page to whoever is on call, each through the one sender (packages/shared/src/texts/text-sender.server.ts).
 */

/** A missed call's one text back: the caller asked for it by calling; a STOP is honoured. Recorded on the call. */
export async function sendMissedCallText(ctx: WorkerContext, data: JobData<"missed-call-text">) {
  const call = await ctx.db.phoneCall.findUnique({ where: { id: data.callId } });
  if (!call) return { skipped: "call not found" };
  if (call.textBack !== "owed") return { skipped: `text-back is ${call.textBack ?? "not owed"}` };
  const phone = textablePhone(call.phone);
  const outcome = phone
    ? await ctx.texts.send({
        phone,
        body: missedCallText({ link: `${ctx.env.APP_URL}/book` }),
        kind: "missed-call",
        purpose: "reply",
        relatedKey: `call:${call.id}`,
        outboxKey: jobKey("missed-call-text", data),
      })
    : ({ sent: false, reason: "refused" } as const);
  const state = outcome.sent
    ? "sent"
    : outcome.reason === "opted out"
      ? "opted_out"
      : outcome.reason === "already sent"
        ? "sent"
        : "failed";
  await ctx.db.phoneCall.update({ where: { id: call.id }, data: { textBack: state } });
  ctx.emitter.to(ADMIN_ROOM).emit("chat:activity", { item: textThreadKey(call.phone) });
  return outcome.sent ? { sid: outcome.sid } : { skipped: outcome.reason };
}

/** An emergency booking's page to the phone of whoever is on call when it came (their devices get its push alert). */
export async function sendOnCallPage(ctx: WorkerContext, data: JobData<"on-call-page">) {
  if (!ctx.env.TWILIO) return { skipped: "texts are off" };
  const booking = await ctx.db.booking.findUnique({ where: { id: data.bookingId }, include: { customer: true } });
  if (!booking) return { skipped: "booking not found" };
  if (booking.status === "cancelled") return { skipped: "booking cancelled" };
  const { first } = await onCallAt(ctx.db, booking.createdAt);
  const phone = first ? textablePhone(first.phone) : null;
  if (!first || !phone) return { skipped: "nobody on call has a phone that takes texts" };
  const outcome = await ctx.texts.send({
    phone,
    body: onCallPageText({
      phone: textablePhone(booking.customer.phone) ?? booking.customer.phone,
      customerName: booking.customer.name,
      via: booking.source === "phone" ? "call" : booking.source === "text" ? "text" : "booking",
      link: `${ctx.env.APP_URL}/admin/bookings/${booking.id}`,
    }),
    kind: "on-call-page",
    purpose: "staff",
    relatedKey: `booking:${booking.id}`,
    outboxKey: jobKey("on-call-page", data),
  });
  return outcome.sent ? { sid: outcome.sid, to: first.id } : { skipped: outcome.reason };
}
