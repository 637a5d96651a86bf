import type { ActionFunctionArgs } from "@remix-run/node";
import { payOnlineAction } from "~/features/payments/pay-online.server";
import { methodNotAllowed } from "~/utils/api.server";

/** POST /estimates/<token>/deposit: pay an approved estimate's deposit online, on Stripe's page (303). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return payOnlineAction(request, context, "deposit", params.token ?? "");
}

export const loader = () => methodNotAllowed(["POST"]);
