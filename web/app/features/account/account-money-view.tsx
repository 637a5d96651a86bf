import { invoiceStatusForCustomer } from "@app/shared/api/invoices";
import { business } from "@app/shared/business";
import { formatCents } from "@app/shared/money/money";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card, CardContent } from "~/components/ui/card";
import { cn } from "~/utils/cn";
import type { AccountEstimate, AccountInvoice, AccountMoney, AccountReceipt } from "./account-money.server";

/**
 * The customer hub's money (docs/product.md#customer-portal): estimates (approve or decline on the
 * estimate's page), invoices with their balance, due date and ways to pay (pay on the invoice's
 * page), and receipts. One column on a phone; long words wrap rather than widen the page, and every
 * link a thumb taps is at least 44 px tall.
 */
export function AccountMoneySections({ money }: { money: AccountMoney }) {
  return (
    <>
      <EstimateList estimates={money.estimates} />
      <InvoiceList invoices={money.invoices} />
      <ReceiptList receipts={money.receipts} />
    </>
  );
}

/** A link that looks like a button: at least 44 px tall, its words wrapping on a narrow phone. */
const linkLook = (variant: "default" | "outline") =>
  cn(buttonVariants({ variant, size: "lg" }), "h-auto min-h-12 w-full whitespace-normal py-2 text-center sm:w-auto");
const linkButton = linkLook("default");
const quietLink = linkLook("outline");

function Empty({ children }: { children: string }) {
  return (
    <Card>
      <CardContent className="pt-6 text-slate-700">{children}</CardContent>
    </Card>
  );
}

const estimateStatus: Record<AccountEstimate["status"], string> = {
  sent: "Awaiting your answer",
  approved: "Approved",
  declined: "Declined",
};

function EstimateList({ estimates }: { estimates: AccountEstimate[] }) {
  return (
    <section aria-labelledby="estimates-heading" className="min-w-0 space-y-4">
      <h2 id="estimates-heading" className="text-2xl font-bold">
        Your estimates
      </h2>
      {estimates.length === 0 ? (
        <Empty>No estimates yet.</Empty>
      ) : (
        <ul className="space-y-3" aria-label="Your estimates">
          {estimates.map((e) => (
            <li key={e.id}>
              <Card>
                <CardContent className="space-y-2 pt-6">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                    Estimate {e.number}
                    <Badge variant={e.status === "sent" ? "accent" : "secondary"}>{estimateStatus[e.status]}</Badge>
                  </p>
                  <p className="text-sm text-slate-600">Sent {e.date}</p>
                  <ul className="text-sm text-slate-700">
                    {e.options.map((o) => (
                      <li key={o.name} className="break-words">
                        {o.name}: {formatCents(o.totalCents)}
                      </li>
                    ))}
                  </ul>
                  {e.href ? (
                    <a href={e.href} className={e.awaitingAnswer ? linkButton : quietLink}>
                      {e.awaitingAnswer ? `Review, approve or decline ${e.number}` : `View estimate ${e.number}`}
                    </a>
                  ) : e.status === "sent" ? (
                    <p className="text-sm text-slate-700">
                      Its link has expired: call us at{" "}
                      <a className="font-semibold text-brand-700 underline" href={business.phoneHref}>
                        {business.phone}
                      </a>{" "}
                      and we will send it again.
                    </p>
                  ) : null}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function InvoiceList({ invoices }: { invoices: AccountInvoice[] }) {
  const owed = invoices.reduce((sum, i) => sum + i.balanceCents, 0);
  return (
    <section aria-labelledby="invoices-heading" className="min-w-0 space-y-4">
      <h2 id="invoices-heading" className="text-2xl font-bold">
        Your invoices
      </h2>
      {invoices.length === 0 ? (
        <Empty>No invoices yet.</Empty>
      ) : (
        <>
          <p className="text-slate-800" data-testid="account-balance">
            {owed > 0 ? (
              <>
                Balance due: <strong>{formatCents(owed)}</strong>
              </>
            ) : (
              "Nothing is due. Thank you!"
            )}
          </p>
          <ul className="space-y-3" aria-label="Your invoices">
            {invoices.map((i) => (
              <li key={i.id}>
                <InvoiceCard invoice={i} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function InvoiceCard({ invoice: i }: { invoice: AccountInvoice }) {
  return (
    <Card>
      <CardContent className="space-y-2 pt-6">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          Invoice {i.number}
          <Badge variant={i.status === "paid" ? "secondary" : "accent"}>{invoiceStatusForCustomer[i.status]}</Badge>
        </p>
        <p className="text-sm text-slate-600">Sent {i.date}</p>
        <p className="text-sm text-slate-700">
          Total {formatCents(i.totalCents)}
          {i.paidCents > 0 ? `, paid ${formatCents(i.paidCents)}` : ""}
          {i.balanceCents > 0 ? (
            <>
              , <strong className="text-slate-900">balance {formatCents(i.balanceCents)}</strong>
            </>
          ) : (
            ": paid in full"
          )}
          .
        </p>
        {i.due ? (
          <div className="space-y-1 text-sm text-slate-700">
            <p className="font-semibold text-slate-900">{i.due}</p>
            <ul className="space-y-1">
              {i.waysToPay.map((w) => (
                <li key={w.kind} className="break-words">
                  <strong className="text-slate-900">{w.title}:</strong> {w.text}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {i.href ? (
          <a href={i.href} className={i.balanceCents > 0 ? linkButton : quietLink}>
            {i.balanceCents > 0 ? `View and pay ${i.number}` : `View invoice ${i.number}`}
          </a>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ReceiptList({ receipts }: { receipts: AccountReceipt[] }) {
  return (
    <section aria-labelledby="receipts-heading" className="min-w-0 space-y-4">
      <h2 id="receipts-heading" className="text-2xl font-bold">
        Your receipts
      </h2>
      {receipts.length === 0 ? (
        <Empty>No payments yet.</Empty>
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
          aria-label="Your receipts"
        >
          {receipts.map((r) => (
            <li key={r.id} className="flex flex-wrap justify-between gap-2 p-4 text-sm">
              <span className="min-w-0 break-words">
                <span className="font-medium text-slate-900">{r.paid}</span>
                <span className="block text-slate-600">
                  {r.date} · {r.method}
                </span>
              </span>
              <span className="font-semibold text-slate-900">{formatCents(r.amountCents)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
