/**
 * The staff bar's search box (docs/product.md#search). Without JavaScript it is a GET form to
 * /admin/search, which lists what matches. With it, it is a combobox: a moment after typing
 * stops, the page's loader is read through a fetcher and the customers, bookings and documents
 * (estimates and invoices) found show under the box; Down and Up move through them, Enter opens the active one (or, with none, the
 * search page), Escape closes the list, and a live region says how many were found.
 */
import { Form, useFetcher, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { Search } from "lucide-react";
import { useEffect, useId, useReducer, useRef, useState, type KeyboardEvent } from "react";
import { searchQuerySchema } from "@app/shared/api/search";
import { memberLabel } from "@app/shared/plans/member-marks";
import { formatDateTime } from "@app/shared/time";
import { statusLabel } from "~/components/staff/format";
import { documentStatusLabel, formatTotals } from "~/features/documents/documents";
import { cn } from "~/utils/cn";
import { formConstraint } from "~/utils/schema-form";
import { closedBox, resultsMessage, searchBoxReducer } from "./search-box-state";
import type { BookingHit, DocumentHit, FoundCustomer } from "./search.server";

/** How long typing must pause before the box asks. */
const SEARCH_DEBOUNCE_MS = 200;

const constraint = formConstraint(searchQuerySchema).q;

const searchHref = (q: string) => `/admin/search?q=${encodeURIComponent(q.trim())}`;
export const customerHref = (id: number) => `/admin/customers/${id}`;
export const bookingHref = (id: number) => `/admin/bookings/${id}`;

/** What /admin/search's loader answers (the page, and this box through its fetcher). */
export interface SearchPageData {
  q: string;
  customers: FoundCustomer[];
  bookings: BookingHit[];
  documents: DocumentHit[];
  error: string | null;
}

interface Option {
  id: string;
  href: string;
  label: string;
  detail: string;
}

function optionsOf(data: SearchPageData | undefined, base: string) {
  const customers: Option[] = (data?.customers ?? []).map((c) => ({
    id: `${base}-customer-${c.id}`,
    href: customerHref(c.id),
    label: c.name,
    // A member says so first (docs/product.md#plans): "Member: Generator Care · 225… · ann@…".
    detail: [...(c.member ? [memberLabel(c.member)] : []), c.phone, c.email].join(" · "),
  }));
  const bookings: Option[] = (data?.bookings ?? []).map((b) => ({
    id: `${base}-booking-${b.id}`,
    href: bookingHref(b.id),
    label: `#${b.id} ${b.summary}`,
    detail: `${b.customerName} · ${statusLabel(b.status)} · ${formatDateTime(b.scheduledDate)}`,
  }));
  const documents: Option[] = (data?.documents ?? []).map((d) => ({
    id: `${base}-${d.kind}-${d.id}`,
    href: d.href,
    label: d.number,
    detail: documentDetail(d),
  }));
  return { customers, bookings, documents, all: [...customers, ...bookings, ...documents] };
}

/** "Marie Thibodeaux · Partially paid · $1,850.50": whose, its status and its total. */
const documentDetail = (d: DocumentHit) =>
  `${d.customerName} · ${documentStatusLabel(d.kind, d.status)} · ${formatTotals(d.totalCents, d.maxTotalCents)}`;

export function StaffSearchBox() {
  const location = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fetcher = useFetcher<SearchPageData>();
  const [text, setText] = useState(() => (location.pathname === "/admin/search" ? (params.get("q") ?? "") : ""));
  const [box, dispatch] = useReducer(searchBoxReducer, closedBox);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const base = useId();
  const listId = `${base}-results`;
  const { customers, bookings, documents, all } = optionsOf(fetcher.data, base);
  const active = box.open ? all[box.active] : undefined;

  // The results of a later search replace the earlier; the active one stays while it exists.
  useEffect(() => dispatch({ type: "results", count: all.length }), [all.length]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const ask = (value: string) => {
    setText(value);
    dispatch({ type: "typed", text: value });
    clearTimeout(timer.current);
    if (value.trim()) timer.current = setTimeout(() => fetcher.load(searchHref(value)), SEARCH_DEBOUNCE_MS);
  };
  const open = (option: Option) => {
    dispatch({ type: "close" });
    navigate(option.href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (
      event.key === "ArrowDown" ||
      event.key === "ArrowUp" ||
      (box.open && (event.key === "Home" || event.key === "End"))
    ) {
      event.preventDefault();
      dispatch({ type: "key", key: event.key, count: all.length });
    } else if (event.key === "Escape" && box.open) {
      event.preventDefault();
      dispatch({ type: "close" });
    } else if (event.key === "Enter" && active) {
      event.preventDefault();
      open(active);
    }
  };
  const showing = box.open && fetcher.data !== undefined && text.trim() !== "";
  const listed = showing && all.length > 0;

  return (
    <Form
      method="get"
      action="/admin/search"
      role="search"
      aria-label="Customers, bookings and documents"
      className="relative w-full md:w-80"
      onSubmit={() => dispatch({ type: "close" })}
    >
      <label htmlFor={`${base}-q`} className="sr-only">
        Find a customer, booking, estimate or invoice
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-slate-500"
      />
      <input
        id={`${base}-q`}
        name="q"
        type="search"
        autoComplete="off"
        required={constraint?.required}
        maxLength={constraint?.maxLength}
        placeholder="Name, phone, email, # or INV-…"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={listed}
        aria-controls={listed ? listId : undefined}
        aria-activedescendant={listed && active ? active.id : undefined}
        value={text}
        onChange={(e) => ask(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => dispatch({ type: "close" })}
        className="h-11 w-full rounded-md border md:h-9 border-slate-300 bg-white pl-8 pr-3 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
      />
      {/* Only while there is something to choose: the page carries no empty list. */}
      {listed ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Customers, bookings and documents found"
          className="absolute right-0 z-40 mt-1 max-h-[70vh] w-full min-w-72 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          <OptionGroup label="Customers" options={customers} activeId={active?.id} onOpen={open} />
          <OptionGroup label="Bookings" options={bookings} activeId={active?.id} onOpen={open} />
          <OptionGroup label="Documents" options={documents} activeId={active?.id} onOpen={open} />
        </div>
      ) : null}
      <p role="status" className="sr-only">
        {showing && fetcher.state === "idle" ? resultsMessage(customers.length, bookings.length, documents.length) : ""}
      </p>
    </Form>
  );
}

function OptionGroup(props: {
  label: string;
  options: Option[];
  activeId: string | undefined;
  onOpen: (option: Option) => void;
}) {
  const headingId = useId();
  if (!props.options.length) return null;
  return (
    <div role="group" aria-labelledby={headingId}>
      <p id={headingId} role="presentation" className="px-3 pb-1 pt-2 text-xs font-semibold uppercase text-slate-600">
        {props.label}
      </p>
      {props.options.map((option) => (
        <div
          key={option.id}
          id={option.id}
          role="option"
          aria-selected={option.id === props.activeId}
          tabIndex={-1}
          // Keeps the focus in the box, so the list does not close before the click.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => props.onOpen(option)}
          onKeyDown={(e) => e.key === "Enter" && props.onOpen(option)}
          className={cn(
            "cursor-pointer px-3 py-1.5 text-sm",
            option.id === props.activeId ? "bg-brand-50 text-brand-900" : "hover:bg-slate-50",
          )}
        >
          <span className="block font-medium text-slate-900">{option.label}</span>
          <span className="block truncate text-xs text-slate-600">{option.detail}</span>
        </div>
      ))}
    </div>
  );
}
