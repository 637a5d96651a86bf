import type { ActionFunctionArgs } from "@remix-run/node";
import { answerCall } from "@app/shared/calls/voice.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { twilioParams } from "~/features/texts/twilio-request.server";

/**
 * POST /api/webhooks/twilio/voice: a call to the business's number, from Twilio: stored once per Call SID; in office hours the office's phones ring for 20 seconds, else the greeting answers (1 for an emergency) and the caller is texted back
 * (packages/shared/src/calls/voice.server.ts). Verified by `X-Twilio-Signature` (403 otherwise, nothing stored);
 * answered in TwiML. No session, no CSRF token: Twilio posts without an Origin, and the signature is the key.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const result = await answerCall(context, await twilioParams(request), request.headers.get("x-twilio-signature"));
    if (!result.ok) return apiResult(result);
    return new Response(result.value.twiml, { headers: { "Content-Type": "text/xml; charset=utf-8" } });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
