import { getFormProps, getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { MemberDiscount } from "@app/shared/plans/member-discount";
import { useEffect, useRef, type ReactNode } from "react";
import { estimateFormSchema, MAX_OPTIONS, SINGLE_OPTION_NAME } from "@app/shared/api/estimates";
import { documentTotals, formatCents, parseDollars, parseQuantity, type MoneyLine } from "@app/shared/money/money";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input, NativeSelect, TextField } from "~/components/ui/field";
import { revealResult } from "~/utils/reveal";
import { useHydrated } from "~/utils/use-hydrated";
import { useSchemaForm, type ActionResult } from "~/utils/schema-form";
import { PriceBookPicker, type PriceChoice } from "./price-book-picker";

/**
 * The estimate builder (docs/product.md#estimates), on /admin/estimates/new and, for a draft,
 * /admin/estimates/<id>/edit: one to three options (it starts with one; "Add an option", "Remove
 * option"), each with as many lines as the office adds ("Add a line", "Remove"), a discount in
 * dollars; a deposit percent; and for a customer who is a member, a box to take their member discount off
 * (ticked on a new estimate; docs/decisions/029-maintenance-plans.md). A line is an item of the price book
 * (picked with the searchable picker, which fills its description and price) or written in; quantity 1 when blank.
 *
 * The row buttons are Conform's list intents on submit buttons (a plain `type="button"` never
 * reaches Conform, which is why an earlier `form.insert` added nothing): with JavaScript Conform
 * adds or removes the row on the page; without it the button posts and the action answers the form
 * with the row added or taken out and everything typed kept (estimate-admin.server.ts). With
 * JavaScript each option shows its running total, computed by the same money module the server
 * stores totals with. One schema (estimateFormSchema) checks the form in the browser and the action.
 */

export type { PriceChoice };

type Row = { item?: string; description?: string; price?: string; quantity?: string };
type OptionValues = { name?: string; discount?: string; lines?: Row[] };

const blankRow = { item: "", description: "", price: "", quantity: "" };
const blankOption = { name: "", discount: "", lines: [blankRow] };

/**
 * An option's total as typed so far (null while a row cannot be read): the money module's own figures, the
 * member's discount (`memberPercent` of the subtotal) taken off when the box is ticked.
 */
function runningTotal(
  option: OptionValues | undefined,
  items: Map<number, PriceChoice>,
  taxRatePpm: number,
  memberPercent: number,
) {
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
    return documentTotals(lines, taxRatePpm, discount, memberPercent).totalCents;
  } catch {
    return null;
  }
}

function LineRow({
  row,
  index,
  optionNumber,
  items,
  chosen,
  removeButton,
  focus,
}: {
  row: FieldMetadata<Row>;
  index: number;
  optionNumber: number;
  items: PriceChoice[];
  chosen: PriceChoice | undefined;
  removeButton: ReactNode;
  /** The field to focus once shown (a line just added). */
  focus: string | undefined;
}) {
  const hydrated = useHydrated();
  const f = row.getFieldset();
  const label = (what: string) => `Option ${optionNumber}, line ${index + 1}: ${what}`;
  const errors = [f.item, f.description, f.price, f.quantity].flatMap((x) => (x.errors?.[0] ? [x] : []));
  return (
    <li
      data-testid="estimate-line"
      className="grid gap-2 rounded-lg border border-slate-100 p-2 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_7rem_5rem_auto] sm:border-0 sm:p-0"
    >
      {hydrated ? (
        <>
          <input {...getInputProps(f.item, { type: "hidden" })} />
          <PriceBookPicker
            items={items}
            label={label("price book item")}
            names={{ item: f.item.name, description: f.description.name, price: f.price.name }}
            chosenId={chosen?.id ?? null}
            invalid={Boolean(f.item.errors)}
          />
        </>
      ) : (
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
      )}
      <Input
        {...getInputProps(f.description, { type: "text", ariaAttributes: false })}
        aria-label={label("description")}
        aria-invalid={f.description.errors ? true : undefined}
        placeholder="Description"
        autoComplete="off"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the line the visitor's own post added (no JavaScript)
        autoFocus={focus === f.description.name}
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
      {removeButton}
      {chosen ? (
        <p className="text-xs text-slate-600 sm:col-span-5" data-testid="line-tax">
          From the price book: {chosen.name}, {formatCents(chosen.unitPriceCents)}
          {chosen.taxable ? ", taxable" : ", not taxed"}
        </p>
      ) : null}
      {errors.map((x) => (
        <p key={x.id} id={x.errorId} className="text-sm font-medium text-destructive sm:col-span-5">
          {label(x.errors![0]!)}
        </p>
      ))}
    </li>
  );
}

/** What the builder is for: a visit's estimate, or a customer's without a visit. */
export type EstimateFor = { bookingId: number } | { customerId: number };

