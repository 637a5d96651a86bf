import { jobIds } from "@app/shared/jobs";
import { enqueue } from "@app/shared/queues";
import type { WorkerContext } from "./context";

const BATCH = 200;

/**
 * Finds stored work whose notification was never recorded as sent (Redis was
 * down when it arrived, or the enqueue was lost) and queues it again under its
 * deterministic job id, so nothing is lost and nothing is sent twice.
 */
async function sweepOnce(ctx: WorkerContext): Promise<number> {
  const cutoff = new Date(Date.now() - ctx.env.SWEEP_GRACE_MS);
  const { db, queues } = ctx;
  let queued = 0;
  const add = async (p: Promise<unknown>) => {
    await p;
    queued++;
  };

  const contacts = await db.contactMessage.findMany({
    where: { notifiedAt: null, createdAt: { lte: cutoff } },
    select: { id: true, requestId: true },
    orderBy: { id: "asc" },
    take: BATCH,
  });
  for (const c of contacts) {
    await add(enqueue(queues, "email", "contact-notification", { contactMessageId: c.id, requestId: c.requestId ?? undefined }, { jobId: jobIds.contactNotification(c.id) }));
  }

  const links = await db.accountToken.findMany({
    where: { emailedAt: null, usedAt: null, expiresAt: { gt: new Date() }, createdAt: { lte: cutoff } },
    select: { id: true },
    take: BATCH,
  });
  for (const t of links) {
    await add(enqueue(queues, "email", "account-link", { accountTokenId: t.id }, { jobId: jobIds.accountLink(t.id) }));
  }

  const bookings = await db.booking.findMany({
    where: { notifiedAt: null, createdAt: { lte: cutoff } },
    select: { id: true, updatedAt: true },
    orderBy: { id: "asc" },
    take: BATCH,
  });
  for (const b of bookings) {
    await add(enqueue(queues, "email", "booking-staff-notification", { bookingId: b.id }, { jobId: jobIds.bookingStaffNotification(b.id) }));
    // Staff pages that missed the live event see the booking when they reload; the event is re-sent once with the creation version.
    await add(enqueue(queues, "notifications", "booking-event", { bookingId: b.id, event: "created", version: "created" }, { jobId: jobIds.bookingEvent(b.id, "created") }));
  }

  const cancellations = await db.booking.findMany({
    where: { cancelledByCustomerAt: { lte: cutoff }, cancellationNotifiedAt: null, status: "cancelled" },
    select: { id: true, cancelledByCustomerAt: true },
    orderBy: { id: "asc" },
    take: BATCH,
  });
  for (const b of cancellations) {
    await add(enqueue(queues, "email", "booking-cancelled-notification", { bookingId: b.id }, { jobId: jobIds.bookingCancelledNotification(b.id, b.cancelledByCustomerAt!) }));
  }

  const confirmations = await db.appointmentRequest.findMany({
    where: { confirmedAt: null, createdAt: { lte: cutoff }, bookingId: { not: null } },
    select: { id: true },
    take: BATCH,
  });
  for (const a of confirmations) {
    await add(enqueue(queues, "email", "appointment-confirmation", { appointmentRequestId: a.id }, { jobId: jobIds.appointmentConfirmation(a.id) }));
  }
  return queued;
}

export function startSweeper(ctx: WorkerContext) {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const queued = await sweepOnce(ctx);
      if (queued) ctx.logger.info({ queued }, "sweeper re-queued unsent notifications");
    } catch (error) {
      ctx.logger.warn({ err: (error as Error).message }, "sweep failed; will try again");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, ctx.env.SWEEP_INTERVAL_MS);
  void tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await new Promise((r) => setTimeout(r, 25));
    },
  };
}
