import { getFormProps, getInputProps } from "@conform-to/react";
import { ActiveBadge, ActiveToggle } from "~/components/staff/active-toggle";
import { Form, useNavigation } from "@remix-run/react";
import { Plus } from "lucide-react";
import { useEffect, useRef } from "react";
import {
  priceBookItemEditFormSchema,
  priceBookItemFormSchema,
  priceUnits,
  salesTaxFormSchema,
  type PriceUnit,
} from "@app/shared/api/price-book";
import { formatCents, formatRate } from "@app/shared/money/money";
import type { PriceBookItemJson } from "@app/shared/pricing/price-book.server";
import { Button } from "~/components/ui/button";
import { SelectField, TextField, type FieldMeta } from "~/components/ui/field";
import { DataTable, TBody, THead, Td, Th, Tr } from "~/components/staff/data-table";
import { useSchemaForm, type ActionResult } from "~/utils/schema-form";

/**
 * /admin/price-book's forms and table (docs/product.md#price-book). Every form posts without
 * JavaScript: the Edit form of an item is a `<details>` that opens by itself when its post was
 * refused, so the refusal shows beside the fields with what was typed.
 */

/** The intent an item's Edit form answers under: one per item, so only its own form shows the answer. */
export function editIntent(id: number | string) {
  return `edit-item:${id}`;
}

const UNIT_WORDS: Record<PriceUnit, string> = { each: "each", hour: "per hour", foot: "per foot" };

/** The rate as the office reads it: "none" for 0, "9.45%" otherwise. */
function rateWords(ratePpm: number) {
  return ratePpm === 0 ? "none" : formatRate(ratePpm);
}

function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** The sales-tax rate: what is in force, and the form that changes it (a percent as typed). */
export function SalesTaxForm({ salesTaxRatePpm, posted }: { salesTaxRatePpm: number; posted?: ActionResult }) {
  const saving = useSubmitting("set-sales-tax");
  const [form, fields] = useSchemaForm(salesTaxFormSchema, {
    id: "sales-tax",
    lastResult: posted?.intent === "set-sales-tax" ? posted.result : undefined,
    defaultValue: { salesTaxRate: salesTaxRatePpm === 0 ? "0" : formatRate(salesTaxRatePpm) },
  });
  return (
    <section aria-labelledby="sales-tax-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="sales-tax-heading" className="text-lg font-bold text-slate-900">
        Sales tax: <span data-testid="sales-tax-rate">{rateWords(salesTaxRatePpm)}</span>
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        Charged on taxable items. Estimates and invoices keep the rate they were made with.
      </p>
      <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-[14rem_auto] sm:items-start">
        <input type="hidden" name="intent" value="set-sales-tax" />
        <TextField
          field={fields.salesTaxRate}
          label="Sales tax (%)"
          hint="A percent, like 9.45; 0 for none"
          inputMode="decimal"
          autoComplete="off"
        />
        <Button type="submit" disabled={saving} className="sm:mt-6">
          {saving ? "Saving..." : "Save sales tax"}
        </Button>
      </Form>
    </section>
  );
}

/** The fields an item's Add and Edit forms share. */
function ItemFields({
  fields,
}: {
  fields: { name: FieldMeta; description: FieldMeta; unitPrice: FieldMeta; unit: FieldMeta; taxable: FieldMeta };
}) {
  return (
    <>
      <TextField field={fields.name} label="Name" autoComplete="off" />
      <TextField field={fields.description} label="Description" autoComplete="off" />
      <TextField
        field={fields.unitPrice}
        label="Unit price"
        hint="Dollars, like 1,234.50"
        inputMode="decimal"
        autoComplete="off"
      />
      <SelectField field={fields.unit} label="Unit">
        {priceUnits.map((unit) => (
          <option key={unit} value={unit}>
            {unit}
          </option>
        ))}
      </SelectField>
      {/* The label wraps the box: the whole row is the target a finger taps. */}
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800 sm:mt-6">
        <input
          {...getInputProps(fields.taxable, { type: "checkbox", ariaAttributes: false })}
          className="size-4 rounded border-slate-400 accent-brand-700"
        />
        Taxable
      </label>
    </>
  );
}

