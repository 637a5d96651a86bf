import { removeExpiredExports } from "@app/shared/exports/csv-exports.server";
import { sweepOutbox } from "@app/shared/outbox.server";
import { every } from "./every";
import type { WorkerContext } from "./worker-context";

/** How often the files of expired CSV exports are removed (docs/decisions/022-exports-that-finish.md). */
const EXPORT_CLEANUP_MS = 60 * 60 * 1000;

/**
 * Re-relays owed notifications from the outbox that BullMQ never got (Redis
 * was down at commit) or lost, under their deterministic ids, so nothing is
 * lost and nothing is sent twice (packages/shared/src/outbox.server.ts).
 * Hourly, it also removes the files of CSV exports whose links have expired.
 */
export function startSweeper(ctx: WorkerContext) {
  const outbox = every(ctx, ctx.env.SWEEP_INTERVAL_MS, "sweep", async () => {
    const queued = await sweepOutbox(ctx, { graceMs: ctx.env.SWEEP_GRACE_MS });
    if (queued) ctx.logger.info({ queued }, "sweeper re-queued unsent notifications");
  });
  const exports = every(ctx, EXPORT_CLEANUP_MS, "expired exports", async () => {
    const removed = await removeExpiredExports(ctx);
    if (removed) ctx.logger.info({ removed }, "removed the files of expired exports");
  });
  return {
    async stop() {
      await Promise.all([outbox.stop(), exports.stop()]);
    },
  };
}
