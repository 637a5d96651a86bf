import type { ActionFunctionArgs } from "@remix-run/node";
import { recordCallOutcome } from "@app/shared/calls/voice.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { twilioParams } from "~/features/texts/twilio-request.server";

/**
 * POST /api/webhooks/twilio/voice/status: what became of ringing the office (the Dial's action, DialCallStatus) or of the call (its status callback): answered ends the call, otherwise the greeting and the text-back
 * (packages/shared/src/calls/voice.server.ts). Verified by `X-Twilio-Signature` (403 otherwise, nothing stored);
 * answered in TwiML. No session, no CSRF token: Twilio posts without an Origin, and the signature is the key.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const result = await recordCallOutcome(
      context,
      await twilioParams(request),
      request.headers.get("x-twilio-signature"),
    );
    if (!result.ok) return apiResult(result);
    return new Response(result.value.twiml, { headers: { "Content-Type": "text/xml; charset=utf-8" } });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
