import { estimateStatusLabels, type EstimateStatusName } from "@app/shared/api/estimates";
import { invoiceStatusLabels, type InvoiceStatusName } from "@app/shared/api/invoices";
import { formatCents } from "@app/shared/money/money";
import { Badge } from "~/components/ui/badge";
import { Td } from "~/components/staff/data-table";
import { estimateStatusBadges, invoiceStatusBadges } from "./documents";

/**
 * The cells a row of estimates or invoices shares wherever the office lists them (the two lists,
 * a customer's record, docs/product.md#estimates and #invoices): the status badge, and an
 * invoice's total, paid and balance.
 */

export function StatusCell(
  props: { kind: "estimate"; status: EstimateStatusName } | { kind: "invoice"; status: InvoiceStatusName },
) {
  const badge =
    props.kind === "estimate" ? (
      <Badge variant={estimateStatusBadges[props.status]}>{estimateStatusLabels[props.status]}</Badge>
    ) : (
      <Badge variant={invoiceStatusBadges[props.status]}>{invoiceStatusLabels[props.status]}</Badge>
    );
  return (
    <Td label="Status" half>
      <span>{badge}</span>
    </Td>
  );
}

export function InvoiceAmountCells({
  invoice,
}: {
  invoice: { status: InvoiceStatusName; totalCents: number; paidCents: number; balanceCents: number };
}) {
  return (
    <>
      <Td label="Total" half className="tabular-nums md:text-right">
        {formatCents(invoice.totalCents)}
      </Td>
      <Td label="Paid" half className="tabular-nums md:text-right">
        {formatCents(invoice.paidCents)}
      </Td>
      {/* A void invoice is owed nothing (docs/product.md#invoices). */}
      <Td label="Balance" half className="font-semibold tabular-nums md:text-right">
        {invoice.status === "void" ? "—" : formatCents(invoice.balanceCents)}
      </Td>
    </>
  );
}
