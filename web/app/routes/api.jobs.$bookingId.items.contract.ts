import { jobParamsSchema, newJobItemSchema } from "@app/shared/api/job-record";
import { jobItemJson, message, ok } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.jobs.$bookingId.items.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/jobs/{bookingId}/items",
  summary: "Add an item on site: from the price book, or written in with its price in cents (audited)",
  access: "staff",
  params: jobParamsSchema,
  body: newJobItemSchema,
  success: { status: 201, description: "Added", schema: ok({ item: jobItemJson, message }) },
  refusals: [401, 403, 404],
  storesNothingWhenRefused: true,
});
