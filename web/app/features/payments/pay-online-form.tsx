import { payProblemMessage } from "@app/shared/api/payments";
import { formatCents } from "@app/shared/money/money";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";

/**
 * "Pay online" on the customer's invoice page (/invoices/<token>, docs/product.md#payments): a plain
 * post to /invoices/<token>/pay, which sends the browser to Stripe's Checkout page (card or US bank
 * account) for the balance due. Shown only when Stripe is set up (`enabled`) and something is due.
 * Back from Stripe with `?paid=1` the page says the payment is being confirmed (the webhook records
 * it, never the return); `?payment=<code>` says why no payment page opened; while a bank debit is on
 * its way it says so instead, and offers no second payment.
 */
export function PayOnlineForm({
  token,
  balanceCents,
  enabled,
  searchParams,
  pendingDebit,
}: {
  token: string;
  balanceCents: number;
  enabled: boolean;
  /** The page's query string: `paid` and `payment`. */
  searchParams: URLSearchParams;
  /** A bank payment on its way: the page says so, and offers no second payment meanwhile. */
  pendingDebit: { amountCents: number; date: string } | null;
}) {
  if (balanceCents <= 0) return null;
  if (pendingDebit) return <DebitOnItsWay debit={pendingDebit} />;
  if (searchParams.get("paid") === "1")
    return (
      <Alert tone="success" role="status" data-testid="payment-confirming">
        Thank you: your payment is being confirmed. This page shows it once it is, and a receipt will be emailed to you.
      </Alert>
    );
  if (!enabled) return null;
  const problem = payProblemMessage(searchParams.get("payment"));
  return (
    <div className="space-y-2">
      {problem ? (
        <Alert tone="destructive" role="alert">
          {problem}
        </Alert>
      ) : null}
      <form method="post" action={`/invoices/${token}/pay`}>
        <Button type="submit" size="lg">
          {`Pay ${formatCents(balanceCents)} online`}
        </Button>
      </form>
      <p className="text-sm text-slate-600">By card or from a US bank account, on Stripe&apos;s secure page.</p>
    </div>
  );
}

/** A bank payment started on Stripe's page that has not arrived yet (docs/product.md#payments). */
export function DebitOnItsWay({ debit }: { debit: { amountCents: number; date: string } }) {
  return (
    <Alert tone="info" role="status" data-testid="debit-pending">
      Your bank payment of {formatCents(debit.amountCents)}, started on {debit.date}, is on its way: bank payments take
      a few business days. We will email you a receipt when it arrives, or tell you if it does not go through.
    </Alert>
  );
}
