import { Form, Link } from "@remix-run/react";
import { Download } from "lucide-react";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/field";
import { DataTable, TBody, Td, Th, THead, Tr } from "~/components/staff/data-table";
import { cn } from "~/utils/cn";
import { formatCents } from "@app/shared/money/money";
import { formatDate, formatMonthTitle, parseMonth } from "@app/shared/time";
import { AGING_BUCKETS, exportDays, formatPercent, type MoneyReport } from "./money-report";

const numberFmt = new Intl.NumberFormat("en-US");

/**
 * The dashboard's "Money this month" (docs/product.md#money-on-the-dashboard): the month's
 * figures, what is owed now by age, the oldest unpaid invoices, a month picker (a GET form, so it
 * works without JavaScript) and the month's payments as CSV.
 */
export function MoneySection({
  report,
  thisMonth,
  monthError,
}: {
  report: MoneyReport;
  /** "YYYY-MM": the current Baton Rouge month. */
  thisMonth: string;
  monthError: string | null;
}) {
  const month = parseMonth(report.month)!;
  const current = report.month === thisMonth;
  const days = exportDays({}, month);
  const csvHref = `/api/payments/export.csv?from=${days.from}&to=${days.to}`;
  const figures: Array<{ label: string; value: string; hint: string }> = [
    { label: "Estimates sent", value: numberFmt.format(report.estimates.sent), hint: "Sent to customers in the month" },
    {
      label: "Estimates approved",
      value: numberFmt.format(report.estimates.approved),
      hint: "Approved by customers in the month",
    },
    {
      label: "Estimates declined",
      value: numberFmt.format(report.estimates.declined),
      hint: "Declined by customers in the month",
    },
    {
      label: "Approval rate",
      value: formatPercent(report.estimates.approvalRatePercent),
      hint: "Of the estimates sent in the month, approved so far",
    },
    { label: "Invoiced", value: formatCents(report.invoicedCents), hint: "Invoices sent in the month, not void" },
    {
      label: "Collected",
      value: formatCents(report.collectedCents),
      hint: "Payments received in the month, deposits included",
    },
    {
      label: "Outstanding now",
      value: formatCents(report.outstandingCents),
      hint: `Owed today on ${numberFmt.format(report.unpaidCount)} ${report.unpaidCount === 1 ? "invoice" : "invoices"}`,
    },
  ];
  return (
    <section id="money" aria-labelledby="money-heading" className="mt-8">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="money-heading" className="text-lg font-bold text-slate-900">
          {current ? "Money this month" : `Money in ${formatMonthTitle(month)}`}
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <Form method="get" action="/dashboard" preventScrollReset className="flex items-end gap-2">
            <div className="space-y-1">
              <Label htmlFor="money-month" className="text-xs text-slate-600">
                Month
              </Label>
              <Input
                id="money-month"
                name="month"
                type="month"
                defaultValue={report.month}
                key={report.month}
                min="2000-01"
                max="2100-12"
                placeholder="YYYY-MM"
                aria-invalid={monthError ? true : undefined}
                aria-describedby={monthError ? "money-month-error" : undefined}
                className="h-11 w-44 py-1 sm:h-9"
              />
            </div>
            <Button type="submit" variant="outline" size="sm">
              Show month
            </Button>
          </Form>
          <a href={csvHref} download className={buttonVariants({ variant: "outline", size: "sm" })}>
            <Download aria-hidden="true" />
            Download payments (CSV)
          </a>
        </div>
      </div>
      {monthError ? (
        <p id="money-month-error" role="alert" className="mb-3 text-sm font-medium text-destructive">
          {monthError}. Showing this month.
        </p>
      ) : null}

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figures.map((f) => (
          <div
            key={f.label}
            className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
          >
            <dt className="order-1 text-sm font-medium text-slate-600">{f.label}</dt>
            <dd className="order-2 mt-1 break-words text-base font-bold tabular-nums text-slate-900 sm:text-2xl">
              {f.value}
            </dd>
            <dd className="order-3 mt-1 text-xs text-slate-600">{f.hint}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-4 grid gap-4 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <AgingTable aging={report.aging} />
        <UnpaidInvoices unpaid={report.unpaid} count={report.unpaidCount} />
      </div>
    </section>
  );
}

/** What is owed now, by days since sent: a small table (the bucket, how many invoices, how much). */
function AgingTable({ aging }: { aging: MoneyReport["aging"] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-sm">
        <caption className="px-4 pt-3 text-left font-semibold text-slate-900">Owed now, by days since sent</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-600">
            <th scope="col" className="px-4 py-2 font-semibold">
              Age
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              Invoices
            </th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {aging.map((row) => (
            <tr key={row.bucket} className={cn(row.bucket === "90+" && row.count > 0 && "bg-amber-50")}>
              <th scope="row" className="whitespace-nowrap px-4 py-2 text-left font-medium text-slate-800">
                {AGING_BUCKETS.find((b) => b.bucket === row.bucket)?.label}
              </th>
              <td className="px-2 py-2 text-right tabular-nums">{numberFmt.format(row.count)}</td>
              <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">{formatCents(row.cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The oldest unpaid invoices, each linking to its staff page, and how many more there are. */
function UnpaidInvoices({ unpaid, count }: { unpaid: MoneyReport["unpaid"]; count: number }) {
  return (
    <div>
      <h3 className="mb-2 text-base font-semibold text-slate-900">Unpaid invoices, oldest first</h3>
      {unpaid.length ? (
        <>
          <DataTable caption="Unpaid invoices, oldest first">
            <THead>
              <Th>Invoice</Th>
              <Th>Customer</Th>
              <Th>Sent</Th>
              <Th className="text-right">Days</Th>
              <Th className="text-right">Total</Th>
              <Th className="text-right">Balance</Th>
            </THead>
            <TBody>
              {unpaid.map((invoice) => (
                <Tr key={invoice.id}>
                  <Td primary>
                    <Link
                      to={`/admin/invoices/${invoice.id}`}
                      className="whitespace-nowrap font-semibold text-brand-700 hover:underline"
                    >
                      {invoice.number}
                    </Link>
                  </Td>
                  <Td label="Customer">{invoice.customerName}</Td>
                  <Td label="Sent" half>
                    <time dateTime={invoice.sentDate} className="whitespace-nowrap">
                      {formatDate(invoice.sentAt)}
                    </time>
                  </Td>
                  <Td label="Days" half className="tabular-nums md:text-right">
                    {numberFmt.format(invoice.daysOutstanding)}
                  </Td>
                  <Td label="Total" half className="tabular-nums md:text-right">
                    {formatCents(invoice.totalCents)}
                  </Td>
                  <Td label="Balance" half className="font-semibold tabular-nums md:text-right">
                    {formatCents(invoice.balanceCents)}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </DataTable>
          {count > unpaid.length ? (
            <p className="mt-2 text-sm text-slate-600">
              The oldest {numberFmt.format(unpaid.length)} of {numberFmt.format(count)} unpaid invoices.
            </p>
          ) : null}
        </>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          Nothing is owed: every sent invoice is paid.
        </p>
      )}
    </div>
  );
}
