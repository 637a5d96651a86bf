import { sweepMemberships } from "@app/shared/plans/membership-changes.server";
import { every } from "./every";
import type { WorkerContext } from "./worker-context";

const HOUR_MS = 60 * 60 * 1000;

/**
 * The memberships' daily business, looked at every hour (docs/product.md#plans): renewal reminders 30 and 7 days
 * ahead, and memberships paid to the office whose period ended moved on (past due, or ended). Idempotent, so every
 * worker instance may run it.
 */
export function startMembershipSweep(ctx: WorkerContext) {
  const context = { services: { db: ctx.db, queues: ctx.queues, env: ctx.env }, logger: ctx.logger };
  return every(ctx, HOUR_MS, "looking at memberships' renewals", async () => {
    const done = await sweepMemberships(context);
    if (done.reminded || done.ended || done.lapsed) ctx.logger.info(done, "memberships: renewals looked at");
  });
}
