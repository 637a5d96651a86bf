import { estimateListQuerySchema, newEstimateSchema } from "@app/shared/api/estimates";
import { estimateListRow, nextCursor, ok } from "@app/shared/api/json-shapes.server";
import { estimateJsonSchema } from "@app/shared/estimates/estimates.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.estimates.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints(
  {
    method: "GET",
    path: "/api/estimates",
    summary:
      "Estimates, newest first, 25 a page: by status, and by q (a customer as the staff search finds one, or an estimate's number); the next page's cursor in nextCursor",
    access: "admin",
    query: estimateListQuerySchema,
    success: {
      status: 200,
      description: "A page of estimates",
      schema: ok({ estimates: z.array(estimateListRow), nextCursor }),
    },
    refusals: [401, 403],
  },
  {
    method: "POST",
    path: "/api/estimates",
    summary:
      "A draft estimate of a visit (bookingId), or of a customer without a visit (customerId): 1–3 options of 1–30 items (from the price book or written in); totals computed and stored (audited)",
    access: "admin",
    body: newEstimateSchema,
    success: { status: 201, description: "Made", schema: ok({ estimate: estimateJsonSchema }) },
    refusals: [401, 403],
    storesNothingWhenRefused: true,
  },
);
