import type { ReactNode } from "react";
import type { WayToPay } from "@app/shared/invoices/how-to-pay";

/**
 * "How to pay" (docs/product.md#invoices): the due date and the ways to pay an invoice, as the PDF
 * and the emails give them (packages/shared/src/invoices/how-to-pay.ts); `children` is the page's
 * Pay online form, when it offers one. Long addresses wrap rather than widen a phone's page.
 */
export function HowToPay({
  due,
  ways,
  children,
  headingId = "how-to-pay-heading",
}: {
  due: string;
  ways: WayToPay[];
  children?: ReactNode;
  headingId?: string;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="how-to-pay"
    >
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        How to pay
      </h2>
      <p className="font-semibold text-slate-900" data-testid="invoice-due">
        {due}
      </p>
      <ul className="space-y-2 text-sm text-slate-700">
        {ways.map((w) => (
          <li key={w.kind} className="break-words" data-testid={`pay-by-${w.kind}`}>
            <strong className="text-slate-900">{w.title}:</strong> {w.text}
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}
