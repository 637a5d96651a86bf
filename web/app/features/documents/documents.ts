/**
 * Estimates and invoices as the office's lists and the staff search show them
 * (docs/product.md#estimates, #invoices, #search): where each opens, its status in words, and an
 * estimate's total. Safe for the browser.
 */
import { estimateStatusLabels, type EstimateStatusName } from "@app/shared/api/estimates";
import { invoiceStatusLabels, type InvoiceStatusName } from "@app/shared/api/invoices";
import { formatCents } from "@app/shared/money/money";

export type DocumentKind = "estimate" | "invoice";

/** The staff page of a document. */
export const documentHref = (kind: DocumentKind, id: number) =>
  kind === "estimate" ? `/admin/estimates/${id}` : `/admin/invoices/${id}`;

/** A document's status in the words of its staff page. */
export function documentStatusLabel(kind: DocumentKind, status: string): string {
  const labels: Record<string, string> = kind === "estimate" ? estimateStatusLabels : invoiceStatusLabels;
  return labels[status] ?? status;
}

type BadgeVariant = "default" | "secondary" | "accent" | "destructive" | "outline";

/** The look of an estimate's status badge on the staff pages (its list, the customer's record). */
export const estimateStatusBadges: Record<EstimateStatusName, BadgeVariant> = {
  draft: "secondary",
  sent: "default",
  approved: "accent",
  declined: "outline",
  void: "outline",
};

/** The look of an invoice's status badge on the staff pages (its list, the customer's record). */
export const invoiceStatusBadges: Record<InvoiceStatusName, BadgeVariant> = {
  draft: "secondary",
  sent: "default",
  partially_paid: "accent",
  paid: "outline",
  void: "outline",
};

/**
 * An estimate's total, as a range: once approved, its approved option's total; before, from its
 * lowest option's total to its highest (one figure when they are the same, or it has one option).
 */
export function estimateTotals(
  options: ReadonlyArray<{ id: number; totalCents: number }>,
  approvedOptionId: number | null,
): { totalCents: number; maxTotalCents: number } {
  const approved = options.find((o) => o.id === approvedOptionId);
  if (approved) return { totalCents: approved.totalCents, maxTotalCents: approved.totalCents };
  const totals = options.map((o) => o.totalCents);
  if (!totals.length) return { totalCents: 0, maxTotalCents: 0 };
  return { totalCents: Math.min(...totals), maxTotalCents: Math.max(...totals) };
}

/** "$1,850.50", or "$1,850.50 to $3,400.00" for an estimate whose options differ. */
export function formatTotals(totalCents: number, maxTotalCents = totalCents): string {
  return maxTotalCents > totalCents
    ? `${formatCents(totalCents)} to ${formatCents(maxTotalCents)}`
    : formatCents(totalCents);
}
