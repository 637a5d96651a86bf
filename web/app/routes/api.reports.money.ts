import type { LoaderFunctionArgs } from "@remix-run/node";
import { moneyReportQuerySchema } from "@app/shared/api/reports";
import { businessMonth, parseMonth } from "@app/shared/time";
import { moneyReport } from "~/features/reports/money-report.server";
import { apiHandler, jsonResponse, methodNotAllowed, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { cents, isoDateTime, ok, wholeNumber } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/**
 * GET /api/reports/money?month=YYYY-MM (admin): the month's money figures, what is owed now by
 * age, and the oldest unpaid invoices, as the dashboard shows them (docs/product.md#money-on-the-dashboard).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const query = validate(
      moneyReportQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
      "Invalid query",
    );
    const now = new Date();
    const month = query.month ? parseMonth(query.month)! : businessMonth(now);
    return jsonResponse({ success: true, ...(await moneyReport(context, month, now)) });
  });
}

export const action = () => methodNotAllowed(["GET"]);

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/reports/money",
  summary:
    "The month's money (estimates sent and approved, invoiced, collected), what is owed now by age, and the oldest unpaid invoices",
  access: "admin",
  query: moneyReportQuerySchema,
  success: {
    status: 200,
    description: "The figures, amounts in whole cents",
    schema: ok({
      month: z.string(),
      estimates: z.object({
        sent: wholeNumber,
        approved: wholeNumber,
        declined: wholeNumber,
        approvalRatePercent: z.number().int().min(0).max(100).nullable(),
      }),
      invoicedCents: cents,
      collectedCents: cents,
      outstandingCents: cents,
      aging: z.array(z.object({ bucket: z.enum(["0-30", "31-60", "61-90", "90+"]), count: wholeNumber, cents })),
      unpaid: z.array(
        z.object({
          id: z.number().int(),
          number: z.string(),
          customerId: z.number().int(),
          customerName: z.string(),
          sentAt: isoDateTime,
          sentDate: z.string(),
          daysOutstanding: wholeNumber,
          totalCents: cents,
          balanceCents: cents,
        }),
      ),
      unpaidCount: wholeNumber,
    }),
  },
  refusals: [401, 403],
});
