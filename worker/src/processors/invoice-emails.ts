import { UnrecoverableError } from "bullmq";
import { invoiceEmail, invoiceReminderEmail, type InvoiceForEmail } from "@app/shared/email/invoice-templates";
import { invoiceInclude, type InvoiceRow } from "@app/shared/invoices/invoices.server";
import type { JobData } from "@app/shared/jobs";
import { balanceCents } from "@app/shared/money/money";
import { memberDiscountJson } from "@app/shared/plans/member-discount";
import { stripeEnabled } from "@app/shared/payments/stripe.server";
import { invoicePdf } from "../invoice-pdf";
import { openSealedToken } from "../sealed-token";
import type { WorkerContext } from "../worker-context";

/**
 * An invoice's emails (docs/product.md#invoices): the invoice with its PDF and link, and the reminders
 * while a balance is due. The PDF is rendered here from the stored invoice; the link's token is opened
 * from its seal (the database keeps only its hash and the seal, packages/shared/src/tokens.server.ts).
 * Each checks the invoice when it runs: a later send (a new link), a void or a paid invoice stands it down.
 */

async function requireInvoice(ctx: WorkerContext, id: number): Promise<InvoiceRow> {
  const invoice = await ctx.db.invoice.findUnique({ where: { id }, include: invoiceInclude });
  if (!invoice) throw new UnrecoverableError(`invoice ${id} not found`);
  return invoice;
}

/** The invoice as its emails tell it; online payment is offered only when Stripe is set up. */
const forEmail = (ctx: WorkerContext, i: InvoiceRow): InvoiceForEmail => ({
  number: i.number,
  sentAt: i.sentAt ?? i.createdAt,
  online: stripeEnabled(ctx.env),
  memberDiscountLabel: memberDiscountJson(i)?.label ?? null,
  memberDiscountCents: i.memberDiscountCents,
  totalCents: i.totalCents,
  paidCents: i.paidCents,
  balanceCents: balanceCents(i.totalCents, i.paidCents),
});

function linkOf(ctx: WorkerContext, i: InvoiceRow): string {
  if (!i.sealedToken) throw new UnrecoverableError(`invoice ${i.id} has no link`);
  const token = openSealedToken(ctx, i.sealedToken);
  if (!token) throw new UnrecoverableError(`invoice ${i.id}'s link cannot be opened with SESSION_SECRET`);
  return `${ctx.env.APP_URL}/invoices/${token}`;
}

/**
 * One send of an invoice and the link it carries, or why that send's notices (its email, its text) stand down:
 * a later send made a new link (and owes its own notices), or the invoice is void.
 */
export async function sentInvoice(
  ctx: WorkerContext,
  invoiceId: number,
  sentAt: number,
): Promise<{ invoice: InvoiceRow; link: string } | { skipped: string }> {
  const i = await requireInvoice(ctx, invoiceId);
  if (i.sentAt?.getTime() !== sentAt) return { skipped: "sent again since" };
  if (i.status === "void" || i.status === "draft") return { skipped: `invoice is ${i.status}` };
  return { invoice: i, link: linkOf(ctx, i) };
}

export async function sendInvoiceEmail(ctx: WorkerContext, data: JobData<"invoice-email">) {
  const sent = await sentInvoice(ctx, data.invoiceId, data.sentAt);
  if ("skipped" in sent) return sent;
  const i = sent.invoice;
  return ctx.mailer.send({
    ...invoiceEmail(forEmail(ctx, i), sent.link),
    to: i.customer.email,
    kind: "invoice-email",
    relatedKey: `invoice:${i.id}:${data.sentAt}`,
    attachments: [
      {
        filename: `${i.number}.pdf`,
        contentType: "application/pdf",
        content: await invoicePdf(i, { online: stripeEnabled(ctx.env) }),
      },
    ],
  });
}

export async function sendInvoiceReminder(ctx: WorkerContext, data: JobData<"invoice-reminder">) {
  const i = await requireInvoice(ctx, data.invoiceId);
  if (i.sentAt?.getTime() !== data.sentAt) return { skipped: "sent again since" };
  if (i.status === "void" || i.status === "paid" || i.status === "draft") return { skipped: `invoice is ${i.status}` };
  if (balanceCents(i.totalCents, i.paidCents) === 0) return { skipped: "nothing due" };
  return ctx.mailer.send({
    ...invoiceReminderEmail(forEmail(ctx, i), linkOf(ctx, i)),
    to: i.customer.email,
    kind: "invoice-reminder",
    relatedKey: `invoice-reminder:${i.id}:${data.sentAt}:${data.days}`,
  });
}
