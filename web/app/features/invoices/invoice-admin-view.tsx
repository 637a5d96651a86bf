import { Form, Link, useNavigation } from "@remix-run/react";
import { Receipt } from "lucide-react";
import type { InvoiceJson } from "@app/shared/invoices/invoices.server";
import { formatCents, formatRate } from "@app/shared/money/money";
import { business } from "@app/shared/business";
import { invoiceDueOn } from "@app/shared/invoices/how-to-pay";
import { formatDate, formatDateTime, formatLocalDate } from "@app/shared/time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable, TBody, THead, Td, Th, Tr } from "~/components/staff/data-table";
import { DocumentLinks, StaffLinesTable } from "~/features/documents/priced-lines";
import { invoiceStatusLabels } from "@app/shared/api/invoices";
import { paymentMethodLabels } from "@app/shared/api/payments";

/**
 * /admin/invoices/<id>'s pieces (docs/product.md#invoices): the status, Send and Void, the lines and
 * totals, the payments and the balance; and "Create invoice" and the invoices list on the pages of a
 * booking and an estimate. Plain forms: they work without JavaScript.
 */

type Status = InvoiceJson["status"];

export const INVOICE_STATUS_WORDS = invoiceStatusLabels;

const card = "min-w-0 rounded-xl border border-slate-200 bg-white p-4 [overflow-wrap:anywhere] sm:p-6";

export function InvoiceStatus({ invoice }: { invoice: InvoiceJson }) {
  return (
    <section aria-labelledby="status-heading" className={card}>
      <h2 id="status-heading" className="mb-2 flex items-center gap-2 text-lg font-bold text-slate-900">
        Status: <Badge data-testid="invoice-status">{INVOICE_STATUS_WORDS[invoice.status]}</Badge>
      </h2>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Customer</dt>
        <dd>
          {invoice.customer.name} ({invoice.customer.email})
        </dd>
        <dt className="font-medium">Made</dt>
        <dd>{formatDateTime(invoice.createdAt)}</dd>
        <dt className="font-medium">Member discount</dt>
        <dd data-testid="invoice-member-discount">
          {invoice.memberDiscount
            ? `${invoice.memberDiscount.planName}, ${invoice.memberDiscount.percent}% of the subtotal, before tax${invoice.estimateId ? " (the estimate's)" : ""}`
            : "None"}
        </dd>
        {invoice.sentAt ? (
          <>
            <dt className="font-medium">Last sent</dt>
            <dd>{formatDateTime(invoice.sentAt)}</dd>
          </>
        ) : null}
        {invoice.sentAt && (invoice.status === "sent" || invoice.status === "partially_paid") ? (
          <>
            <dt className="font-medium">Due by</dt>
            <dd data-testid="invoice-due">
              {formatLocalDate(invoiceDueOn(new Date(invoice.sentAt)))} (net {business.invoicing.netDays})
            </dd>
          </>
        ) : null}
        {invoice.paidAt ? (
          <>
            <dt className="font-medium">Paid in full</dt>
            <dd>{formatDateTime(invoice.paidAt)}</dd>
          </>
        ) : null}
        {invoice.voidedAt ? (
          <>
            <dt className="font-medium">Voided</dt>
            <dd>{formatDateTime(invoice.voidedAt)}</dd>
          </>
        ) : null}
        <dt className="font-medium">Balance due</dt>
        <dd data-testid="invoice-balance" className="font-semibold">
          {formatCents(invoice.balanceCents)}
        </dd>
      </dl>
      {invoice.refundDueCents > 0 ? (
        <p
          data-testid="invoice-refund-due"
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <strong>Refund due: {formatCents(invoice.refundDueCents)}.</strong> An online payment paid more than was due
          when it arrived (for example an older payment page paid after a newer one). It is recorded as received; refund
          the overpaid part from Stripe&apos;s dashboard.
        </p>
      ) : null}
      <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
        {invoice.bookingId ? (
          <Link
            className="inline-flex min-h-11 items-center text-brand-700 underline sm:min-h-0"
            to={`/admin/bookings/${invoice.bookingId}`}
          >
            Booking #{invoice.bookingId}
          </Link>
        ) : null}
        {invoice.estimateId ? (
          <Link className="text-brand-700 underline" to={`/admin/estimates/${invoice.estimateId}`}>
            Its estimate
          </Link>
        ) : null}
      </p>
    </section>
  );
}

