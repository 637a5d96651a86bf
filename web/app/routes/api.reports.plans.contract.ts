import { cents, ok, wholeNumber } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.reports.plans.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/reports/plans",
  summary:
    "The maintenance plans now: members (active or past due), monthly recurring revenue, renewals due in 30 days, past due, cancellations this month",
  access: "admin",
  success: {
    status: 200,
    description: "The figures, the revenue in whole cents",
    schema: ok({
      plans: z.object({
        activeMembers: wholeNumber,
        monthlyRecurringCents: cents,
        renewalsDue30Days: wholeNumber,
        pastDue: wholeNumber,
        cancelledThisMonth: wholeNumber,
      }),
    }),
  },
  refusals: [401, 403],
});
