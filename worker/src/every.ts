import type { WorkerContext } from "./worker-context";

/**
 * Runs `task` now and then every `intervalMs` in this process, one run at a time: the worker's
 * periodic work (the outbox sweeper, the closed days' holidays). A run that fails is logged and
 * the next one tries again; `stop` waits for a run under way to end.
 */
export function every(ctx: WorkerContext, intervalMs: number, what: string, task: () => Promise<void>) {
  let running = false;
  let stopped = false;
  /** Never rejects. */
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await task();
    } catch (error) {
      ctx.logger.warn({ err: (error as Error).message }, `${what} failed; will try again`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  void tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await new Promise((r) => setTimeout(r, 25));
    },
  };
}
