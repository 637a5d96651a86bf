import { jobParamsSchema, jobRecordChangeSchema } from "@app/shared/api/job-record";
import { jobRecordJson, message, ok } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.jobs.$bookingId.record.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints(
  {
    method: "GET",
    path: "/api/jobs/{bookingId}/record",
    summary: "A visit's job record: notes, checklist, items added on site, photos (addresses valid ten minutes)",
    access: "staff",
    params: jobParamsSchema,
    success: { status: 200, description: "The record", schema: ok({ record: jobRecordJson }) },
    refusals: [401, 403, 404],
  },
  {
    method: "PATCH",
    path: "/api/jobs/{bookingId}/record",
    summary: "Save a visit's notes, checked checklist items, or both (audited)",
    access: "staff",
    params: jobParamsSchema,
    body: jobRecordChangeSchema,
    success: { status: 200, description: "Saved", schema: ok({ record: jobRecordJson, message }) },
    refusals: [401, 403, 404],
    storesNothingWhenRefused: true,
  },
);
