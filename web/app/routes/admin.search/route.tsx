import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "~/utils/responses.server";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDateTime } from "@app/shared/time";
import { AdminPageHeader } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import { StatusBadge } from "~/components/staff/badges";
import { Badge } from "~/components/ui/badge";
import { MemberBadge } from "~/components/staff/member-badge";
import { documentStatusLabel, formatTotals } from "~/features/documents/documents";
import { adminMeta } from "~/features/auth/staff-meta";
import { search } from "~/features/search/search.server";
import { bookingHref, customerHref, type SearchPageData } from "~/features/search/staff-search-box";
import { requireAdmin } from "~/utils/auth.server";
import { staffPage } from "~/utils/route-handle";

export const handle = staffPage;

export const meta: MetaFunction = ({ error }) => adminMeta("Search", error);

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

/**
 * /admin/search?q= (admins): the customers, bookings and documents (estimates, invoices) that match, rendered on the server (the
 * staff bar's box posts here without JavaScript, and reads this loader as you type with it).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const none: SearchPageData = { q, customers: [], bookings: [], documents: [], error: null };
  if (!q.trim()) return data(none);
  const result = await search(context, { q });
  if (!result.ok) return data({ ...none, error: result.errors?.q ?? result.message }, { status: 400 });
  return data<SearchPageData>({ q, ...result.value, error: null });
}

export default function SearchPage() {
  const { q, customers, bookings, documents, error } = useLoaderData<typeof loader>();
  const searched = Boolean(q.trim()) && !error;
  return (
    <AdminShell refresh={false}>
      <AdminPageHeader
        title="Search"
        description={
          searched
            ? `Results for “${q.trim()}”`
            : "Find a customer, booking, estimate or invoice by name, phone, email, address, booking number (#14432) or document number (INV-2026-0042) with the box above."
        }
      />
      {error ? (
        <p role="alert" className="mb-4 text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {searched ? (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 wrap-anywhere lg:grid-cols-2 xl:grid-cols-3">
          <section aria-labelledby="found-customers" className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 id="found-customers" className="text-lg font-semibold text-slate-900">
              Customers <span className="text-sm font-normal text-slate-600">({customers.length})</span>
            </h2>
            {customers.length ? (
              <ul className="mt-2 divide-y divide-slate-100">
                {customers.map((c) => (
                  <li key={c.id} className="py-2">
                    <Link to={customerHref(c.id)} className="font-medium text-brand-700 hover:underline">
                      {c.name}
                    </Link>
                    {c.member ? <MemberBadge mark={c.member} className="ml-2" /> : null}
                    <p className="text-sm text-slate-600">
                      {[c.phone, c.email, c.address].filter(Boolean).join(" · ")}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-600">No customers match.</p>
            )}
          </section>
          <section aria-labelledby="found-bookings" className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 id="found-bookings" className="text-lg font-semibold text-slate-900">
              Bookings <span className="text-sm font-normal text-slate-600">({bookings.length})</span>
            </h2>
            {bookings.length ? (
              <ul className="mt-2 divide-y divide-slate-100">
                {bookings.map((b) => (
                  <li key={b.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
                    <div className="min-w-0">
                      <Link to={bookingHref(b.id)} className="font-medium text-brand-700 hover:underline">
                        {`#${b.id} ${b.summary}`}
                      </Link>
                      <p className="text-sm text-slate-600">{`${b.customerName} · ${formatDateTime(b.scheduledDate)}`}</p>
                    </div>
                    <StatusBadge status={b.status} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-600">No bookings match.</p>
            )}
          </section>
          <section aria-labelledby="found-documents" className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 id="found-documents" className="text-lg font-semibold text-slate-900">
              Documents <span className="text-sm font-normal text-slate-600">({documents.length})</span>
            </h2>
            {documents.length ? (
              <ul className="mt-2 divide-y divide-slate-100">
                {documents.map((d) => (
                  <li key={`${d.kind}-${d.id}`} className="flex flex-wrap items-start justify-between gap-2 py-2">
                    <div className="min-w-0">
                      <Link to={d.href} className="font-medium text-brand-700 hover:underline">
                        {d.number}
                      </Link>
                      <p className="text-sm text-slate-600">
                        {`${d.kind === "estimate" ? "Estimate" : "Invoice"} · ${d.customerName} · ${formatTotals(d.totalCents, d.maxTotalCents)}`}
                      </p>
                    </div>
                    <Badge variant="secondary">{documentStatusLabel(d.kind, d.status)}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-600">No estimates or invoices match.</p>
            )}
          </section>
        </div>
      ) : null}
    </AdminShell>
  );
}
