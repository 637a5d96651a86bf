import type { ActionFunctionArgs } from "@remix-run/node";
import { idFrom } from "@app/shared/api/values";
import { sendEstimate } from "@app/shared/estimates/estimates.server";
import { purposeKeys } from "@app/shared/keys.server";
import { apiError, apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * POST /api/estimates/{id}/send (admin): emails the customer a new link and the PDF (through the
 * outbox); a draft becomes sent → `{ success, estimate }`; 409 when approved, declined or void.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const admin = await requireAdmin(request, context);
    const id = idFrom(params.id);
    if (!id) return apiError(404, "No such estimate");
    const key = purposeKeys(context.services.env.SESSION_SECRETS, "token-seal")[0]!;
    return apiResult(await sendEstimate(context, admin, id, key));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
