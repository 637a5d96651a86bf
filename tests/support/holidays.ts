import { holidaysOf } from "@app/shared/scheduling/closures";

/**
 * Whether a date ("YYYY-MM-DD") is one of the business's holidays, which the worker closes when it
 * starts (docs/product.md#closed-days): a test that needs a day with arrival windows, chosen
 * relative to today, steps past it as it steps past a Sunday.
 */
export function isHoliday(date: string): boolean {
  return holidaysOf(Number(date.slice(0, 4))).some((h) => h.date === date);
}
