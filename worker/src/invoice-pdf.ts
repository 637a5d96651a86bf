import { createElement as h, type ReactElement } from "react";
import { Document, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { business, formatAddress } from "@app/shared/business";
import { dueSentence, waysToPay } from "@app/shared/invoices/how-to-pay";
import { isDeposit, type InvoiceRow } from "@app/shared/invoices/invoices.server";
import { balanceCents, formatCents, formatQuantity, formatRate } from "@app/shared/money/money";
import { memberDiscountJson } from "@app/shared/plans/member-discount";
import { formatDate } from "@app/shared/time";
import { invoiceStatusForCustomer } from "@app/shared/api/invoices";
import { paymentMethodLabels } from "@app/shared/api/payments";

/**
 * An invoice as a PDF (docs/product.md#invoices), made in the worker with @react-pdf/renderer: the
 * business, its number and dates, the customer, each line, the stored totals, what was paid (the
 * estimate's deposit included), the balance due, and while it is due, its due date and how to pay it. The amounts are the stored ones (never re-added
 * here); a member's discount is its own line of the totals, with the plan's name
 * (docs/decisions/029-maintenance-plans.md); its text is real text (a reader can search and copy it).
 */

const styles = StyleSheet.create({
  page: { padding: 36, fontSize: 10, fontFamily: "Helvetica", color: "#111827" },
  business: { fontSize: 14, fontFamily: "Helvetica-Bold" },
  title: { fontSize: 18, marginTop: 14, marginBottom: 4, fontFamily: "Helvetica-Bold" },
  muted: { color: "#4b5563", marginBottom: 2 },
  lines: { marginTop: 14, borderTop: "1pt solid #d1d5db", paddingTop: 8 },
  row: { flexDirection: "row", paddingVertical: 2 },
  desc: { flexGrow: 1, flexBasis: 0 },
  qty: { width: 50, textAlign: "right" },
  money: { width: 80, textAlign: "right" },
  total: { flexDirection: "row", justifyContent: "flex-end", paddingVertical: 1 },
  payments: { marginTop: 14 },
});

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

function lineTable(i: InvoiceRow): ReactElement {
  return h(View, { style: styles.lines, key: "lines" }, [
    h(View, { key: "head", style: { ...styles.row, fontFamily: "Helvetica-Bold" } }, [
      h(Text, { key: "d", style: styles.desc }, "Description"),
      h(Text, { key: "q", style: styles.qty }, "Qty"),
      h(Text, { key: "u", style: styles.money }, "Unit price"),
      h(Text, { key: "t", style: styles.money }, "Amount"),
    ]),
    ...i.lines.map((l) =>
      h(View, { key: `l${l.id}`, style: styles.row, wrap: false }, [
        h(Text, { key: "d", style: styles.desc }, l.description),
        h(Text, { key: "q", style: styles.qty }, formatQuantity(l.quantityHundredths)),
        h(Text, { key: "u", style: styles.money }, formatCents(l.unitPriceCents)),
        h(Text, { key: "t", style: styles.money }, formatCents(l.totalCents)),
      ]),
    ),
  ]);
}

function payments(i: InvoiceRow): ReactElement[] {
  if (!i.payments.length) return [];
  return [
    h(View, { key: "payments", style: styles.payments }, [
      h(Text, { key: "h", style: { fontFamily: "Helvetica-Bold", marginBottom: 2 } }, "Payments"),
      ...i.payments.map((p) =>
        h(
          Text,
          { key: `p${p.id}`, style: styles.muted },
          `${formatDate(p.receivedAt)} · ${paymentMethodLabels[p.method]}${isDeposit(i, p) ? " (deposit)" : ""}${p.reference ? ` · ${p.reference}` : ""} · ${formatCents(p.amountCents)}`,
        ),
      ),
    ]),
  ];
}

/** A member's discount's line of the totals, when the invoice carries one. */
function memberDiscountRow(i: InvoiceRow): ReactElement[] {
  const discount = memberDiscountJson(i);
  return discount ? [money(discount.label, -i.memberDiscountCents)] : [];
}

/** While a balance is due: when it is due and the ways to pay (online only when it is on). */
function howToPay(i: InvoiceRow, online: boolean): ReactElement[] {
  if (i.status === "void" || balanceCents(i.totalCents, i.paidCents) === 0) return [];
  return [
    h(View, { key: "pay", style: styles.payments, wrap: false }, [
      h(Text, { key: "h", style: { fontFamily: "Helvetica-Bold", marginBottom: 2 } }, "How to pay"),
      ...waysToPay(i.number, online).map((w) => h(Text, { key: w.kind, style: styles.muted }, `${w.title}: ${w.text}`)),
    ]),
  ];
}

/** The PDF's bytes; `online`: whether online payment (Stripe) is on, the only case it is offered. */
export function invoicePdf(i: InvoiceRow, { online }: { online: boolean }): Promise<Buffer> {
  const due = i.status !== "void" && balanceCents(i.totalCents, i.paidCents) > 0;
  const doc = h(Document, { title: `Invoice ${i.number}`, author: business.name, subject: i.number }, [
    h(Page, { key: "p", size: "LETTER", style: styles.page }, [
      h(Text, { key: "b", style: styles.business }, business.name),
      h(Text, { key: "a", style: styles.muted }, formatAddress()),
      h(Text, { key: "c", style: styles.muted }, `${business.phone} · ${business.email}`),
      h(Text, { key: "t", style: styles.title }, `Invoice ${i.number}`),
      h(Text, { key: "s", style: styles.muted }, `Status: ${invoiceStatusForCustomer[i.status]}`),
      h(Text, { key: "d", style: styles.muted }, `Date: ${formatDate(i.sentAt ?? i.createdAt)}`),
      ...(due ? [h(Text, { key: "due", style: styles.muted }, dueSentence(i.sentAt ?? i.createdAt))] : []),
      h(Text, { key: "to", style: styles.muted }, `Bill to: ${i.customer.name}`),
      ...(i.bookingId ? [h(Text, { key: "v", style: styles.muted }, `Visit: #${i.bookingId}`)] : []),
      lineTable(i),
      money("Subtotal", i.subtotalCents),
      ...memberDiscountRow(i),
      ...(i.discountCents > 0 ? [money("Discount", -i.discountCents)] : []),
      money(`Tax (${formatRate(i.taxRatePpm)})`, i.taxCents),
      money("Total", i.totalCents, true),
      money("Paid", i.paidCents),
      money("Balance due", balanceCents(i.totalCents, i.paidCents), true),
      ...payments(i),
      ...howToPay(i, online),
    ]),
  ]);
  return renderToBuffer(doc);
}
