import { StatusCell } from "~/features/documents/document-cells";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { estimateStatuses, estimateStatusLabels } from "@app/shared/api/estimates";
import { formatDate } from "@app/shared/time";
import { AdminPageHeader } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import { DataTable, TBody, Td, Th, THead, Tr } from "~/components/staff/data-table";
import { adminMeta } from "~/features/auth/staff-meta";
import { documentListPage } from "~/features/documents/document-list-page.server";
import { DocumentFilters, EmptyList, isFiltered, ListPager } from "~/features/documents/document-list-view";
import { formatTotals } from "~/features/documents/documents";
import { listEstimates, type EstimateListRow } from "~/features/estimates/estimates-list.server";
import { requireAdmin } from "~/utils/auth.server";
import { staffPage } from "~/utils/route-handle";

export const handle = staffPage;

export const meta: MetaFunction = ({ error }) => adminMeta("Estimates", error);

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

const PATH = "/admin/estimates";

const STATUS_CHOICES = estimateStatuses.map((value) => ({ value, label: estimateStatusLabels[value] }));

/**
 * /admin/estimates (admins, docs/product.md#estimates): every estimate, newest first, 25 a page,
 * by status and by a customer or a number (`?status=&q=&cursor=`); the JSON API's list
 * (GET /api/estimates) through the same service. Works without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return documentListPage(request, (query) => listEstimates(context, query));
}

export default function EstimatesPage() {
  const { estimates, nextCursor, filters, paged } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const filtered = isFiltered(filters);
  return (
    <AdminShell>
      <AdminPageHeader
        title="Estimates"
        description="Every estimate, newest first, 25 a page. Find one by its customer (name, phone, email or address) or its number."
      />
      <DocumentFilters
        path={PATH}
        filters={filters}
        statuses={STATUS_CHOICES}
        placeholder="Customer or EST-2026-0007"
      />
      {estimates.length ? (
        <DataTable
          caption={filtered ? "Estimates matching the filters, newest first" : "Estimates, newest first"}
          busy={navigation.state === "loading" && navigation.location.pathname === PATH}
        >
          <THead>
            <Th>Estimate</Th>
            <Th>Customer</Th>
            <Th>Status</Th>
            <Th className="md:text-right">Total</Th>
            <Th>Created</Th>
            <Th>Sent</Th>
            <Th>Approved</Th>
          </THead>
          <TBody>
            {estimates.map((estimate) => (
              <EstimateRow key={estimate.id} estimate={estimate} />
            ))}
          </TBody>
        </DataTable>
      ) : (
        <EmptyList path={PATH} noun="estimates" filtered={filtered} paged={paged} />
      )}
      <ListPager path={PATH} noun="estimates" filters={filters} paged={paged} nextCursor={nextCursor} />
    </AdminShell>
  );
}

function EstimateRow({ estimate }: { estimate: EstimateListRow }) {
  return (
    <Tr>
      <Td primary>
        <Link
          to={`/admin/estimates/${estimate.id}`}
          className="whitespace-nowrap font-semibold text-brand-700 hover:underline"
        >
          {estimate.number}
        </Link>
      </Td>
      <Td label="Customer">
        <Link to={`/admin/customers/${estimate.customer.id}`} className="text-brand-700 hover:underline">
          {estimate.customer.name}
        </Link>
      </Td>
      <StatusCell kind="estimate" status={estimate.status} />
      <Td label="Total" half className="tabular-nums md:text-right">
        {formatTotals(estimate.totalCents, estimate.maxTotalCents)}
      </Td>
      <Td label="Created" half className="whitespace-nowrap">
        {formatDate(estimate.createdAt)}
      </Td>
      <Td label="Sent" half className="whitespace-nowrap">
        {formatDate(estimate.sentAt, "Not sent")}
      </Td>
      <Td label="Approved" half className="whitespace-nowrap">
        {formatDate(estimate.approvedAt, "—")}
      </Td>
    </Tr>
  );
}
