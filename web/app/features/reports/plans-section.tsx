import { formatCents } from "@app/shared/money/money";
import type { PlanFigures } from "@app/shared/plans/plan-reports.server";

const numberFmt = new Intl.NumberFormat("en-US");

/**
 * The dashboard's "Plans" (docs/product.md#plans): the maintenance plans' five figures now, as
 * GET /api/reports/plans answers them (`planReport`, which says what each one counts), a labelled
 * list of name, figure and what it counts, two to a row on a phone.
 */
export function PlansSection({ figures }: { figures: PlanFigures }) {
  const items: Array<{ label: string; value: string; hint: string }> = [
    {
      label: "Members",
      value: numberFmt.format(figures.activeMembers),
      hint: "Active or past due: their discount and priority hold",
    },
    {
      label: "Monthly recurring",
      value: formatCents(figures.monthlyRecurringCents),
      hint: "Active memberships, a month's worth each (yearly ÷ 12)",
    },
    {
      label: "Renewals in 30 days",
      value: numberFmt.format(figures.renewalsDue30Days),
      hint: "Active, not cancelling, renewing within 30 days",
    },
    {
      label: "Past due",
      value: numberFmt.format(figures.pastDue),
      hint: "A charge refused, or a check not recorded",
    },
    {
      label: "Cancelled this month",
      value: numberFmt.format(figures.cancelledThisMonth),
      hint: "Cancellations chosen this month",
    },
  ];
  return (
    <section id="plans" aria-labelledby="plans-figures-heading" className="mt-8">
      <h2 id="plans-figures-heading" className="mb-3 text-lg font-bold text-slate-900">
        Plans
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {items.map((item) => (
          <div
            key={item.label}
            className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
          >
            <dt className="order-1 text-sm font-medium text-slate-600">{item.label}</dt>
            <dd className="order-2 mt-1 break-words text-base font-bold tabular-nums text-slate-900 sm:text-2xl">
              {item.value}
            </dd>
            <dd className="order-3 mt-1 text-xs text-slate-600">{item.hint}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
