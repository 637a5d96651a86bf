import { z } from "../zod";
import { parseMonth } from "../time";
import { blankAsAbsent, FIRST_BUSINESS_YEAR, LAST_BUSINESS_YEAR, localDateField } from "./values";

/** A Baton Rouge month, "YYYY-MM", of the business's years (values.ts). */
export function monthField(message = "Use a month as YYYY-MM") {
  return z.string({ error: message }).superRefine((value, ctx) => {
    const month = parseMonth(value);
    if (!month) ctx.addIssue({ code: "custom", message });
    else if (month.year < FIRST_BUSINESS_YEAR || month.year > LAST_BUSINESS_YEAR)
      ctx.addIssue({
        code: "custom",
        message: `Use a month in the years ${FIRST_BUSINESS_YEAR} to ${LAST_BUSINESS_YEAR}`,
      });
  });
}

/**
 * GET /api/reports/money?month=YYYY-MM (admin) and the dashboard's month picker: the month of the
 * money figures (blank or absent: this month, Baton Rouge time).
 */
export const moneyReportQuerySchema = z.object({ month: blankAsAbsent(monthField()) });

/**
 * GET /api/payments/export.csv?from=YYYY-MM-DD&to=YYYY-MM-DD (admin): the payments received on those
 * Baton Rouge days, both included. Without either, this month; without one, the other's month
 * (from its 1st, or to its last day).
 */
export const paymentsExportQuerySchema = z
  .object({ from: blankAsAbsent(localDateField()), to: blankAsAbsent(localDateField()) })
  .refine((v) => v.from === undefined || v.to === undefined || v.from <= v.to, {
    path: ["to"],
    message: "Use a date on or after from",
  });
