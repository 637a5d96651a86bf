import { createElement as h, type ReactElement } from "react";
import { Document, Page, Path, StyleSheet, Svg, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { BRAND_MARK } from "@app/shared/brand-mark";
import { business, formatAddress } from "@app/shared/business";
import type { EstimateRow } from "@app/shared/estimates/estimates.server";
import { formatCents, formatQuantity, formatRate } from "@app/shared/money/money";
import { memberDiscountJson } from "@app/shared/plans/member-discount";
import { formatDate, formatFullDateTime } from "@app/shared/time";

/**
 * An estimate as a PDF (docs/product.md#estimates), made in the worker with @react-pdf/renderer: the
 * business's letterhead (its logo, name, license number, address, phone and email), the estimate's
 * number, whom it is for and the service address, its date and the date it is valid until (its
 * link's expiry), each option's lines and stored totals, and, once approved, the option chosen with
 * the customer's typed name and the time; then the terms (business facts' `estimateTerms`). The
 * amounts are the stored ones (never re-added here); a member's discount is its own line of each
 * option's totals, with the plan's name (docs/decisions/029-maintenance-plans.md).
 */

const styles = StyleSheet.create({
  page: { padding: 36, fontSize: 10, fontFamily: "Helvetica", color: "#111827" },
  title: { fontSize: 18, marginBottom: 4, fontFamily: "Helvetica-Bold" },
  muted: { color: "#4b5563", marginBottom: 2 },
  option: { marginTop: 14, borderTop: "1pt solid #d1d5db", paddingTop: 8 },
  optionName: { fontSize: 13, fontFamily: "Helvetica-Bold", marginBottom: 4 },
  row: { flexDirection: "row", paddingVertical: 2 },
  desc: { flexGrow: 1, flexBasis: 0 },
  qty: { width: 50, textAlign: "right" },
  money: { width: 80, textAlign: "right" },
  total: { flexDirection: "row", justifyContent: "flex-end", paddingVertical: 1 },
  signed: { marginTop: 18, padding: 8, border: "1pt solid #059669" },
  letterhead: { flexDirection: "row", alignItems: "center", marginBottom: 14 },
  brand: { fontSize: 14, fontFamily: "Helvetica-Bold", color: "#1e3a8a" },
  facts: { flexDirection: "row", flexWrap: "wrap", marginBottom: 2 },
  fact: { width: "50%", marginBottom: 2 },
  terms: { marginTop: 18, borderTop: "1pt solid #d1d5db", paddingTop: 8 },
  term: { marginBottom: 3, color: "#374151" },
});

/** The business's logo (the brand mark's paths, business facts' one drawing), name, license and contact. */
function letterhead(): ReactElement {
  return h(View, { key: "head", style: styles.letterhead }, [
    h(
      Svg,
      { key: "logo", viewBox: BRAND_MARK.viewBox, style: { width: 40, height: 40, marginRight: 10 } },
      BRAND_MARK.paths.map((path) => h(Path, { key: path.d, d: path.d, fill: path.fill })),
    ),
    h(View, { key: "words" }, [
      h(Text, { key: "n", style: styles.brand }, business.legalName),
      h(Text, { key: "l", style: styles.muted }, `License #${business.licenseNumber}`),
      h(Text, { key: "a", style: styles.muted }, `${formatAddress()} · ${business.phone} · ${business.email}`),
    ]),
  ]);
}

function fact(label: string, value: string): ReactElement {
  return h(Text, { key: label, style: styles.fact }, `${label}: ${value}`);
}

function terms(): ReactElement {
  return h(View, { key: "terms", style: styles.terms, wrap: false }, [
    h(Text, { key: "h", style: styles.optionName }, "Terms"),
    ...business.estimateTerms.map((term, i) => h(Text, { key: String(i), style: styles.term }, `${i + 1}. ${term}`)),
  ]);
}

function money(label: string, cents: number, bold = false): ReactElement {
  return h(View, { style: styles.total, key: label }, [
    // Wide enough for a member's discount's words ("Generator Care member discount (10%)"), right-aligned.
    h(Text, { key: "l", style: { width: 300, textAlign: "right" } }, label),
    h(
      Text,
      { key: "v", style: { ...styles.money, ...(bold ? { fontFamily: "Helvetica-Bold" } : {}) } },
      formatCents(cents),
    ),
  ]);
}

/** A member's discount's line of the totals, when the estimate carries one. */
function memberDiscountRow(e: EstimateRow, cents: number): ReactElement[] {
  const discount = memberDiscountJson(e);
  return discount ? [money(discount.label, -cents)] : [];
}

function optionBlock(e: EstimateRow, o: EstimateRow["options"][number]): ReactElement {
  const chosen = e.approvedOptionId === o.id;
  return h(View, { style: styles.option, key: o.id, wrap: false }, [
    h(Text, { key: "n", style: styles.optionName }, `${o.name}${chosen ? " (approved)" : ""}`),
    h(View, { key: "head", style: { ...styles.row, fontFamily: "Helvetica-Bold" } }, [
      h(Text, { key: "d", style: styles.desc }, "Item"),
      h(Text, { key: "q", style: styles.qty }, "Qty"),
      h(Text, { key: "u", style: styles.money }, "Unit price"),
      h(Text, { key: "t", style: styles.money }, "Amount"),
    ]),
    ...o.lines.map((l) =>
      h(View, { key: `l${l.id}`, style: styles.row }, [
        h(Text, { key: "d", style: styles.desc }, l.description),
        h(Text, { key: "q", style: styles.qty }, formatQuantity(l.quantityHundredths)),
        h(Text, { key: "u", style: styles.money }, formatCents(l.unitPriceCents)),
        h(Text, { key: "t", style: styles.money }, formatCents(l.totalCents)),
      ]),
    ),
    money("Subtotal", o.subtotalCents),
    ...memberDiscountRow(e, o.memberDiscountCents),
    ...(o.discountCents > 0 ? [money("Discount", -o.discountCents)] : []),
    money(`Tax (${formatRate(e.taxRatePpm)})`, o.taxCents),
    money("Total", o.totalCents, true),
    ...(e.depositPercent ? [money(`Deposit (${e.depositPercent}%)`, o.depositCents)] : []),
  ]);
}

function signature(e: EstimateRow): ReactElement[] {
  if (e.status !== "approved" || !e.approvedAt) return [];
  const option = e.options.find((o) => o.id === e.approvedOptionId);
  return [
    h(View, { key: "signed", style: styles.signed }, [
      h(Text, { key: "a" }, `Approved: ${option?.name ?? ""}, ${formatCents(option?.totalCents ?? 0)}`),
      h(Text, { key: "s" }, `Signed by ${e.signatureName ?? ""} on ${formatFullDateTime(e.approvedAt)}`),
    ]),
  ];
}

/** The PDF's bytes; `serviceAddress` is where the work is (the visit's address, else the customer's). */
export function estimatePdf(e: EstimateRow, serviceAddress: string | null): Promise<Buffer> {
  const doc = h(Document, { title: `Estimate ${e.number}`, author: business.name, subject: e.number }, [
    h(Page, { key: "p", size: "LETTER", style: styles.page }, [
      letterhead(),
      h(Text, { key: "t", style: styles.title }, `Estimate ${e.number}`),
      h(View, { key: "facts", style: styles.facts }, [
        fact("Prepared for", e.customer.name),
        fact("Service address", serviceAddress?.trim() || "To be confirmed with you"),
        fact("Date", formatDate(e.sentAt ?? e.createdAt)),
        fact("Valid until", e.tokenExpiresAt ? formatDate(e.tokenExpiresAt) : "30 days from when it is sent"),
      ]),
      ...e.options.map((o) => optionBlock(e, o)),
      ...signature(e),
      terms(),
    ]),
  ]);
  return renderToBuffer(doc);
}
