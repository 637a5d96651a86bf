import { createElement as h, type ReactElement } from "react";
import { Document, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { business } from "@app/shared/business";
import type { EstimateRow } from "@app/shared/estimates/estimates.server";
import { formatCents, formatQuantity, formatRate } from "@app/shared/money/money";
import { formatFullDateTime } from "@app/shared/time";

/**
 * An estimate as a PDF (docs/product.md#estimates), made in the worker with @react-pdf/renderer:
 * its number, each option's lines and stored totals, and, once approved, the option chosen with the
 * customer's typed name and the time. The amounts are the stored ones (never re-added here).
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
});

function money(label: string, cents: number, bold = false): ReactElement {
  return h(View, { style: styles.total, key: label }, [
    h(Text, { key: "l", style: { width: 120, textAlign: "right" } }, label),
    h(
      Text,
      { key: "v", style: { ...styles.money, ...(bold ? { fontFamily: "Helvetica-Bold" } : {}) } },
      formatCents(cents),
    ),
  ]);
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

/** The PDF's bytes. */
export function estimatePdf(e: EstimateRow): Promise<Buffer> {
  const doc = h(Document, { title: `Estimate ${e.number}`, author: business.name, subject: e.number }, [
    h(Page, { key: "p", size: "LETTER", style: styles.page }, [
      h(Text, { key: "t", style: styles.title }, `Estimate ${e.number}`),
      h(Text, { key: "b", style: styles.muted }, `${business.name} · ${business.phone}`),
      h(Text, { key: "c", style: styles.muted }, `For ${e.customer.name} · ${formatFullDateTime(e.createdAt)}`),
      ...e.options.map((o) => optionBlock(e, o)),
      ...signature(e),
    ]),
  ]);
  return renderToBuffer(doc);
}
