import type { ActionFunctionArgs } from "@remix-run/node";
import { recordTextStatus } from "@app/shared/texts/webhooks.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { twilioParams } from "~/features/texts/twilio-request.server";

/**
 * POST /api/webhooks/twilio/status: what became of a text we sent (queued, sent, delivered, undelivered,
 * failed), from Twilio, verified by `X-Twilio-Signature` (403 otherwise, nothing changed); the text's record
 * only moves forward (packages/shared/src/texts/webhooks.server.ts).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    return apiResult(
      await recordTextStatus(context, await twilioParams(request), request.headers.get("x-twilio-signature")),
    );
  });
}

export const loader = () => methodNotAllowed(["POST"]);
