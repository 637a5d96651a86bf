import { jobParamsSchema, photoUploadSchema } from "@app/shared/api/job-record";
import { jobPhotoJson, message, ok } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.jobs.$bookingId.photos.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/jobs/{bookingId}/photos",
  summary:
    "Add a photo (JPEG, PNG or WebP, 15 MB at most, 30 a visit): resized, stripped of metadata; the same uploadKey again is the same photo (200)",
  access: "staff",
  params: jobParamsSchema,
  body: photoUploadSchema,
  bodyContentType: "multipart/form-data",
  success: { status: 201, description: "Added", schema: ok({ photo: jobPhotoJson, message }) },
  refusals: [401, 403, 404, 409, 413],
  storesNothingWhenRefused: true,
});
