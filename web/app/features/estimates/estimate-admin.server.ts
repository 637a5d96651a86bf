/**
 * The staff pages of estimates (docs/product.md#estimates): /admin/estimates/new?booking=<id> or ?customer=<id> and
 * /admin/estimates/<id>/edit (the builder: one to three options), and /admin/estimates/<id> (the estimate, its status,
 * Edit while a draft, Send / Send again).
 * They call the same service as the JSON API (@app/shared/estimates/estimates.server).
 */
import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import {
  estimateFormInput,
  estimateFormSchema,
  estimateFormValues,
  type FormPlaces,
  type NewEstimate,
} from "@app/shared/api/estimates";
import { idFrom } from "@app/shared/api/values";
import {
  createEstimate,
  estimatesOfBooking,
  readEstimate,
  sendEstimate,
  updateEstimate,
  voidEstimate,
  type EstimateJson,
} from "@app/shared/estimates/estimates.server";
import { tokenSealKey } from "@app/shared/keys.server";
import { depositOf } from "@app/shared/payments/apply-payment.server";
import { memberDiscountLine } from "@app/shared/plans/member-discount";
import { memberDiscountOf } from "@app/shared/plans/memberships.server";
import { listPriceBook, readSalesTaxRate } from "@app/shared/pricing/price-book.server";
import type { Db } from "@app/shared/db.server";
import { failure, success, type FieldErrors, type Result } from "@app/shared/result";
import { answer, readSubmission, refused } from "~/utils/action.server";
import { requireAdmin } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";

/**
 * What the new-estimate form needs: whom it is for (the visit of `?booking=`, or the customer of
 * `?customer=` without a visit; null when neither is found), the active items of the price book,
 * the tax rate, and the customer's member discount now (docs/decisions/029-maintenance-plans.md).
 */
export async function newEstimatePage(context: AppLoadContext, params: URLSearchParams) {
  const { db } = context.services;
  const bookingId = idFrom(params.get("booking"));
  const customerId = bookingId ? null : idFrom(params.get("customer"));
  const [booking, customer, choices] = await Promise.all([
    bookingId
      ? db.booking.findUnique({
          where: { id: bookingId },
          select: { id: true, summary: true, customerId: true, customer: { select: { name: true } } },
        })
      : null,
    customerId
      ? db.customer.findFirst({ where: { id: customerId, mergedIntoId: null }, select: { id: true, name: true } })
      : null,
    builderChoices(db),
  ]);
  const target = booking
    ? { kind: "booking" as const, id: booking.id, summary: booking.summary, customerName: booking.customer.name }
    : customer
      ? { kind: "customer" as const, id: customer.id, summary: null, customerName: customer.name }
      : null;
  const owner = booking?.customerId ?? customer?.id;
  return { target, ...choices, member: owner ? await memberNow(db, owner) : null };
}

/** The customer's member discount now, as the builder offers it (its box, its running totals); null: not a member. */
async function memberNow(db: Db, customerId: number) {
  return memberDiscountLine(await memberDiscountOf(db, customerId));
}

/** What the builder offers: the active items of the price book (for its picker) and the tax rate. */
async function builderChoices(db: Db) {
  const [items, salesTaxRatePpm] = await Promise.all([listPriceBook(db, { active: true }), readSalesTaxRate(db)]);
  return {
    items: items.map((i) => ({
      id: i.id,
      name: i.name,
      description: i.description,
      unitPriceCents: i.unitPriceCents,
      taxable: i.taxable,
    })),
    salesTaxRatePpm,
  };
}

/**
 * /admin/estimates/<id>/edit: the estimate (null: 404) and, while it is a draft, the builder's values
 * from its options and lines; a sent one is not edited (the page says so, 409).
 */
export async function editEstimatePage(context: AppLoadContext, idParam: string | undefined) {
  const id = idFrom(idParam);
  const found = id ? await readEstimate(context.services.db, id) : null;
  if (!found?.ok) return null;
  const { estimate } = found.value;
  return {
    estimate: { id: estimate.id, number: estimate.number, status: estimate.status, bookingId: estimate.bookingId },
    customer: estimate.customer,
    values: estimate.status === "draft" ? estimateFormValues(estimate) : null,
    ...(await builderChoices(context.services.db)),
    member: await memberNow(context.services.db, estimate.customer.id),
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
      if (option) return [`options[${places.options[Number(option[1])] ?? 0}].lines`, message];
      return [key, message];
    }),
  );
}

/**
 * The builder's post. Add a line, Remove, Add an option and Remove option are Conform's list intents
 * (submit buttons): with JavaScript the page applies them itself; without it they post here, the
 * parse applies them and the form comes back with everything typed and the row added or taken out.
 * Save: the schema's refusals beside the fields, or `save` (a draft made or updated), then the
 * estimate's page; the service's refusals beside the line or option at fault.
 */
