/**
 * The one rule for pricing a line from the price book (docs/product.md#price-book), used by every
 * document that has lines: an estimate's options (../estimates/estimates.server.ts), the items a
 * technician adds on site (../job-record/job-record.server.ts), and invoices.
 *
 * - A line from the price book (`priceBookItemId`): the item must be in the book and active, else a
 *   field error at `<path>.priceBookItemId` (a 400 for the caller). Its description is the item's
 *   name unless one is given, its unit price the book's unless `unitPriceCents` is given, and it is
 *   taxable as the book says unless `taxable` is given.
 * - A written-in line (no `priceBookItemId`): it needs a description and a unit price (field errors
 *   at `<path>.description` and `<path>.unitPriceCents`); it is taxable unless `taxable` is given.
 *
 * The JSON schemas check the written-in fields already; the rule checks them again so a caller that
 * forgets cannot store a line without them. Amounts are whole cents and quantities hundredths, as
 * ../money/money.ts holds them.
 */
import type { Reader } from "../db.server";
import type { FieldErrors } from "../result";

/** A line as the caller read it from its input; the quantity in hundredths (1.5 → 150). */
export interface LineInput {
  priceBookItemId?: number;
  description?: string;
  quantityHundredths: number;
  unitPriceCents?: number;
  taxable?: boolean;
}

/** A price book item as the rule reads it. */
export interface CatalogItem {
  id: number;
  name: string;
  unitPriceCents: number;
  taxable: boolean;
  active: boolean;
}

/** The price book items the lines name, by id (`catalogFor` reads it). */
export type Catalog = ReadonlyMap<number, CatalogItem>;

/** A line as stored on a document: ready for the money module's totals. */
export interface PricedLine {
  priceBookItemId: number | null;
  description: string;
  quantityHundredths: number;
  unitPriceCents: number;
  taxable: boolean;
}

const NO_SUCH_ITEM = "No such item in the price book";

/** The price book items named by these lines (active or not: the rule tells an inactive item from an unknown one). */
export async function catalogFor(db: Reader, lines: readonly LineInput[]): Promise<Catalog> {
  const ids = [...new Set(lines.flatMap((line) => (line.priceBookItemId === undefined ? [] : [line.priceBookItemId])))];
  if (ids.length === 0) return new Map();
  const items = await db.priceBookItem.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true, unitPriceCents: true, taxable: true, active: true },
  });
  return new Map(items.map((item) => [item.id, item]));
}

/**
 * One line priced by the rule above. `path` is the line's field path in the input ("" for a line
 * that is the whole input, "options.0.items.2" for a line in a list); what is wrong is written into
 * `errors` under `<path>.<field>`, and the line is still answered (with placeholders) so the caller
 * can go on checking the others: store nothing while `errors` holds anything.
 */
export function priceLine(line: LineInput, catalog: Catalog, path: string, errors: FieldErrors): PricedLine {
  const at = (field: string) => (path ? `${path}.${field}` : field);
  const { quantityHundredths } = line;
  if (line.priceBookItemId === undefined) {
    if (line.description === undefined) errors[at("description")] = "Description is required for a written-in item";
    if (line.unitPriceCents === undefined)
      errors[at("unitPriceCents")] = "Unit price is required for a written-in item";
    return {
      priceBookItemId: null,
      description: line.description ?? "",
      quantityHundredths,
      unitPriceCents: line.unitPriceCents ?? 0,
      taxable: line.taxable ?? true,
    };
  }
  const item = catalog.get(line.priceBookItemId);
  if (!item) errors[at("priceBookItemId")] = NO_SUCH_ITEM;
  else if (!item.active)
    errors[at("priceBookItemId")] = `${item.name} is no longer offered (inactive in the price book)`;
  return {
    priceBookItemId: line.priceBookItemId,
    description: line.description ?? item?.name ?? "",
    quantityHundredths,
    unitPriceCents: line.unitPriceCents ?? item?.unitPriceCents ?? 0,
    taxable: line.taxable ?? item?.taxable ?? true,
  };
}

/** A list of lines priced by the rule, each at `<path>.<index>` ("options.0.items" → "options.0.items.2.priceBookItemId"). */
export function priceLines(
  lines: readonly LineInput[],
  catalog: Catalog,
  path: string,
  errors: FieldErrors,
): PricedLine[] {
  return lines.map((line, i) => priceLine(line, catalog, path ? `${path}.${i}` : String(i), errors));
}
