import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveText } from "@app/shared/texts/webhooks.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { twilioParams } from "~/features/texts/twilio-request.server";

/**
 * POST /api/webhooks/twilio/sms: a text to the business's number, from Twilio, verified by
 * `X-Twilio-Signature` (403 otherwise, nothing stored), stored once per Message SID, answered in TwiML
 * (STOP, START, HELP); packages/shared/src/texts/webhooks.server.ts. No session, no CSRF token: Twilio
 * posts without an Origin, and the signature is the key.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const result = await receiveText(context, await twilioParams(request), request.headers.get("x-twilio-signature"));
    if (!result.ok) return apiResult(result);
    return new Response(result.value.twiml, { headers: { "Content-Type": "text/xml; charset=utf-8" } });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
