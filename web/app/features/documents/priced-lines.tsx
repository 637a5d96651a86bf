import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatCents, formatQuantity } from "@app/shared/money/money";
import { DataTable, TBody, THead, Td, Th, Tr } from "~/components/staff/data-table";

/**
 * What estimates and invoices show alike (docs/product.md#estimates, #invoices): a document's priced
 * lines, its amounts as the money module stored them, and the links a visit's page lists.
 */

/** One amount of a document's totals: a term and its value, in a definition list. */
export function Amount({
  label,
  cents,
  strong = false,
  testId,
}: {
  label: string;
  cents: number;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={strong ? "flex justify-between font-bold text-slate-900" : "flex justify-between text-slate-700"}
      data-testid={testId}
    >
      <dt>{label}</dt>
      <dd>{formatCents(cents)}</dd>
    </div>
  );
}

interface PricedLine {
  id: number;
  description: string;
  /** As the customer reads it ("1.5"). */
  quantity: string;
  unitPriceCents: number;
  totalCents: number;
}

interface Totals {
  subtotalCents: number;
  discountCents: number;
  /** A member's discount (docs/decisions/029-maintenance-plans.md): its line's words, or null for none. */
  memberDiscountLabel: string | null;
  memberDiscountCents: number;
  taxCents: number;
  totalCents: number;
}

/** A member's discount as its own line of the totals ("Generator Care member discount (10%)", negative), when any. */
function MemberDiscountAmount({ totals }: { totals: Pick<Totals, "memberDiscountLabel" | "memberDiscountCents"> }) {
  return totals.memberDiscountLabel ? (
    <Amount label={totals.memberDiscountLabel} cents={-totals.memberDiscountCents} testId="member-discount" />
  ) : null;
}

/**
 * The lines (description, quantity × unit price, line total) and the totals (subtotal, a member's
 * discount and the discount when any, tax at its rate, total), then what else the document adds (a
 * deposit, what was paid).
 */
export function PricedLines({
  lines,
  totals,
  taxRate,
  children,
}: {
  lines: PricedLine[];
  totals: Totals;
  /** The rate as the customer reads it ("9.45%"). */
  taxRate: string;
  children?: ReactNode;
}) {
  return (
    <>
      <ul className="mb-3 space-y-2 text-sm">
        {lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-3 border-b border-slate-100 pb-2">
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {line.description}
              <span className="block text-slate-600">
                {line.quantity} × {formatCents(line.unitPriceCents)}
              </span>
            </span>
            <span className="font-medium">{formatCents(line.totalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-1 text-sm">
        <Amount label="Subtotal" cents={totals.subtotalCents} />
        <MemberDiscountAmount totals={totals} />
        {totals.discountCents > 0 ? <Amount label="Discount" cents={-totals.discountCents} /> : null}
        <Amount label={`Tax (${taxRate})`} cents={totals.taxCents} />
        <Amount label="Total" cents={totals.totalCents} strong />
        {children}
      </dl>
    </>
  );
}

/** A visit's estimates or invoices on its staff page (a term of its facts): each a link to its page. */
export function DocumentLinks({
  term,
  documents,
}: {
  term: string;
  documents: Array<{ id: number; number: string; status: string; href: string }>;
}) {
  if (!documents.length) return null;
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{term}</dt>
      <dd className="mt-0.5 text-slate-900">
        {documents.map((d) => (
          <Link key={d.id} to={d.href} className="block font-medium text-brand-700 underline-offset-2 hover:underline">
            {d.number} ({d.status})
          </Link>
        ))}
      </dd>
    </div>
  );
}

/** The lines as the staff pages show them: a table (description, quantity, unit price, amount), in whole cents. */
export function StaffLinesTable({
  caption,
  lines,
}: {
  caption: string;
  lines: Array<{
    id: number;
    description: string;
    taxable: boolean;
    quantityHundredths: number;
    unitPriceCents: number;
    totalCents: number;
    /** Set on an invoice's line added on the job record. */
    jobItemId?: number | null;
  }>;
}) {
  return (
    <DataTable caption={caption}>
      <THead>
        <Th>Description</Th>
        <Th>Qty</Th>
        <Th>Unit price</Th>
        <Th>Amount</Th>
      </THead>
      <TBody>
        {lines.map((l) => (
          <Tr key={l.id}>
            <Td>
              {l.description}
              {l.taxable ? "" : " (not taxed)"}
              {l.jobItemId ? <span className="block text-xs text-slate-600">Added on site</span> : null}
            </Td>
            <Td>{formatQuantity(l.quantityHundredths)}</Td>
            <Td>{formatCents(l.unitPriceCents)}</Td>
            <Td>{formatCents(l.totalCents)}</Td>
          </Tr>
        ))}
      </TBody>
    </DataTable>
  );
}
