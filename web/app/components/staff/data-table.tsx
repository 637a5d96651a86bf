/**
 * A data table that is a real table on wide screens and a stack of compact
 * cards on a phone (each cell then shows its column name beside it). The
 * table roles are stated explicitly, because browsers drop a table's
 * semantics once its display is changed.
 */
import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "~/utils/cn";

export function DataTable({
  caption,
  children,
  className,
  busy,
}: {
  caption: string;
  children: ReactNode;
  className?: string;
  busy?: boolean;
}) {
  return (
    <div
      className={cn(
        "md:overflow-x-auto md:rounded-xl md:border md:border-slate-200 md:bg-white md:shadow-sm",
        busy && "opacity-60 transition-opacity",
        className,
      )}
    >
      <table role="table" aria-busy={busy || undefined} className="block w-full text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return (
    <thead role="rowgroup" className="max-md:sr-only md:border-b md:border-slate-200 md:bg-slate-50">
      <tr role="row">{children}</tr>
    </thead>
  );
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      role="columnheader"
      scope="col"
      className={cn(
        "whitespace-nowrap px-3 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 first:pl-4 last:pr-4",
        className,
      )}
      {...props}
    />
  );
}

export function TBody({ children }: { children: ReactNode }) {
  return (
    <tbody role="rowgroup" className="grid gap-3 md:table-row-group md:divide-y md:divide-slate-100">
      {children}
    </tbody>
  );
}

export function Tr({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return (
    <tr
      role="row"
      className={cn(
        "grid grid-cols-2 gap-x-3 gap-y-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm md:table-row md:rounded-none md:border-0 md:p-0 md:shadow-none md:hover:bg-slate-50/70",
        className,
      )}
      {...props}
    />
  );
}

/**
 * A cell. On a phone the row is a two-column card: `primary` cells lead it
 * without a label, `half` cells sit two to a line with their column name
 * above, and other cells take the whole line with the name beside them. The
 * visible names are hidden from assistive technology, which has the column headers.
 */
export function Td({
  label,
  primary,
  half,
  className,
  children,
  ...props
}: TdHTMLAttributes<HTMLTableCellElement> & { label?: string; primary?: boolean; half?: boolean }) {
  const labelled = Boolean(label) && !primary;
  return (
    <td
      role="cell"
      className={cn(
        "align-top md:table-cell md:px-3 md:py-3 md:align-middle md:first:pl-4 md:last:pr-4",
        primary
          ? "col-span-2 block pb-1.5 max-md:border-b max-md:border-slate-100"
          : half
            ? "col-span-1 flex min-w-0 flex-col gap-0.5"
            : "col-span-2 grid grid-cols-[5rem_minmax(0,1fr)] items-start gap-2",
        className,
      )}
      {...props}
    >
      {labelled ? (
        <span aria-hidden="true" className="pt-0.5 text-xs font-medium text-slate-500 md:hidden">
          {label}
        </span>
      ) : null}
      {labelled ? <div className="min-w-0">{children}</div> : children}
    </td>
  );
}

/*
 * A body, rows and cells with no classes of their own, for a table styled as a
 * whole by a class of the stylesheet (the bookings list's `.bookings-table`,
 * styles.css): a page of 50 rows then carries bare cells. Each keeps its
 * explicit role, as every table here does, because some browsers drop a table's
 * semantics once the phone layout changes its display
 * (docs/decisions/011-staff-screens-at-scale.md).
 */
export function BareTBody({ children }: { children: ReactNode }) {
  return <tbody role="rowgroup">{children}</tbody>;
}

export function BareTr(props: HTMLAttributes<HTMLTableRowElement>) {
  return <tr role="row" {...props} />;
}

export function BareTd(props: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td role="cell" {...props} />;
}
