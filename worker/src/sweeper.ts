import { sweepOutbox } from "@app/shared/outbox.server";
import type { WorkerContext } from "./worker-context";

/**
 * Re-relays owed notifications from the outbox that BullMQ never got (Redis
 * was down at commit) or lost, under their deterministic ids, so nothing is
 * lost and nothing is sent twice (packages/shared/src/outbox.server.ts).
 */
function sweepOnce(ctx: WorkerContext): Promise<number> {
  return sweepOutbox(ctx, { graceMs: ctx.env.SWEEP_GRACE_MS });
}

export function startSweeper(ctx: WorkerContext) {
  let running = false;
  let stopped = false;
  /** Never rejects: a failed sweep is logged and the next tick tries again. */
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
  const timer = setInterval(() => void tick(), ctx.env.SWEEP_INTERVAL_MS);
  void tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await new Promise((r) => setTimeout(r, 25));
    },
  };
}
