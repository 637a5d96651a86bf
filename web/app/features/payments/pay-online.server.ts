/**
 * "Pay online" (docs/product.md#payments): POST /invoices/<token>/pay and POST /estimates/<token>/deposit,
 * plain form posts from the customer's pages (no sign-in: the link's token is the key). A Checkout
 * Session is made (or an open one reused) and the browser is sent to Stripe's page (303). Anything
 * else sends the customer back to their page with `?payment=<code>` (`payProblems`), never a 5xx;
 * an unknown link is a 404.
 */
import type { AppLoadContext } from "@remix-run/node";
import { linkTokenSchema, type PayProblem } from "@app/shared/api/payments";
import { checkoutProblemCode, startDepositCheckout, startInvoiceCheckout } from "@app/shared/payments/stripe.server";
import { apiError } from "~/utils/api.server";
import { throttleLinkRequest } from "~/features/appointments/public.server";

const NOT_VALID = "This link is not valid. Please check the link in your email.";

export async function payOnlineAction(
  request: Request,
  context: AppLoadContext,
  kind: "invoice" | "deposit",
  token: string,
): Promise<Response> {
  if (request.method !== "POST") return apiError(405, "Method not allowed", undefined, { Allow: "POST" });
  if (!linkTokenSchema.safeParse(token).success) return apiError(404, NOT_VALID);
  const page = `/${kind === "invoice" ? "invoices" : "estimates"}/${token}`;
  const back = (code: PayProblem) =>
    new Response(null, { status: 303, headers: { Location: `${page}?payment=${code}`, "Cache-Control": "no-store" } });
  try {
    if (await throttleLinkRequest(context)) return back("busy");
    if (!context.services.env.STRIPE) return back("unavailable");
    const origin = context.services.env.APP_URL;
    const result =
      kind === "invoice"
        ? await startInvoiceCheckout(context, token, origin)
        : await startDepositCheckout(context, token, origin);
    if (result.ok)
      return new Response(null, { status: 303, headers: { Location: result.value.url, "Cache-Control": "no-store" } });
    if (result.status === 404) return apiError(404, NOT_VALID);
    return back((checkoutProblemCode(result) as PayProblem | null) ?? "unavailable");
  } catch (error) {
    context.logger.error({ err: error }, "pay online: could not start a checkout");
    return back("unavailable");
  }
}
