/**
 * A visit's invoice on /jobs (docs/product.md#technicians-day, "Collecting on site"): what it is,
 * and the technician's two actions on it, sending it to the customer and recording what the
 * customer paid there (cash, a check, other, on the day they say). The services decide who may: an
 * admin, or the technician of the invoice's visit (`mayHandleInvoice`), exactly as for the JSON API.
 */
import type { AppLoadContext } from "@remix-run/node";
import { idFrom } from "@app/shared/api/values";
import type { Db } from "@app/shared/db.server";
import { sendInvoice } from "@app/shared/invoices/invoices.server";
import { tokenSealKey } from "@app/shared/keys.server";
import { balanceCents, formatCents } from "@app/shared/money/money";
import { stripeEnabled } from "@app/shared/payments/stripe.server";
import { failure } from "@app/shared/result";
import { answer } from "~/utils/action.server";
import { handleRecordPayment } from "~/features/payments/public.server";
import type { SessionUser } from "~/utils/auth.server";
import { INVOICE_PAYMENT_INTENT, type InvoiceIntent } from "./jobs-intents";
import type { VisitInvoice } from "./visit-invoice";

/** Whether customers can pay online (Stripe is set up): the technician is told the email carries a link to pay only then. */
export const onlinePaymentOn = (context: AppLoadContext) => stripeEnabled(context.services.env);

/** The live invoice of each visit shown, by visit. */
export async function invoicesOfVisits(db: Db, visitIds: number[]): Promise<Record<number, VisitInvoice>> {
  if (visitIds.length === 0) return {};
  const rows = await db.invoice.findMany({
    where: { bookingId: { in: visitIds }, status: { not: "void" } },
    select: { id: true, number: true, status: true, totalCents: true, paidCents: true, bookingId: true },
  });
  return Object.fromEntries(
    rows.map((i) => [
      i.bookingId!,
      {
        id: i.id,
        number: i.number,
        status: i.status as VisitInvoice["status"],
        totalCents: i.totalCents,
        paidCents: i.paidCents,
        balanceCents: balanceCents(i.totalCents, i.paidCents),
      },
    ]),
  );
}

/** The invoice an `invoice-send:<id>` or `invoice-payment:<id>` intent names, or null. */
const invoiceIdOf = (intent: InvoiceIntent) => idFrom(intent.slice(intent.indexOf(":") + 1));

/** The visit of the invoice a post names (the page shows the answer in that visit's card), or null. */
export async function visitOfInvoiceIntent(db: Db, intent: InvoiceIntent): Promise<number | null> {
  const invoiceId = invoiceIdOf(intent);
  if (!invoiceId) return null;
  const invoice = await db.invoice.findUnique({ where: { id: invoiceId }, select: { bookingId: true } });
  return invoice?.bookingId ?? null;
}

/** `invoice-send:<id>` or `invoice-payment:<id>` from /jobs, as `viewer`. */
export async function visitInvoiceAction(
  context: AppLoadContext,
  viewer: SessionUser,
  form: FormData,
  intent: InvoiceIntent,
) {
  const invoiceId = invoiceIdOf(intent);
  if (!invoiceId) return answer(null, failure(404, "No such invoice"), { intent });
  if (intent.startsWith(INVOICE_PAYMENT_INTENT)) return handleRecordPayment(form, context, viewer, invoiceId, intent);
  const key = tokenSealKey(context.services.env);
  return answer(null, await sendInvoice(context, viewer, invoiceId, key), {
    intent,
    message: ({ invoice }) =>
      `Invoice ${invoice.number} was emailed to the customer${
        invoice.balanceCents > 0 ? `: ${formatCents(invoice.balanceCents)} due` : ""
      }.`,
  });
}
