import { CheckCircle2, Receipt } from "lucide-react";
import type { ReactNode } from "react";
import { business } from "@app/shared/business";
import { formatCents } from "@app/shared/money/money";
import { Alert } from "~/components/ui/alert";
import { Amount, PricedLines } from "~/features/documents/priced-lines";
import { LinkPageFrame } from "~/features/appointments/manage-view";
import { HowToPay } from "./how-to-pay-view";
import type { CustomerInvoice } from "./invoice-link.server";
import { invoiceStatusForCustomer } from "@app/shared/api/invoices";

/**
 * The customer's invoice page (/invoices/<token>, docs/product.md#invoices): the business, the
 * invoice's number and status, its lines, totals, the payments credited (a deposit among them) and
 * the balance due, and while it is due, when and how to pay it. Server-rendered, no script needed; one column on a phone.
 */

export function CustomerInvoicePage({ invoice, payOnline }: { invoice: CustomerInvoice; payOnline?: ReactNode }) {
  return (
    <LinkPageFrame title={`Invoice ${invoice.number}`} icon={Receipt} wide>
      <section aria-labelledby="from-heading" className="text-sm text-slate-700">
        <h2 id="from-heading" className="text-lg font-bold text-slate-900">
          {business.name}
        </h2>
        <p>
          {business.phone} · {business.email}
        </p>
        <p>
          {invoice.date}
          {invoice.visit ? ` · Visit: #${invoice.visit}` : ""} · Status:{" "}
          <strong data-testid="invoice-status">{invoiceStatusForCustomer[invoice.status]}</strong>
        </p>
      </section>
      {invoice.status === "void" ? (
        <Alert tone="warning" role="status">
          This invoice was withdrawn (void): nothing is owed on it. Please call us at {business.phone} with any
          question.
        </Alert>
      ) : invoice.balanceCents === 0 ? (
        <Alert tone="success" role="status" className="flex items-start gap-2">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>Paid in full{invoice.paidAt ? ` on ${invoice.paidAt}` : ""}. Thank you!</span>
        </Alert>
      ) : null}
      <section aria-labelledby="lines-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="lines-heading" className="mb-3 text-xl font-bold text-slate-900">
          Work and materials
        </h2>
        <PricedLines lines={invoice.lines} totals={invoice} taxRate={invoice.taxRate} />
      </section>
      <section aria-labelledby="payments-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="payments-heading" className="mb-3 text-xl font-bold text-slate-900">
          Payments
        </h2>
        {invoice.payments.length ? (
          <ul className="mb-3 space-y-2 text-sm">
            {invoice.payments.map((p) => (
              <li key={p.id} className="flex justify-between gap-3 border-b border-slate-100 pb-2">
                <span>
                  {p.label}
                  <span className="block text-slate-600">{p.date}</span>
                </span>
                <span className="font-medium">{formatCents(p.amountCents)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mb-3 text-sm text-slate-700">No payments yet.</p>
        )}
        <dl className="space-y-1 text-base">
          <Amount label="Paid" cents={invoice.paidCents} />
          <Amount
            label="Balance due"
            cents={invoice.status === "void" ? 0 : invoice.balanceCents}
            strong
            testId="invoice-balance"
          />
        </dl>
      </section>
      {invoice.due ? (
        <HowToPay due={invoice.due} ways={invoice.waysToPay}>
          {payOnline}
        </HowToPay>
      ) : (
        payOnline
      )}
    </LinkPageFrame>
  );
}