/** Send (Send again once sent) and Void (only while nothing is paid). */
export function InvoiceActions({ invoice }: { invoice: InvoiceJson }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const posting = navigation.formData?.get("intent");
  if (invoice.status === "void") return null;
  return (
    <>
      <Form method="post">
        <input type="hidden" name="intent" value="send" />
        <Button type="submit" disabled={busy}>
          {busy && posting === "send" ? "Sending..." : invoice.sentAt ? "Send again" : "Send"}
        </Button>
      </Form>
      {invoice.paidCents === 0 && invoice.payments.length === 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="void" />
          <Button type="submit" variant="outline" disabled={busy}>
            {busy && posting === "void" ? "Voiding..." : "Void"}
          </Button>
        </Form>
      ) : null}
    </>
  );
}

export function InvoiceLines({ invoice }: { invoice: InvoiceJson }) {
  return (
    <section aria-labelledby="lines-heading" className={card}>
      <h2 id="lines-heading" className="mb-2 text-lg font-bold text-slate-900">
        Lines
      </h2>
      <StaffLinesTable caption={`Lines of invoice ${invoice.number}`} lines={invoice.lines} />
      <p className="mt-2 text-right text-sm">
        Subtotal {formatCents(invoice.subtotalCents)}
        {invoice.memberDiscount
          ? ` · ${invoice.memberDiscount.label} ${formatCents(-invoice.memberDiscountCents)}`
          : ""}
        {invoice.discountCents ? ` · Discount ${formatCents(-invoice.discountCents)}` : ""} · Tax (
        {formatRate(invoice.taxRatePpm)}) {formatCents(invoice.taxCents)} ·{" "}
        <strong>Total {formatCents(invoice.totalCents)}</strong> · Paid {formatCents(invoice.paidCents)} ·{" "}
        <strong>Balance due {formatCents(invoice.balanceCents)}</strong>
      </p>
    </section>
  );
}

export function InvoicePayments({ invoice }: { invoice: InvoiceJson }) {
  return (
    <section aria-labelledby="payments-heading" className={card}>
      <h2 id="payments-heading" className="mb-2 text-lg font-bold text-slate-900">
        Payments
      </h2>
      {invoice.payments.length ? (
        <DataTable caption={`Payments of invoice ${invoice.number}`}>
          <THead>
            <Th>Received</Th>
            <Th>Method</Th>
            <Th>Reference</Th>
            <Th>Amount</Th>
          </THead>
          <TBody>
            {invoice.payments.map((p) => (
              <Tr key={p.id}>
                <Td>{formatDate(p.receivedAt)}</Td>
                <Td>
                  {paymentMethodLabels[p.method]}
                  {p.deposit ? " (deposit)" : ""}
                </Td>
                <Td>{p.reference ?? ""}</Td>
                <Td>
                  {formatCents(p.amountCents)}
                  {p.refundDueCents > 0 ? ` (refund due: ${formatCents(p.refundDueCents)})` : ""}
                </Td>
              </Tr>
            ))}
          </TBody>
        </DataTable>
      ) : (
        <p className="text-sm text-slate-700">No payments yet.</p>
      )}
    </section>
  );
}

/** "Create invoice": a plain form posting `intent=create-invoice` to the page it is on. */
export function CreateInvoiceButton({ busy = false }: { busy?: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="create-invoice" />
      <Button type="submit" variant="outline" disabled={busy}>
        <Receipt aria-hidden="true" />
        Create invoice
      </Button>
    </Form>
  );
}

/** The booking page's list of its visit's invoices (a term of its facts): each a link to its page. */
export function BookingInvoices({ invoices }: { invoices: Array<{ id: number; number: string; status: Status }> }) {
  return (
    <DocumentLinks
      term="Invoices"
      documents={invoices.map((i) => ({
        ...i,
        status: INVOICE_STATUS_WORDS[i.status],
        href: `/admin/invoices/${i.id}`,
      }))}
    />
  );
}
