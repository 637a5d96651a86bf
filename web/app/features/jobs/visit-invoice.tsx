import { Form, useNavigation } from "@remix-run/react";
import { invoiceStatusLabels } from "@app/shared/api/invoices";
import { formatCents } from "@app/shared/money/money";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { RecordPaymentForm } from "~/features/payments/record-payment-form";
import type { ActionResult } from "~/utils/schema-form";

/** What /jobs shows of a visit's live (not void) invoice. */
export interface VisitInvoice {
  id: number;
  number: string;
  status: "draft" | "sent" | "partially_paid" | "paid";
  totalCents: number;
  paidCents: number;
  balanceCents: number;
}

/** The send form's intent; the payment form's is `invoice-payment:<invoice id>` (one form per invoice on the page). */
const SEND_INTENT = "invoice-send";
export const PAYMENT_INTENT = "invoice-payment:";

const paymentIntent = (invoiceId: number) => `${PAYMENT_INTENT}${invoiceId}`;
const sendIntent = (invoiceId: number) => `${SEND_INTENT}:${invoiceId}`;

export type InvoiceIntent = `invoice-send:${string}` | `invoice-payment:${string}`;

export const isInvoiceIntent = (intent: unknown): intent is InvoiceIntent =>
  typeof intent === "string" && (intent.startsWith(PAYMENT_INTENT) || intent.startsWith(`${SEND_INTENT}:`));

/**
 * A visit's invoice on /jobs (docs/product.md#technicians-day): its number, status, total and what
 * is due; a draft can be emailed to the customer from here, and a sent one takes what the customer
 * pays on site (cash, a check, other; a part is fine). Plain posts: they work without JavaScript.
 */
export function VisitInvoiceSection({ invoice, posted }: { invoice: VisitInvoice; posted?: ActionResult }) {
  const navigation = useNavigation();
  const send = sendIntent(invoice.id);
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === send;
  const sent = posted?.intent === send ? posted : undefined;
  const headingId = `invoice-${invoice.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="mt-4 space-y-3 border-t border-slate-200 pt-4">
      <h5 id={headingId} className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
        Invoice {invoice.number}
        <Badge data-testid="visit-invoice-status">{invoiceStatusLabels[invoice.status]}</Badge>
      </h5>
      <p className="text-sm text-slate-700">
        Total {formatCents(invoice.totalCents)}
        {invoice.paidCents > 0 ? `, paid ${formatCents(invoice.paidCents)}` : ""}
        {invoice.status === "paid" ? ": paid in full." : `, due ${formatCents(invoice.balanceCents)}.`}
      </p>
      {sent ? (
        <Alert tone={sent.ok ? "success" : "destructive"} role={sent.ok ? "status" : "alert"}>
          {sent.message}
        </Alert>
      ) : null}
      {invoice.status === "draft" ? (
        <Form method="post">
          <input type="hidden" name="intent" value={send} />
          <p className="mb-2 text-sm text-slate-700">
            Not sent yet. Send it to take a payment: the customer gets it by email, with a link to pay online.
          </p>
          <Button type="submit" className="h-11" disabled={sending}>
            {sending ? "Sending..." : "Send invoice to the customer"}
          </Button>
        </Form>
      ) : invoice.status !== "paid" ? (
        <RecordPaymentForm
          invoiceId={invoice.id}
          balanceCents={invoice.balanceCents}
          lastResult={posted}
          intent={paymentIntent(invoice.id)}
          heading="Collect a payment"
          headingLevel={6}
        />
      ) : null}
    </section>
  );
}
