import { z } from "../zod";
import { documentListFields } from "./document-lists";
import { blankAsAbsent, idField } from "./values";

/**
 * Invoices (docs/product.md#invoices). `POST /api/invoices` names what to bill: a visit (its newest
 * approved estimate, if any, and its job-record items) or an approved estimate (its option and its
 * visit's items), one of the two; the staff pages' "Create invoice" buttons post the same field.
 */

const BOTH = "Send either bookingId or estimateId, not both";
const NEITHER = "Send bookingId (a visit) or estimateId (an approved estimate)";

/** POST /api/invoices: `{ bookingId }` or `{ estimateId }`, nothing else. */
export const newInvoiceSchema = z
  .strictObject(
    {
      bookingId: idField("bookingId must be a visit's id (a whole number from 1)").optional(),
      estimateId: idField("estimateId must be an estimate's id (a whole number from 1)").optional(),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : NEITHER) },
  )
  .superRefine((value, ctx) => {
    if (value.bookingId !== undefined && value.estimateId !== undefined)
      ctx.addIssue({ code: "custom", path: ["estimateId"], message: BOTH });
    else if (value.bookingId === undefined && value.estimateId === undefined)
      ctx.addIssue({ code: "custom", path: ["bookingId"], message: NEITHER });
  });

export type NewInvoice = z.output<typeof newInvoiceSchema>;

/** /api/invoices/{id}, /api/invoices/{id}/send, /api/invoices/{id}/void */
export const invoiceParamsSchema = z.object({ id: idField() });

/** An invoice link's token: 256 bits, base64url (43 characters). */
export const invoiceTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export type InvoiceStatusName = "draft" | "sent" | "partially_paid" | "paid" | "void";

/** An invoice's status as staff read it (their pages, the dashboard). */
export const invoiceStatusLabels: Record<InvoiceStatusName, string> = {
  draft: "Draft",
  sent: "Sent",
  partially_paid: "Partially paid",
  paid: "Paid",
  void: "Void",
};

/** An invoice's status as its customer reads it (the link's page and the PDF): a sent invoice is due. */
export const invoiceStatusForCustomer: Record<InvoiceStatusName, string> = {
  draft: "Not sent yet",
  sent: "Due",
  partially_paid: "Partially paid",
  paid: "Paid",
  void: "Void",
};

/** Every status of an invoice, in the order of its life. */
export const invoiceStatuses = Object.keys(invoiceStatusLabels) as [InvoiceStatusName, ...InvoiceStatusName[]];

/** The statuses of an invoice still owed: "Unpaid" in the list's filter. */
export const UNPAID_STATUSES = ["sent", "partially_paid"] as const satisfies readonly InvoiceStatusName[];

/** The invoices list's status filter: a status, or `unpaid` (sent or partially paid). */
export const invoiceListStatuses = [...invoiceStatuses, "unpaid"] as const;
export type InvoiceListStatus = (typeof invoiceListStatuses)[number];

/**
 * GET /api/invoices and /admin/invoices: `status` (one of invoiceStatuses, or `unpaid`), `q` (a
 * customer as the staff search finds one, or an invoice's number), `cursor` (the previous page's
 * nextCursor) and `limit` (1 to 100, 25 when absent).
 */
export const invoiceListQuerySchema = z.object({
  status: blankAsAbsent(
    z.enum(invoiceListStatuses, { error: `Status must be one of ${invoiceListStatuses.join(", ")}` }),
  ),
  ...documentListFields,
});

export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;
