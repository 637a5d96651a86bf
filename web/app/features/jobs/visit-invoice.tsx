import { Form, useNavigation } from "@remix-run/react";
import { invoiceStatusLabels } from "@app/shared/api/invoices";
import { formatCents } from "@app/shared/money/money";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Outcome } from "~/components/ui/outcome";
import { RecordPaymentForm } from "~/features/payments/record-payment-form";
import { type ActionResult } from "~/utils/schema-form";
import { INVOICE_PAYMENT_INTENT, INVOICE_SEND_INTENT } from "./jobs-intents";

/** What /jobs shows of a visit's live (not void) invoice. */
export interface VisitInvoice {
  id: number;
  number: string;
  status: "draft" | "sent" | "partially_paid" | "paid";
  totalCents: number;
  paidCents: number;
  balanceCents: number;
}

/** One send form and one payment form per invoice on the page, each naming its invoice (jobs-intents.ts). */
const paymentIntent = (invoiceId: number) => `${INVOICE_PAYMENT_INTENT}${invoiceId}`;
const sendIntent = (invoiceId: number) => `${INVOICE_SEND_INTENT}${invoiceId}`;

/**
 * A visit's invoice on /jobs (docs/product.md#technicians-day): its number, status, total and what
 * is due; a draft can be emailed to the customer from here, and a sent one takes what the customer
 * pays on site. Plain posts: they work without JavaScript. `posted` is the page's last answer when
 * it was about this invoice (sent, or a payment): it shows here, in view and focused.
 */
export function VisitInvoiceSection({
  invoice,
  posted,
  onlinePayment,
  today,
}: {
  invoice: VisitInvoice;
  posted?: ActionResult;
  /** Whether customers can pay online (Stripe is set up): only then does the email carry a link to pay. */
  onlinePayment: boolean;
  /** The business's day, "YYYY-MM-DD": the payment's date received starts there. */
  today: string;
}) {
  const navigation = useNavigation();
  const send = sendIntent(invoice.id);
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === send;
  const headingId = `invoice-${invoice.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="mt-4 space-y-3 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
        Invoice {invoice.number}
        <Badge data-testid="visit-invoice-status">{invoiceStatusLabels[invoice.status]}</Badge>
      </h3>
      <p className="text-sm text-slate-700">
        Total {formatCents(invoice.totalCents)}
        {invoice.paidCents > 0 ? `, paid ${formatCents(invoice.paidCents)}` : ""}
        {invoice.status === "paid" ? ": paid in full." : `, due ${formatCents(invoice.balanceCents)}.`}
      </p>
      {/* The answer to sending it or to a payment, here: the form may be gone with it (sent, paid in full). */}
      {posted ? (
        <Outcome tone={posted.ok ? "success" : "destructive"} revealKey={posted.at}>
          {posted.message}
        </Outcome>
      ) : null}
      {invoice.status === "draft" ? (
        <Form method="post">
          <input type="hidden" name="intent" value={send} />
          <p className="mb-2 text-sm text-slate-700">
            Not sent yet. Send it to take a payment: the customer gets it by email with its PDF
            {onlinePayment ? ", and a link to pay online" : ""}.
          </p>
          <Button type="submit" className="h-11" disabled={sending}>
            {sending ? "Sending..." : "Send invoice to the customer"}
          </Button>
        </Form>
      ) : invoice.status !== "paid" ? (
        <RecordPaymentForm
          // A new form for each balance: its amount starts at what is due now.
          key={invoice.balanceCents}
          invoiceId={invoice.id}
          balanceCents={invoice.balanceCents}
          lastResult={posted}
          intent={paymentIntent(invoice.id)}
          heading="Collect a payment"
          headingLevel={4}
          today={today}
        />
      ) : null}
    </section>
  );
}