/** Add an item: name, description, the price in dollars as typed, unit and taxable. */
export function AddItemForm({ posted }: { posted?: ActionResult }) {
  const adding = useSubmitting("add-item");
  const [form, fields] = useSchemaForm(priceBookItemFormSchema, {
    id: "add-item",
    lastResult: posted?.intent === "add-item" ? posted.result : undefined,
    defaultValue: { unit: "each", taxable: "on" },
  });
  return (
    <section aria-labelledby="add-item-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="add-item-heading" className="mb-3 text-lg font-bold text-slate-900">
        Add an item
      </h2>
      <Form
        method="post"
        {...getFormProps(form)}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)_9rem_7rem_auto]"
      >
        <input type="hidden" name="intent" value="add-item" />
        <ItemFields fields={fields} />
        <Button type="submit" disabled={adding} className="sm:col-span-2 sm:justify-self-start lg:col-span-5">
          <Plus aria-hidden="true" />
          {adding ? "Adding..." : "Add item"}
        </Button>
      </Form>
    </section>
  );
}

/** An item's Edit form, in a `<details>` (open after a refused post of its own). */
function EditItem({ item, posted }: { item: PriceBookItemJson; posted?: ActionResult }) {
  const intent = editIntent(item.id);
  const mine = posted?.intent === intent ? posted : undefined;
  const [form, fields] = useSchemaForm(priceBookItemEditFormSchema, {
    id: `edit-item-${item.id}`,
    lastResult: mine?.result,
    defaultValue: {
      id: String(item.id),
      name: item.name,
      description: item.description ?? "",
      unitPrice: formatCents(item.unitPriceCents),
      unit: item.unit,
      taxable: item.taxable ? "on" : undefined,
    },
  });
  // Saved: the form closes (a plain post reloads the page with it closed).
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (mine?.ok && details.current) details.current.open = false;
  }, [mine]);
  return (
    <details ref={details} open={mine && !mine.ok ? true : undefined} className="relative">
      <summary className="min-h-11 cursor-pointer content-center rounded-md border border-slate-300 px-2.5 py-1 text-sm sm:min-h-0 font-medium text-slate-800 hover:bg-slate-50">
        Edit<span className="sr-only"> {item.name}</span>
      </summary>
      <Form
        method="post"
        {...getFormProps(form)}
        aria-label={`Edit ${item.name}`}
        className="mt-2 grid gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-lg md:absolute md:right-0 md:z-10 md:w-[26rem]"
      >
        <input type="hidden" name="intent" value="edit-item" />
        <input type="hidden" name="id" value={item.id} />
        <ItemFields fields={fields} />
        <Button type="submit" size="sm" className="justify-self-start">
          Save<span className="sr-only"> {item.name}</span>
        </Button>
      </Form>
    </details>
  );
}

/** The items: a table at 1280 px, a stack of cards on a phone. */
export function ItemsTable({ items, posted }: { items: PriceBookItemJson[]; posted?: ActionResult }) {
  if (items.length === 0)
    return (
      <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-600">
        No items yet: add the first above.
      </p>
    );
  return (
    <DataTable caption="Price book items" className="md:overflow-visible">
      <THead>
        <Th>Name</Th>
        <Th>Description</Th>
        <Th className="text-right">Unit price</Th>
        <Th>Unit</Th>
        <Th>Taxable</Th>
        <Th>Status</Th>
        <Th>
          <span className="sr-only">Actions</span>
        </Th>
      </THead>
      <TBody>
        {items.map((item) => (
          <Tr key={item.id} data-item={item.name} className={item.active ? undefined : "bg-slate-50 text-slate-600"}>
            <Td primary className="font-semibold text-slate-900">
              {item.name}
            </Td>
            <Td label="Description" className="md:max-w-md">
              {item.description ?? <span className="text-slate-500">None</span>}
            </Td>
            <Td label="Unit price" half className="tabular-nums md:text-right">
              {formatCents(item.unitPriceCents)}
            </Td>
            <Td label="Unit" half>
              {UNIT_WORDS[item.unit]}
            </Td>
            <Td label="Taxable" half>
              {item.taxable ? "Taxable" : "Not taxable"}
            </Td>
            <Td label="Status" half>
              <ActiveBadge active={item.active} />
            </Td>
            <Td className="block md:w-56">
              <div className="flex flex-wrap items-start gap-2 md:flex-nowrap md:justify-end">
                <EditItem item={item} posted={posted} />
                <ActiveToggle intent="set-active" record={item} />
              </div>
            </Td>
          </Tr>
        ))}
      </TBody>
    </DataTable>
  );
}
