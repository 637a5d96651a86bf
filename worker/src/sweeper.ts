import { sweepOutbox } from "@app/shared/outbox.server";
import { every } from "./every";
import type { WorkerContext } from "./worker-context";

/**
 * Re-relays owed notifications from the outbox that BullMQ never got (Redis
 * was down at commit) or lost, under their deterministic ids, so nothing is
 * lost and nothing is sent twice (packages/shared/src/outbox.server.ts).
 */
export function startSweeper(ctx: WorkerContext) {
  return every(ctx, ctx.env.SWEEP_INTERVAL_MS, "sweep", async () => {
    const queued = await sweepOutbox(ctx, { graceMs: ctx.env.SWEEP_GRACE_MS });
    if (queued) ctx.logger.info({ queued }, "sweeper re-queued unsent notifications");
  });
}
