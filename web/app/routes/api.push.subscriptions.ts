import type { ActionFunctionArgs } from "@remix-run/node";
import { pushSubscriptionSchema, pushUnsubscribeSchema } from "@app/shared/api/push.server";
import { removePushSubscription, savePushSubscription } from "~/features/push/subscriptions.server";
import { apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { getAuthSession, requireRole } from "~/utils/auth.server";

/**
 * POST /api/push/subscriptions (admins and technicians) with the browser's `PushSubscription.toJSON()`,
 * `{ endpoint, expirationTime?, keys: { p256dh, auth } }`: this device gets the caller's push alerts
 * (201 when new, 200 when it was saved before, possibly by someone else: it is theirs now).
 * DELETE with `{ endpoint }`: this device stops getting them (`removed` says whether it was the caller's).
 * The device belongs to the session that saved it: signing out stops its alerts.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(["POST", "DELETE"]);
    const user = await requireRole(request, context, ["admin", "technician"]);
    const body = await readJsonObject(request);
    if (request.method === "DELETE") {
      const { endpoint } = validate(pushUnsubscribeSchema, body);
      return apiResult(await removePushSubscription(context, user, endpoint));
    }
    const schema = pushSubscriptionSchema({ extraHosts: context.services.env.PUSH_SERVICE_HOSTS });
    const input = validate(schema, body);
    // requireRole found the session; this reads the same lookup again.
    const session = (await getAuthSession(request, context))!;
    return apiResult(
      await savePushSubscription(context, user, session.sessionId, input, request.headers.get("user-agent")),
    );
  });
}

export const loader = () => methodNotAllowed(["POST", "DELETE"]);
