import { ensureHolidays } from "@app/shared/scheduling/closures.server";
import { every } from "./every";
import type { WorkerContext } from "./worker-context";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Adds the business's holidays for this year and the years the booking horizon reaches, when the
 * worker starts and once a day after (docs/product.md#closed-days), so next year's are there before
 * customers can book into it. Idempotent, and it never brings back a holiday an admin removed, so
 * every worker instance may run it.
 */
export function startHolidays(ctx: WorkerContext) {
  return every(ctx, DAY_MS, "adding the holidays", async () => {
    const added = await ensureHolidays(ctx.db);
    if (added) ctx.logger.info({ added }, "holidays added to the closed days");
  });
}
