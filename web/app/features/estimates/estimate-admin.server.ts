/**
 * The staff pages of estimates (docs/product.md#estimates): /admin/estimates/new?booking=<id> or ?customer=<id> (the form
 * with up to three options) and /admin/estimates/<id> (the estimate, its status, Send / Send again).
 * They call the same service as the JSON API (@app/shared/estimates/estimates.server).
 */
import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { estimateFormInput, estimateFormSchema, type FormPlaces } from "@app/shared/api/estimates";
import { idFrom } from "@app/shared/api/values";
import {
  createEstimate,
  estimatesOfBooking,
  readEstimate,
  sendEstimate,
  voidEstimate,
} from "@app/shared/estimates/estimates.server";
import { purposeKeys } from "@app/shared/keys.server";
import { depositOf } from "@app/shared/payments/apply-payment.server";
import { listPriceBook, readSalesTaxRate } from "@app/shared/pricing/price-book.server";
import { failure, type FieldErrors, type Result } from "@app/shared/result";
import { answer, readSubmission, refused } from "~/utils/action.server";
import { requireAdmin } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";

/**
 * What the new-estimate form needs: whom it is for (the visit of `?booking=`, or the customer of
 * `?customer=` without a visit; null when neither is found), the active items of the price book and
 * the tax rate.
 */
export async function newEstimatePage(context: AppLoadContext, params: URLSearchParams) {
  const { db } = context.services;
  const bookingId = idFrom(params.get("booking"));
  const customerId = bookingId ? null : idFrom(params.get("customer"));
  const [booking, customer, items, salesTaxRatePpm] = await Promise.all([
    bookingId
      ? db.booking.findUnique({
          where: { id: bookingId },
          select: { id: true, summary: true, customer: { select: { name: true } } },
        })
      : null,
    customerId
      ? db.customer.findFirst({ where: { id: customerId, mergedIntoId: null }, select: { id: true, name: true } })
      : null,
    listPriceBook(db, { active: true }),
    readSalesTaxRate(db),
  ]);
  const target = booking
    ? { kind: "booking" as const, id: booking.id, summary: booking.summary, customerName: booking.customer.name }
    : customer
      ? { kind: "customer" as const, id: customer.id, summary: null, customerName: customer.name }
      : null;
  return {
    target,
    items: items.map((i) => ({ id: i.id, name: i.name, unitPriceCents: i.unitPriceCents, taxable: i.taxable })),
    salesTaxRatePpm,
  };
}

/** The service's field errors (`options.0.items.2.priceBookItemId`) under the form's names (`options[0].lines[5].item`). */
function formErrors(errors: FieldErrors | undefined, places: FormPlaces): FieldErrors {
  const fields: Record<string, string> = {
    priceBookItemId: "item",
    description: "description",
    unitPriceCents: "price",
    quantity: "quantity",
  };
  return Object.fromEntries(
    Object.entries(errors ?? {}).map(([key, message]) => {
      const line = /^options\.(\d+)\.items\.(\d+)\.(\w+)$/.exec(key);
      if (line) {
        const o = Number(line[1]);
        const row = places.rows[o]?.[Number(line[2])] ?? 0;
        return [`options[${places.options[o] ?? 0}].lines[${row}].${fields[line[3]!] ?? "item"}`, message];
      }
      const option = /^options\.(\d+)\.(\w+)$/.exec(key);
      if (option) return [`options[${places.options[Number(option[1])] ?? 0}].lines[0].description`, message];
      return [key, message];
    }),
  );
}

/** The new-estimate form: the estimate made (a draft), then its page; or the refusals beside the fields. */
export async function newEstimateAction(request: Request, context: AppLoadContext) {
  const admin = await requireAdmin(request, context);
  const { submission } = await readSubmission(request, estimateFormSchema);
  if (submission.status !== "success") return refused(submission);
  const { input, places } = estimateFormInput(submission.value);
  const made = await createEstimate(context.services.db, admin, input);
  if (made.ok) return redirect(`/admin/estimates/${made.value.estimate.id}`);
  const mapped: Result<never> = failure(made.status, made.message, { errors: formErrors(made.errors, places) });
  return answer(submission, mapped);
}

/** The estimate's page: the estimate as the API shows it and what was paid of its deposit, or null (404). */
export async function estimatePage(context: AppLoadContext, idParam: string | undefined) {
  const id = idFrom(idParam);
  const found = id ? await readEstimate(context.services.db, id) : null;
  if (!found?.ok) return null;
  const deposit = await depositOf(context.services.db, found.value.estimate.id);
  return { ...found.value.estimate, depositPaidCents: deposit?.depositPaidCents ?? 0 };
}

/** Send / Send again (a new link and the email with the PDF, through the outbox), and Withdraw. */
export async function estimatePageAction(request: Request, context: AppLoadContext, idParam: string | undefined) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  const id = idFrom(idParam);
  if (!id) return answer(null, failure(404, "No such estimate"));
  if (form.get("intent") === "void")
    return answer(null, await voidEstimate(context, admin, id), {
      intent: "void",
      message: ({ estimate }) => `Estimate ${estimate.number} is withdrawn: its link says so.`,
    });
  if (form.get("intent") !== "send") return answer(null, failure(400, "Unknown action. Please reload the page."));
  const key = purposeKeys(context.services.env.SESSION_SECRETS, "token-seal")[0]!;
  return answer(null, await sendEstimate(context, admin, id, key), {
    intent: "send",
    message: ({ estimate }) => `Estimate ${estimate.number} was emailed to ${estimate.customer.email}.`,
  });
}

/** A visit's estimates for its page (/admin/bookings/<id>): number and status, newest first. */
export function bookingEstimates(context: AppLoadContext, bookingId: number) {
  return estimatesOfBooking(context.services.db, bookingId);
}
