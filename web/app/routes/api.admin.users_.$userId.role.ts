import type { ActionFunctionArgs } from "@remix-run/node";
import { roleChangeSchema } from "@app/shared/api/admin";
import { changeUserRole } from "~/features/users/users.server";
import { apiError, apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { idFrom } from "@app/shared/api/values";

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
