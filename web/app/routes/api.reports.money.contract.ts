import { moneyReportQuerySchema } from "@app/shared/api/reports";
import { cents, ok, wholeNumber } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints, isoDateTime } from "@app/shared/api/endpoint";

/** What ./api.reports.money.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
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
