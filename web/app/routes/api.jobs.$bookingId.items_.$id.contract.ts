import { jobItemParamsSchema } from "@app/shared/api/job-record";
import { message, ok } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.jobs.$bookingId.items_.$id.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "DELETE",
  path: "/api/jobs/{bookingId}/items/{id}",
  summary: "Remove an item added on site (audited)",
  access: "staff",
  params: jobItemParamsSchema,
  success: { status: 200, description: "Removed", schema: ok({ removed: z.literal(true), message }) },
  refusals: [401, 403, 404],
  storesNothingWhenRefused: true,
});
