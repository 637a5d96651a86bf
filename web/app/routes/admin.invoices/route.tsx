import { InvoiceAmountCells, StatusCell } from "~/features/documents/document-cells";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { invoiceStatuses, invoiceStatusLabels } from "@app/shared/api/invoices";
import { formatDate } from "@app/shared/time";
import { AdminPageHeader } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import { DataTable, TBody, Td, Th, THead, Tr } from "~/components/staff/data-table";
import { adminMeta } from "~/features/auth/staff-meta";
import { documentListPage } from "~/features/documents/document-list-page.server";
import { DocumentFilters, EmptyList, isFiltered, ListPager } from "~/features/documents/document-list-view";
import { listInvoices, type InvoiceListRow } from "~/features/invoices/invoices-list.server";
import { requireAdmin } from "~/utils/auth.server";
import { staffPage } from "~/utils/route-handle";

export const handle = staffPage;

export const meta: MetaFunction = ({ error }) => adminMeta("Invoices", error);

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

const PATH = "/admin/invoices";

/** "Unpaid" (sent or partially paid) first: what the office looks for most. */
const STATUS_CHOICES = [
  { value: "unpaid", label: "Unpaid" },
  ...invoiceStatuses.map((value) => ({ value, label: invoiceStatusLabels[value] })),
];

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/**
 * /admin/invoices (admins, docs/product.md#invoices): every invoice, newest first, 25 a page, by
 * status or Unpaid and by a customer or a number (`?status=&q=&cursor=`); the JSON API's list
 * (GET /api/invoices) through the same service. Works without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return documentListPage(request, (query) => listInvoices(context, query));
}

export default function InvoicesPage() {
  const { invoices, nextCursor, filters, paged } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const filtered = isFiltered(filters);
  return (
    <AdminShell>
      <AdminPageHeader
        title="Invoices"
        description="Every invoice, newest first, 25 a page. Find one by its customer (name, phone, email or address) or its number; Unpaid is sent or partially paid."
      />
      <DocumentFilters
        path={PATH}
        filters={filters}
        statuses={STATUS_CHOICES}
        placeholder="Customer or INV-2026-0042"
      />
      {invoices.length ? (
        <DataTable
          caption={filtered ? "Invoices matching the filters, newest first" : "Invoices, newest first"}
          busy={navigation.state === "loading" && navigation.location.pathname === PATH}
        >
          <THead>
            <Th>Invoice</Th>
            <Th>Customer</Th>
            <Th>Status</Th>
            <Th className="md:text-right">Total</Th>
            <Th className="md:text-right">Paid</Th>
            <Th className="md:text-right">Balance</Th>
            <Th>Created</Th>
            <Th>Sent</Th>
          </THead>
          <TBody>
            {invoices.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} />
            ))}
          </TBody>
        </DataTable>
      ) : (
        <EmptyList path={PATH} noun="invoices" filtered={filtered} paged={paged} />
      )}
      <ListPager path={PATH} noun="invoices" filters={filters} paged={paged} nextCursor={nextCursor} />
    </AdminShell>
  );
}

function InvoiceRow({ invoice }: { invoice: InvoiceListRow }) {
  return (
    <Tr>
      <Td primary>
        <Link
          to={`/admin/invoices/${invoice.id}`}
          className="whitespace-nowrap font-semibold text-brand-700 hover:underline"
        >
          {invoice.number}
        </Link>
      </Td>
      <Td label="Customer">
        <Link to={`/admin/customers/${invoice.customer.id}`} className="text-brand-700 hover:underline">
          {invoice.customer.name}
        </Link>
      </Td>
      <StatusCell kind="invoice" status={invoice.status} />
      <InvoiceAmountCells invoice={invoice} />
      <Td label="Created" half className="whitespace-nowrap">
        {formatDate(invoice.createdAt)}
      </Td>
      <Td label="Sent" half className="whitespace-nowrap">
        {formatDate(invoice.sentAt, "Not sent")}
        {invoice.daysOutstanding !== null ? (
          <span className="block text-xs text-slate-600">{`${days(invoice.daysOutstanding)} outstanding`}</span>
        ) : null}
      </Td>
    </Tr>
  );
}
