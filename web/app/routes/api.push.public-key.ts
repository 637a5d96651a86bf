import type { LoaderFunctionArgs } from "@remix-run/node";
import { pushPublicKey } from "~/features/push/subscriptions.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireRole } from "~/utils/auth.server";

/**
 * GET /api/push/public-key (admins and technicians): `{ success: true, publicKey }`, the VAPID public key
 * (base64url) a browser subscribes with; 404 `{ success: false, message }` when push alerts are not set up.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireRole(request, context, ["admin", "technician"]);
    return apiResult(pushPublicKey(context));
  });
}

export const action = () => methodNotAllowed(["GET"]);
