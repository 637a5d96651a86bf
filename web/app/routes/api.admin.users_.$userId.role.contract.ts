import { roleChangeSchema, userIdParamsSchema } from "@app/shared/api/admin";
import { apiUser, message, ok } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.admin.users_.$userId.role.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "PATCH",
  path: "/api/admin/users/{userId}/role",
  summary: "Change a user's role (never the caller's own)",
  access: "admin",
  params: userIdParamsSchema,
  body: roleChangeSchema,
  success: { status: 200, description: "Changed", schema: ok({ user: apiUser, message }) },
  refusals: [401, 403, 404, 409],
  storesNothingWhenRefused: true,
});
