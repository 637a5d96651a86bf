/**
 * /admin/price-book's loader data and forms (docs/product.md#price-book): the items and the
 * sales-tax rate, the Add form, each item's Edit form and Deactivate/Activate button, and the
 * sales-tax form. They call the same service as the JSON API (@app/shared/pricing/price-book.server);
 * the forms' schemas (@app/shared/api/price-book) read the dollars and the percent as typed.
 */
import type { AppLoadContext } from "@remix-run/node";
import {
  priceBookItemActiveFormSchema,
  priceBookItemEditFormSchema,
  priceBookItemFormSchema,
  salesTaxFormSchema,
} from "@app/shared/api/price-book";
import { formatCents, formatRate } from "@app/shared/money/money";
import {
  createPriceBookItem,
  listPriceBook,
  readSalesTaxRate,
  setSalesTaxRate,
  updatePriceBookItem,
} from "@app/shared/pricing/price-book.server";
import { failure } from "@app/shared/result";
import { answer, firstError, refused, submissionOf, UNKNOWN_ACTION } from "~/utils/action.server";
import { requireAdmin } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { editIntent } from "./price-book-view";

/** What the page shows: every item (active first, then by name) and the rate. */
export async function priceBookPage(context: AppLoadContext) {
  const { db } = context.services;
  const [items, salesTaxRatePpm] = await Promise.all([listPriceBook(db), readSalesTaxRate(db)]);
  return { items, salesTaxRatePpm };
}

/**
 * The page's forms: `intent=add-item`, `edit-item` (with the item's id), `set-active` (id, active)
 * and `set-sales-tax`. Each answers the one ActionResult, with the refusal's status.
 */
export async function priceBookAction(request: Request, context: AppLoadContext) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "add-item") {
    const submission = submissionOf(form, priceBookItemFormSchema);
    if (submission.status !== "success") return refused(submission, { intent });
    const { unitPrice, ...item } = submission.value;
    return answer(submission, await createPriceBookItem(context, admin, { ...item, unitPriceCents: unitPrice }), {
      intent,
      message: ({ item }) => `Added ${item.name} at ${formatCents(item.unitPriceCents)}.`,
    });
  }
  if (intent === "edit-item") {
    const id = form.get("id");
    const itemIntent = editIntent(typeof id === "string" ? id : "");
    const submission = submissionOf(form, priceBookItemEditFormSchema);
    if (submission.status !== "success") return refused(submission, { intent: itemIntent });
    const { id: itemId, unitPrice, ...changes } = submission.value;
    return answer(
      submission,
      await updatePriceBookItem(context, admin, itemId, { ...changes, unitPriceCents: unitPrice }),
      {
        intent: itemIntent,
        message: ({ item }) => `Saved ${item.name}.`,
      },
    );
  }
  if (intent === "set-active") {
    const submission = submissionOf(form, priceBookItemActiveFormSchema);
    if (submission.status !== "success") return refused(submission, { intent, message: firstError(submission) });
    const { id, active } = submission.value;
    return answer(submission, await updatePriceBookItem(context, admin, id, { active }), {
      intent,
      message: ({ item }) =>
        `${item.name} is ${item.active ? "active again" : "inactive: estimates no longer offer it"}.`,
    });
  }
  if (intent === "set-sales-tax") {
    const submission = submissionOf(form, salesTaxFormSchema);
    if (submission.status !== "success") return refused(submission, { intent });
    return answer(submission, await setSalesTaxRate(context, admin, submission.value.salesTaxRate), {
      intent,
      message: ({ salesTaxRatePpm }) =>
        salesTaxRatePpm === 0 ? "Sales tax is now none." : `Sales tax is now ${formatRate(salesTaxRatePpm)}.`,
    });
  }
  return answer(null, failure(400, UNKNOWN_ACTION), { intent: typeof intent === "string" ? intent : null });
}
