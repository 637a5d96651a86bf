import type { ActionFunctionArgs } from "@remix-run/node";
import { handleStripeWebhook } from "@app/shared/payments/stripe.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { stripeEventSchema } from "@app/shared/api/payments";
import { okMessage } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

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

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/webhooks/stripe",
  summary:
    "Stripe's events, verified by the Stripe-Signature header over the raw body (400 otherwise); an event without an id, a type or its object, or a Checkout Session's event without the session's id or payment status, is refused (400, nothing recorded); a completed Checkout Session records its payment once",
  access: "public",
  body: stripeEventSchema,
  success: { status: 200, description: "Handled, ignored or already handled", schema: okMessage },
  refusals: [404],
  storesNothingWhenRefused: true,
});
