import { jobPhotoParamsSchema } from "@app/shared/api/job-record";
import { message, ok } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.jobs.$bookingId.photos_.$id.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "DELETE",
  path: "/api/jobs/{bookingId}/photos/{id}",
  summary: "Remove a photo of the visit: its file leaves the store (audited)",
  access: "staff",
  params: jobPhotoParamsSchema,
  success: { status: 200, description: "Removed", schema: ok({ removed: z.literal(true), message }) },
  refusals: [401, 403, 404],
  storesNothingWhenRefused: true,
});
