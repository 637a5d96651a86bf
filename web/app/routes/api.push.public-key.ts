import type { LoaderFunctionArgs } from "@remix-run/node";
import { pushPublicKey } from "~/features/push/subscriptions.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireRole } from "~/utils/auth.server";
import { ok } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

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

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/push/public-key",
  summary: "The VAPID public key a browser subscribes with",
  access: "staff",
  success: { status: 200, description: "The key", schema: ok({ publicKey: z.string() }) },
  refusals: [401, 403, 404],
});