/** A Conform intent on a submit button (`form.insert.getButtonProps(…)`). */
type IntentButton = { name: string; value: string; form: string; formNoValidate: boolean; onClick?: () => void };

/** One option's fieldset: its name and discount, its lines with Remove, Add a line and Remove option, its running total. */
function OptionFields({
  option,
  o,
  several,
  values,
  items,
  byId,
  rates,
  postedFocus,
  buttons,
  onAddLine,
}: {
  option: FieldMetadata<OptionValues>;
  o: number;
  several: boolean;
  values: OptionValues | undefined;
  items: PriceChoice[];
  byId: Map<number, PriceChoice>;
  /** The tax rate, and the member's discount's percent taken off (0: none). */
  rates: { taxRatePpm: number; memberPercent: number };
  /** The field a post without JavaScript added (focused on load). */
  postedFocus: string | undefined;
  buttons: { addLine: IntentButton; removeLine: (r: number) => IntentButton; removeOption: IntentButton | null };
  onAddLine: () => void;
}) {
  const hydrated = useHydrated();
  const of = option.getFieldset();
  const rows = of.lines.getFieldList();
  const total = runningTotal(values, byId, rates.taxRatePpm, rates.memberPercent);
  return (
    <fieldset
      className="min-w-0 space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="estimate-option-fields"
    >
      <legend className="px-1 text-lg font-bold text-slate-900">Option {o + 1}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          field={of.name}
          label={`Option ${o + 1} name`}
          hint={
            several
              ? "Required with two or more options: the customer chooses by it"
              : `Optional with one option (the customer reads "${SINGLE_OPTION_NAME}")`
          }
          required={several}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the option the visitor's own post added (no JavaScript)
          autoFocus={postedFocus === of.name.name}
        />
        <TextField field={of.discount} label={`Option ${o + 1} discount ($)`} inputMode="decimal" />
      </div>
      <ol className="space-y-2" aria-label={`Option ${o + 1} lines`}>
        {rows.map((row, r) => {
          const itemId = Number(values?.lines?.[r]?.item);
          return (
            <LineRow
              key={row.key}
              row={row}
              index={r}
              optionNumber={o + 1}
              items={items}
              chosen={itemId ? byId.get(itemId) : undefined}
              focus={postedFocus}
              removeButton={
                rows.length > 1 ? (
                  <Button
                    type="submit"
                    variant="ghost"
                    className="min-h-11"
                    aria-label={`Option ${o + 1}, line ${r + 1}: remove`}
                    {...buttons.removeLine(r)}
                  >
                    Remove
                  </Button>
                ) : (
                  <span aria-hidden="true" className="hidden sm:block sm:w-[5.5rem]" />
                )
              }
            />
          );
        })}
      </ol>
      {of.lines.errors?.[0] ? (
        <p id={of.lines.errorId} className="text-sm font-medium text-destructive" role="alert">
          Option {o + 1}: {of.lines.errors[0]}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            variant="outline"
            className="min-h-11"
            aria-label={`Option ${o + 1}: add a line`}
            {...buttons.addLine}
            onClick={onAddLine}
          >
            Add a line
          </Button>
          {buttons.removeOption ? (
            <Button
              type="submit"
              variant="ghost"
              className="min-h-11"
              aria-label={`Option ${o + 1}: remove option`}
              {...buttons.removeOption}
            >
              Remove option
            </Button>
          ) : null}
        </div>
        {hydrated ? (
          <p className="font-semibold text-slate-900" aria-live="polite" data-testid="running-total">
            Option {o + 1} total with tax: {total === null ? "check the lines" : formatCents(total)}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

/**
 * Focuses (and brings into view) the field a row button just added on the page, once Conform has
 * rendered it: `focusAfterRender(name)` in the button's click.
 */
function useFocusAfterRender() {
  const next = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!next.current) return;
    const control = document.getElementsByName(next.current)[0];
    if (!control) return;
    next.current = undefined;
    revealResult(control);
  });
  return (name: string) => {
    next.current = name;
  };
}

/** The customer's member discount now (their membership, active or past due), with its line's words. */
type MemberOffer = MemberDiscount & { label: string };

/** A draft's values (editing): its options and lines, deposit, and whether it takes the member's discount. */
type DraftValues = { depositPercent: string; memberDiscount: string; options: OptionValues[] };

/**
 * The builder's first values: whom it is for, and a draft's values, or one blank option with a member's
 * discount taken (a draft keeps what it had until the box changes).
 */
function startingValues(forWhom: EstimateFor, initial: DraftValues | null | undefined) {
  return {
    ...("bookingId" in forWhom ? { bookingId: String(forWhom.bookingId) } : { customerId: String(forWhom.customerId) }),
    depositPercent: initial?.depositPercent ?? "",
    memberDiscount: initial ? initial.memberDiscount : "on",
    options: initial?.options.length ? initial.options : [blankOption],
  };
}

/** For a member: the box that takes their discount off each option (docs/decisions/029-maintenance-plans.md). */
function MemberDiscountBox({ field, member }: { field: FieldMetadata<string | undefined>; member: MemberOffer }) {
  return (
    // The label wraps the box: the whole row is the target a finger taps.
    <label className="flex min-h-11 items-start gap-3 text-sm font-medium text-slate-900">
      <input
        {...getInputProps(field, { type: "checkbox", value: "on", ariaAttributes: false })}
        className="mt-0.5 size-5 shrink-0 accent-brand-700"
        data-testid="member-discount-box"
      />
      <span>
        Take off the {member.label}
        <span className="block font-normal text-slate-600">
          A member of {member.planName}: {member.percent}% of each option&apos;s subtotal, before tax, shown as its own
          line. Untick to leave it off this estimate.
        </span>
      </span>
    </label>
  );
}

export function EstimateBuilder({
  id,
  forWhom,
  items,
  salesTaxRatePpm,
  member,
  posted,
  initial,
  saveLabel = "Save estimate",
}: {
  /** The form's id: new-estimate or edit-estimate. */
  id: string;
  forWhom: EstimateFor;
  items: PriceChoice[];
  salesTaxRatePpm: number;
  member: MemberOffer | null;
  posted?: ActionResult<{ focus?: string }>;
  /** A draft's values (editing); a new estimate starts with one blank option. */
  initial?: DraftValues | null;
  saveLabel?: string;
}) {
  const saving = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(estimateFormSchema, {
    id,
    lastResult: posted?.result,
    shouldRevalidate: "onInput",
    defaultValue: startingValues(forWhom, initial),
  });
  const focusAfterRender = useFocusAfterRender();
  // The field a post without JavaScript added: rendered with `autofocus`, which the browser focuses on load.
  const postedFocus = posted && "focus" in posted ? posted.focus : undefined;
  const byId = new Map(items.map((i) => [i.id, i]));
  const values = form.value as { options?: OptionValues[]; memberDiscount?: string } | undefined;
  const rates = {
    taxRatePpm: salesTaxRatePpm,
    memberPercent: member && values?.memberDiscount === "on" ? member.percent : 0,
  };
  const options = fields.options.getFieldList();
  const several = options.length > 1;
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
      <p className="text-sm text-slate-600">
        One option, or two or three for the customer to choose from (like Good, Better, Best). Each line: an item of the
        price book (its description and price, which you may change) or a written-in description and price; quantity 1
        when blank. Blank lines are left out.
      </p>
      {options.map((option, o) => {
        const lines = option.getFieldset().lines;
        return (
          <OptionFields
            key={option.key}
            option={option}
            o={o}
            several={several}
            values={values?.options?.[o]}
            items={items}
            byId={byId}
            rates={rates}
            postedFocus={postedFocus}
            buttons={{
              addLine: form.insert.getButtonProps({ name: lines.name, defaultValue: blankRow }),
              // After a removal, the line (or option) before it takes focus, else the first.
              removeLine: (index) => ({
                ...form.remove.getButtonProps({ name: lines.name, index }),
                onClick: () => focusAfterRender(`${lines.name}[${Math.max(index - 1, 0)}].description`),
              }),
              removeOption: several
                ? {
                    ...form.remove.getButtonProps({ name: fields.options.name, index: o }),
                    onClick: () => focusAfterRender(`${fields.options.name}[${Math.max(o - 1, 0)}].name`),
                  }
                : null,
            }}
            onAddLine={() => focusAfterRender(`${lines.name}[${lines.getFieldList().length}].description`)}
          />
        );
      })}
      {fields.options.errors?.[0] ? (
        <p className="text-sm font-medium text-destructive" role="alert">
          {fields.options.errors[0]}
        </p>
      ) : null}
      {options.length < MAX_OPTIONS ? (
        <Button
          type="submit"
          variant="outline"
          className="min-h-11"
          {...form.insert.getButtonProps({ name: fields.options.name, defaultValue: blankOption })}
          onClick={() => focusAfterRender(`${fields.options.name}[${options.length}].name`)}
        >
          Add an option
        </Button>
      ) : null}
      <div className="max-w-xs">
        <TextField
          field={fields.depositPercent}
          label="Deposit (%)"
          hint="A whole percent of the approved total; blank for none"
          inputMode="numeric"
        />
      </div>
      {member ? <MemberDiscountBox field={fields.memberDiscount} member={member} /> : null}
      <Button type="submit" className="min-h-11" disabled={saving}>
        {saving ? "Saving..." : saveLabel}
      </Button>
    </Form>
  );
}
