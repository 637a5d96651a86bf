import type { JobData } from "@app/shared/jobs";
import { placeDueVisits } from "@app/shared/plans/plan-visits.server";
import { every } from "../every";
import type { WorkerContext } from "../worker-context";

/**
 * Plan visits that schedule themselves (docs/product.md#plans, docs/decisions/029-maintenance-plans.md): the
 * visits of a membership that starts or renews placed at once (job "plan-visits-place"), and every membership's
 * visits as they come within PLAN_VISIT_LEAD_DAYS, each hour. The placing and its guarantees (no visit placed
 * twice, no window sold twice) are packages/shared/src/plans/plan-visits.server.ts; every worker instance may run
 * both.
 */

const HOUR_MS = 60 * 60 * 1000;

/** What placing needs of the worker's clients: a change's context, as a request's would be (decision 024). */
const placingContext = (ctx: WorkerContext, requestId?: string) => ({
  services: { db: ctx.db, queues: ctx.queues, env: ctx.env },
  logger: ctx.logger,
  requestId,
});

/** A membership started or renewed: its due visits placed now. */
export function placePlanVisits(ctx: WorkerContext, data: JobData<"plan-visits-place">) {
  return placeDueVisits(placingContext(ctx, data.requestId), new Date(), { membershipId: data.membershipId });
}

/** Every hour (and when the worker starts): the visits that came within the lead time placed. */
export function startPlanVisitPlacer(ctx: WorkerContext) {
  return every(ctx, HOUR_MS, "placing plan visits", async () => {
    const { placed, toPlace } = await placeDueVisits(placingContext(ctx));
    if (placed || toPlace) ctx.logger.info({ placed, toPlace }, "plan visits placed");
  });
}
