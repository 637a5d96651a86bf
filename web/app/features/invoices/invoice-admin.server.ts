/**
 * The staff side of invoices (docs/product.md#invoices): /admin/invoices/<id> (the invoice, its
 * status, lines, payments and balance; Send / Send again and Void), and "Create invoice" on a
 * booking's page and an approved estimate's page. They call the same service as the JSON API
 * (@app/shared/invoices/invoices.server).
 */
import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { idFrom } from "@app/shared/api/values";
import {
  createInvoice,
  invoicesOfBooking,
  liveInvoiceOfEstimate,
  readInvoice,
  sendInvoice,
  voidInvoice,
} from "@app/shared/invoices/invoices.server";
import { tokenSealKey } from "@app/shared/keys.server";
import { formatCents } from "@app/shared/money/money";
import { failure } from "@app/shared/result";
import { answer } from "~/utils/action.server";
import { handleRecordPayment, RECORD_PAYMENT_INTENT } from "~/features/payments/public.server";
import { requireAdmin } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";

const INTENT = "create-invoice";

/** Whether a page's post is "Create invoice" (read from a copy: the page's own action reads the body after). */
export async function isCreateInvoicePost(request: Request): Promise<boolean> {
  if (request.method !== "POST") return false;
  const form = await readForm(request.clone());
  return form.get("intent") === INTENT;
}

/**
 * "Create invoice" of a visit or an approved estimate: the draft made, then its page; or the refusal
 * (nothing to bill, an invoice already, not approved) on the page posted from.
 */
export async function createInvoiceAction(
  request: Request,
  context: AppLoadContext,
  source: { bookingId: number } | { estimateId: number },
) {
  const admin = await requireAdmin(request, context);
  const made = await createInvoice(context, admin, source);
  if (made.ok) return redirect(`/admin/invoices/${made.value.invoice.id}`);
  return answer(null, made, { intent: INTENT });
}

/** The invoice's page: the invoice as the API shows it, or null (404). */
export async function invoicePage(context: AppLoadContext, idParam: string | undefined) {
  const id = idFrom(idParam);
  const found = id ? await readInvoice(context.services.db, id) : null;
  return found?.ok ? found.value.invoice : null;
}

/**
 * Send / Send again (a new link, the email with the PDF, reminders) and Void, through the outbox;
 * Record a payment (docs/product.md#payments).
 */
export async function invoicePageAction(request: Request, context: AppLoadContext, idParam: string | undefined) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  const id = idFrom(idParam);
  if (!id) return answer(null, failure(404, "No such invoice"));
  const intent = form.get("intent");
  if (intent === RECORD_PAYMENT_INTENT) return handleRecordPayment(form, context, admin, id);
  if (intent === "send") {
    const key = tokenSealKey(context.services.env);
    return answer(null, await sendInvoice(context, admin, id, key), {
      intent,
      message: ({ invoice }) =>
        `Invoice ${invoice.number} was emailed to ${invoice.customer.email}${
          invoice.balanceCents > 0 ? `; reminders follow while ${formatCents(invoice.balanceCents)} is due` : ""
        }.`,
    });
  }
  if (intent === "void")
    return answer(null, await voidInvoice(context, admin, id), {
      intent,
      message: ({ invoice }) => `Invoice ${invoice.number} is void; its reminders are cancelled.`,
    });
  return answer(null, failure(400, "Unknown action. Please reload the page."));
}

/** A visit's invoices for its page (/admin/bookings/<id>): number and status, newest first. */
export function bookingInvoices(context: AppLoadContext, bookingId: number) {
  return invoicesOfBooking(context.services.db, bookingId);
}

/** An estimate's live invoice for its page, or null. */
export function estimateInvoice(context: AppLoadContext, estimateId: number) {
  return liveInvoiceOfEstimate(context.services.db, estimateId);
}
