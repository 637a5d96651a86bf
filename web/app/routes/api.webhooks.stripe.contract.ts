import { stripeEventSchema } from "@app/shared/api/payments";
import { okMessage } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.webhooks.stripe.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
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
