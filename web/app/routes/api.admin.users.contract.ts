import { userListQuerySchema } from "@app/shared/api/admin";
import { apiUser, ok } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.admin.users.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/admin/users",
  summary: "Every user, newest first, without passwords; q finds part of a name or email, role keeps one role",
  access: "admin",
  query: userListQuerySchema,
  success: { status: 200, description: "Users", schema: ok({ users: z.array(apiUser) }) },
  refusals: [400, 401, 403],
});
