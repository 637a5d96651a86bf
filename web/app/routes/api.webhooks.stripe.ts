import type { ActionFunctionArgs } from "@remix-run/node";
import { handleStripeWebhook } from "@app/shared/payments/stripe.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";

/**
 * POST /api/webhooks/stripe: Stripe's events, verified by `Stripe-Signature` over the raw body (400
 * otherwise, nothing read); a completed Checkout Session records its payment once
 * (packages/shared/src/payments/stripe.server.ts, docs/decisions/020-money-and-payments.md). No session,
 * no CSRF token: Stripe posts without an Origin, and the signature is the key.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    // The raw body, as Stripe signed it (bounded at 1 MB by web/server/security.ts before any route ran).
    const rawBody = await request.text();
    return apiResult(await handleStripeWebhook(context, rawBody, request.headers.get("stripe-signature")));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
