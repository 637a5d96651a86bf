import type { ActionFunctionArgs } from "@remix-run/node";
import { roleChangeSchema } from "@app/shared/api/admin";
import { changeUserRole } from "~/features/users/users.server";
import { apiError, apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { idFrom } from "@app/shared/api/values";
import { userIdParamsSchema } from "@app/shared/api/admin";
import { apiUser, message, ok } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** PATCH /api/admin/users/:userId/role (admin) {role}: never the admin's own. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    const admin = await requireAdmin(request, context);
    const userId = idFrom(params.userId);
    if (!userId) return apiError(404, "User not found");
    const { role } = validate(roleChangeSchema, await readJsonObject(request));
    return apiResult(await changeUserRole(context, admin, userId, role));
  });
}

export const loader = () => methodNotAllowed(["PATCH"]);

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
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