async function builderAction(
  request: Request,
  save: (input: NewEstimate) => Promise<Result<{ estimate: EstimateJson }>>,
) {
  const { form, submission } = await readSubmission(request, estimateFormSchema);
  if (submission.status === undefined)
    return answer(submission, success({}), {
      intent: "rows",
      keepValues: true,
      data: () => ({ focus: rowFocus(form, submission.payload) }),
    });
  if (submission.status !== "success") return refused(submission);
  const { input, places } = estimateFormInput(submission.value);
  const saved = await save(input);
  // The estimate's page says so (`?saved=1`, ESTIMATE_SAVED_MESSAGE), in view and focused.
  if (saved.ok) return redirect(`/admin/estimates/${saved.value.estimate.id}?saved=1`);
  const mapped: Result<never> = failure(saved.status, saved.message, { errors: formErrors(saved.errors, places) });
  return answer(submission, mapped);
}

/**
 * The field to focus after a row button posted without JavaScript (the outcome of the post, in view,
 * focused on load): the new line's description or the new option's name; after a removal, the line
 * (or option) before the one removed, else the first.
 */
function rowFocus(form: FormData, payload: Record<string, unknown>): string | undefined {
  const posted = form.get("__intent__");
  if (typeof posted !== "string") return undefined;
  let intent: { type?: unknown; payload?: { name?: unknown; index?: unknown } };
  try {
    intent = JSON.parse(posted) as typeof intent;
  } catch {
    return undefined;
  }
  if (intent?.type !== "insert" && intent?.type !== "remove") return undefined;
  const options = Array.isArray(payload.options) ? (payload.options as Array<{ lines?: unknown }>) : [];
  const removed = typeof intent.payload?.index === "number" ? intent.payload.index : 0;
  const at = (count: number) => (intent.type === "insert" ? count - 1 : Math.min(Math.max(removed - 1, 0), count - 1));
  if (intent.payload?.name === "options") return options.length ? `options[${at(options.length)}].name` : undefined;
  const line = /^options\[(\d+)\]\.lines$/.exec(String(intent.payload?.name));
  const lines = line ? options[Number(line[1])]?.lines : undefined;
  return Array.isArray(lines) && lines.length ? `${line![0]}[${at(lines.length)}].description` : undefined;
}

/** /admin/estimates/new: the estimate made (a draft), then its page. */
export async function newEstimateAction(request: Request, context: AppLoadContext) {
  const admin = await requireAdmin(request, context);
  return builderAction(request, (input) => createEstimate(context, admin, input));
}

/** /admin/estimates/<id>/edit: the draft updated (409 once sent: what it is for stays), then its page. */
export async function editEstimateAction(request: Request, context: AppLoadContext, idParam: string | undefined) {
  const admin = await requireAdmin(request, context);
  const id = idFrom(idParam);
  return builderAction(request, async (input) =>
    id ? updateEstimate(context, admin, id, input) : failure(404, "No such estimate"),
  );
}

/** The estimate's page: the estimate as the API shows it and what was paid of its deposit, or null (404). */
export async function estimatePage(context: AppLoadContext, idParam: string | undefined) {
  const id = idFrom(idParam);
  const found = id ? await readEstimate(context.services.db, id) : null;
  if (!found?.ok) return null;
  const deposit = await depositOf(context.services.db, found.value.estimate.id);
  return { ...found.value.estimate, depositPaidCents: deposit?.depositPaidCents ?? 0 };
}

/**
 * Send / Send again (a new link and the email with the PDF, through the outbox), and Withdraw. The
 * answer carries the estimate as it now is, so the page shows its status and buttons from it at
 * once (`shownEstimate`), without reloading.
 */
export async function estimatePageAction(request: Request, context: AppLoadContext, idParam: string | undefined) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  const id = idFrom(idParam);
  if (!id) return answer(null, failure(404, "No such estimate"));
  if (form.get("intent") === "void")
    return answer(null, await voidEstimate(context, admin, id), {
      intent: "void",
      message: ({ estimate }) => `Estimate ${estimate.number} is withdrawn: its link says so.`,
      data: ({ estimate }) => ({ estimate }),
    });
  if (form.get("intent") !== "send") return answer(null, failure(400, "Unknown action. Please reload the page."));
  const key = tokenSealKey(context.services.env);
  return answer(null, await sendEstimate(context, admin, id, key), {
    intent: "send",
    message: ({ estimate }) => `Estimate ${estimate.number} was emailed to ${estimate.customer.email}.`,
    data: ({ estimate }) => ({ estimate }),
  });
}

/** A visit's estimates for its page (/admin/bookings/<id>): number and status, newest first. */
export function bookingEstimates(context: AppLoadContext, bookingId: number) {
  return estimatesOfBooking(context.services.db, bookingId);
}
