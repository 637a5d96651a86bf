/**
 * What /admin/estimates and /admin/invoices share (docs/product.md#estimates, #invoices, "Lists"):
 * the filters (a GET form: it works without JavaScript), the words of an empty list, and the pages'
 * links (a cursor in the address). Each page draws its own table.
 */
import { Form, Link } from "@remix-run/react";
import { ChevronRight, FileText } from "lucide-react";
import { STAFF_SEARCH_MAX_LENGTH } from "@app/shared/api/limits";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, Label, NativeSelect } from "~/components/ui/field";
import { cn } from "~/utils/cn";

export interface ListFilters {
  q: string;
  status: string;
}

/** The address of a page of the list with these filters, from `cursor` (the newest page without). */
function listHref(path: string, filters: ListFilters, cursor?: string) {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (cursor) params.set("cursor", cursor);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const isFiltered = (filters: ListFilters) => Boolean(filters.q || filters.status);

/** The search (a customer as the staff search finds one, or a number) and the status, sent with the Filter button or Enter. */
export function DocumentFilters({
  path,
  filters,
  statuses,
  placeholder,
}: {
  path: string;
  filters: ListFilters;
  statuses: ReadonlyArray<{ value: string; label: string }>;
  placeholder: string;
}) {
  return (
    <Form method="get" action={path} className="mb-4 flex flex-wrap items-end gap-3">
      <div className="space-y-1">
        <Label htmlFor="filter-q" className="text-xs text-slate-600">
          Search
        </Label>
        <Input
          id="filter-q"
          name="q"
          type="search"
          defaultValue={filters.q}
          key={`q-${filters.q}`}
          maxLength={STAFF_SEARCH_MAX_LENGTH}
          placeholder={placeholder}
          className="h-11 w-72 max-w-full py-1 sm:h-9"
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="filter-status" className="text-xs text-slate-600">
          Status
        </Label>
        <NativeSelect
          id="filter-status"
          name="status"
          defaultValue={filters.status}
          key={`s-${filters.status}`}
          className="h-11 w-44 py-1 sm:h-9"
        >
          <option value="">All statuses</option>
          {statuses.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" size="sm" variant="outline">
        Filter
      </Button>
      {isFiltered(filters) ? (
        <Link to={path} className={buttonVariants({ variant: "ghost", size: "sm" })}>
          Clear filters
        </Link>
      ) : null}
    </Form>
  );
}

/** An empty page, in words: nothing yet, nothing matching the filters, or nothing older. */
export function EmptyList({
  path,
  noun,
  filtered,
  paged,
}: {
  path: string;
  /** "estimates", "invoices". */
  noun: string;
  filtered: boolean;
  paged: boolean;
}) {
  const title = `No ${noun}`;
  const message = paged
    ? `There are no older ${noun}${filtered ? " matching these filters" : ""}.`
    : filtered
      ? `No ${noun} match these filters. Try another search or status, or clear the filters.`
      : `No ${noun} have been made yet.`;
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <FileText aria-hidden="true" className="mx-auto size-10 text-slate-400" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{message}</p>
      {filtered || paged ? (
        <Link to={path} className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-4")}>
          {`Show all ${noun}`}
        </Link>
      ) : null}
    </div>
  );
}

/** "Newest" back to the first page once paged, and "Older" while there is a next page. */
export function ListPager({
  path,
  noun,
  filters,
  paged,
  nextCursor,
}: {
  path: string;
  noun: string;
  filters: ListFilters;
  paged: boolean;
  nextCursor: string | null;
}) {
  if (!paged && !nextCursor) return null;
  return (
    <nav aria-label={`Pages of ${noun}`} className="mt-4 flex items-center justify-between gap-3">
      {paged ? (
        <Link to={listHref(path, filters)} className="text-sm font-medium text-brand-700 hover:underline">
          Newest
        </Link>
      ) : (
        <span />
      )}
      {nextCursor ? (
        <Link to={listHref(path, filters, nextCursor)} className={buttonVariants({ variant: "outline", size: "sm" })}>
          Older
          <ChevronRight aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}
