import { getFormProps, getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { estimateFormSchema, FORM_ROWS, MAX_OPTIONS } from "@app/shared/api/estimates";
import { documentTotals, formatCents, parseDollars, parseQuantity, type MoneyLine } from "@app/shared/money/money";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input, NativeSelect, TextField } from "~/components/ui/field";
import { useHydrated } from "~/utils/use-hydrated";
import { useSchemaForm, type ActionResult } from "~/utils/schema-form";

/**
 * /admin/estimates/new's form (docs/product.md#estimates): up to three options, each a name, FORM_ROWS
 * line rows (an item of the price book, or a written-in description and a price in dollars; a
 * quantity, 1 when blank) and a discount in dollars; and a deposit percent. A plain POST: without
 * JavaScript the empty rows are simply ignored by the server. With it, each option shows its running
 * total, computed by the same money module the server stores totals with.
 */

export interface PriceChoice {
  id: number;
  name: string;
  unitPriceCents: number;
  taxable: boolean;
}

const blankRow = { item: "", description: "", price: "", quantity: "" };
const blankOption = (name: string) => ({
  name,
  discount: "",
  lines: Array.from({ length: FORM_ROWS }, () => blankRow),
});
const STARTING_NAMES = ["Good", "Better", "Best"];

type Row = { item?: string; description?: string; price?: string; quantity?: string };

/** An option's total as typed so far (null while a row cannot be read): the money module's own figures. */
function runningTotal(
  option: { discount?: string; lines?: Row[] } | undefined,
  items: Map<number, PriceChoice>,
  taxRatePpm: number,
): number | null {
  const lines: MoneyLine[] = [];
  for (const row of option?.lines ?? []) {
    if (!row?.item && !row?.description?.trim() && !row?.price?.trim()) continue;
    const chosen = row.item ? items.get(Number(row.item)) : undefined;
    const price = row.price?.trim() ? parseDollars(row.price) : (chosen?.unitPriceCents ?? null);
    const quantity = row.quantity?.trim() ? parseQuantity(row.quantity) : 100;
    if (price === null || quantity === null) return null;
    lines.push({ quantityHundredths: quantity, unitPriceCents: price, taxable: chosen?.taxable ?? true });
  }
  const discount = option?.discount?.trim() ? parseDollars(option.discount) : 0;
  if (discount === null) return null;
  try {
    return documentTotals(lines, taxRatePpm, discount).totalCents;
  } catch {
    return null;
  }
}

function LineRow({
  row,
  index,
  optionNumber,
  items,
}: {
  row: FieldMetadata<Row>;
  index: number;
  optionNumber: number;
  items: PriceChoice[];
}) {
  const f = row.getFieldset();
  const label = (what: string) => `Option ${optionNumber}, line ${index + 1}: ${what}`;
  const errors = [f.item, f.description, f.price, f.quantity].flatMap((x) => (x.errors?.[0] ? [x] : []));
  return (
    <li className="grid gap-2 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_7rem_5rem]">
      <NativeSelect
        {...getSelectProps(f.item, { ariaAttributes: false })}
        aria-label={label("price book item")}
        aria-invalid={f.item.errors ? true : undefined}
      >
        <option value="">Written in</option>
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name} ({formatCents(item.unitPriceCents)})
          </option>
        ))}
      </NativeSelect>
      <Input
        {...getInputProps(f.description, { type: "text", ariaAttributes: false })}
        aria-label={label("description")}
        aria-invalid={f.description.errors ? true : undefined}
        placeholder="Description"
        autoComplete="off"
      />
      <Input
        {...getInputProps(f.price, { type: "text", ariaAttributes: false })}
        aria-label={label("price in dollars")}
        aria-invalid={f.price.errors ? true : undefined}
        placeholder="Price $"
        inputMode="decimal"
        autoComplete="off"
      />
      <Input
        {...getInputProps(f.quantity, { type: "text", ariaAttributes: false })}
        aria-label={label("quantity")}
        aria-invalid={f.quantity.errors ? true : undefined}
        placeholder="Qty 1"
        inputMode="decimal"
        autoComplete="off"
      />
      {errors.map((x) => (
        <p key={x.id} id={x.errorId} className="text-sm font-medium text-destructive sm:col-span-4">
          {label(x.errors![0]!)}
        </p>
      ))}
    </li>
  );
}

export function NewEstimateForm({
  forWhom,
  items,
  salesTaxRatePpm,
  posted,
}: {
  /** A visit's estimate, or a customer's without a visit. */
  forWhom: { bookingId: number } | { customerId: number };
  items: PriceChoice[];
  salesTaxRatePpm: number;
  posted?: ActionResult;
}) {
  const saving = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm(estimateFormSchema, {
    id: "new-estimate",
    lastResult: posted?.result,
    shouldRevalidate: "onInput",
    defaultValue: {
      ...("bookingId" in forWhom
        ? { bookingId: String(forWhom.bookingId) }
        : { customerId: String(forWhom.customerId) }),
      depositPercent: "",
      options: STARTING_NAMES.map(blankOption),
    },
  });
  const byId = new Map(items.map((i) => [i.id, i]));
  const values = form.value as { options?: Array<{ discount?: string; lines?: Row[] }> } | undefined;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      {"bookingId" in forWhom ? (
        <input {...getInputProps(fields.bookingId, { type: "hidden" })} />
      ) : (
        <input {...getInputProps(fields.customerId, { type: "hidden" })} />
      )}
      {posted && !posted.ok ? (
        <Alert tone="destructive" role="alert">
          {posted.message}
        </Alert>
      ) : null}
      {fields.options
        .getFieldList()
        .slice(0, MAX_OPTIONS)
        .map((option, o) => {
          const of = option.getFieldset();
          const total = runningTotal(values?.options?.[o], byId, salesTaxRatePpm);
          return (
            <fieldset key={option.key} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
              <legend className="px-1 text-lg font-bold text-slate-900">Option {o + 1}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField field={of.name} label={`Option ${o + 1} name`} hint="Leave blank to skip this option" />
                <TextField field={of.discount} label={`Option ${o + 1} discount ($)`} inputMode="decimal" />
              </div>
              <p className="text-sm text-slate-600">
                Each line: an item of the price book (its price unless you type one) or a written-in description and
                price; quantity 1 when blank. Empty lines are ignored.
              </p>
              <ol className="space-y-2">
                {of.lines.getFieldList().map((row, r) => (
                  <LineRow key={row.key} row={row} index={r} optionNumber={o + 1} items={items} />
                ))}
              </ol>
              {hydrated ? (
                <p className="text-right font-semibold text-slate-900" aria-live="polite" data-testid="running-total">
                  Option {o + 1} total with tax: {total === null ? "check the lines" : formatCents(total)}
                </p>
              ) : null}
            </fieldset>
          );
        })}
      <div className="max-w-xs">
        <TextField
          field={fields.depositPercent}
          label="Deposit (%)"
          hint="A whole percent of the approved total; blank for none"
          inputMode="numeric"
        />
      </div>
      <Button type="submit" disabled={saving}>
        {saving ? "Saving..." : "Save estimate"}
      </Button>
    </Form>
  );
}
