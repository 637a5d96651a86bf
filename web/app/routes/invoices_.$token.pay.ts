import type { ActionFunctionArgs } from "@remix-run/node";
import { payOnlineAction } from "~/features/payments/pay-online.server";
import { methodNotAllowed } from "~/utils/api.server";

/** POST /invoices/<token>/pay: "Pay online" for the invoice's balance due, on Stripe's page (303). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return payOnlineAction(request, context, "invoice", params.token ?? "");
}

export const loader = () => methodNotAllowed(["POST"]);
