/**
 * The price book and the sales-tax rate (docs/product.md#price-book): what estimates and invoices
 * start their lines from, and the rate they copy when they are made
 * (docs/decisions/020-money-and-payments.md). /admin/price-book and the JSON API
 * (/api/price-book, /api/settings/sales-tax) call these; every write is audited in its transaction.
 * Amounts are whole cents and the rate parts per million, as packages/shared/src/money/money.ts holds them.
 */
import { priceUnits, type NewPriceBookItem, type PriceBookItemChange } from "../api/price-book";
import { recordAudit } from "../audit-log.server";
import type { Reader } from "../db.server";
import type { ChangeContext } from "../outbox.server";
import { failure, success, type Result } from "../result";
import { z } from "../zod";

/** Who changes the price book: the admin signed in. */
interface Actor {
  id: number;
  email: string;
}

/** An item as the API and the page show it (docs/product.md#price-book): its price in whole cents. Declared once: its type, and the API's documented shape. */
export const priceBookItemJson = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  unitPriceCents: z.number().int(),
  unit: z.enum(priceUnits),
  taxable: z.boolean(),
  active: z.boolean(),
});

export type PriceBookItemJson = z.output<typeof priceBookItemJson>;

const itemSelect = {
  id: true,
  name: true,
  description: true,
  unitPriceCents: true,
  unit: true,
  taxable: true,
  active: true,
} as const;

const FIELDS = ["name", "description", "unitPriceCents", "unit", "taxable", "active"] as const;

/** The one row of the settings (BusinessSetting, id 1). */
const SETTINGS_ID = 1;

const NOT_FOUND = "No such item in the price book";

/** The items, active ones first, then by name; only the active or the inactive ones when asked. */
export function listPriceBook(db: Reader, filter: { active?: boolean } = {}): Promise<PriceBookItemJson[]> {
  return db.priceBookItem.findMany({
    where: filter.active === undefined ? {} : { active: filter.active },
    orderBy: [{ active: "desc" }, { name: "asc" }, { id: "asc" }],
    select: itemSelect,
  });
}

/** The sales-tax rate in force, in parts per million: 0 until an admin sets one. */
export async function readSalesTaxRate(db: Reader): Promise<number> {
  const row = await db.businessSetting.findUnique({ where: { id: SETTINGS_ID }, select: { salesTaxRatePpm: true } });
  return row?.salesTaxRatePpm ?? 0;
}

/** An admin adds an item (201), audited with what it holds. */
export async function createPriceBookItem(
  context: ChangeContext,
  actor: Actor,
  input: NewPriceBookItem,
): Promise<Result<{ item: PriceBookItemJson }>> {
  const { db } = context.services;
  const item = await db.$transaction(async (tx) => {
    const created = await tx.priceBookItem.create({
      data: {
        name: input.name,
        description: input.description ?? null,
        unitPriceCents: input.unitPriceCents,
        unit: input.unit,
        taxable: input.taxable ?? true,
        active: input.active ?? true,
      },
      select: itemSelect,
    });
    await recordAudit(tx, {
      actor,
      action: "price_book.item_created",
      targetType: "price_book_item",
      targetId: created.id,
      details: { ...created },
    });
    return created;
  });
  return success({ item }, 201);
}

/**
 * An admin changes an item (404 when there is none): the fields that differ are written and
 * audited with from and to; sending what it already holds changes nothing.
 */
export async function updatePriceBookItem(
  context: ChangeContext,
  actor: Actor,
  id: number,
  changes: PriceBookItemChange,
): Promise<Result<{ item: PriceBookItemJson }>> {
  const { db } = context.services;
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "PriceBookItem" WHERE id = ${id} FOR UPDATE`;
    const before = await tx.priceBookItem.findUnique({ where: { id }, select: itemSelect });
    if (!before) return failure(404, NOT_FOUND);
    const changed = FIELDS.filter((f) => changes[f] !== undefined && changes[f] !== before[f]);
    if (changed.length === 0) return success({ item: before });
    const data = Object.fromEntries(changed.map((f) => [f, changes[f]]));
    const after = await tx.priceBookItem.update({ where: { id }, data, select: itemSelect });
    await recordAudit(tx, {
      actor,
      action: "price_book.item_updated",
      targetType: "price_book_item",
      targetId: id,
      details: {
        name: after.name,
        from: Object.fromEntries(changed.map((f) => [f, before[f]])),
        to: Object.fromEntries(changed.map((f) => [f, after[f]])),
      },
    });
    return success({ item: after });
  });
}

/** An admin sets the sales-tax rate (parts per million), audited with from and to when it changes. */
export async function setSalesTaxRate(
  context: ChangeContext,
  actor: Actor,
  salesTaxRatePpm: number,
): Promise<Result<{ salesTaxRatePpm: number }>> {
  const { db } = context.services;
  return db.$transaction(async (tx) => {
    // The row's lock (or, for the first rate, the insert's) puts two admins' changes in turn.
    await tx.$executeRaw`
      INSERT INTO "BusinessSetting" ("id", "updatedAt") VALUES (${SETTINGS_ID}, now())
      ON CONFLICT ("id") DO NOTHING`;
    const [row] = await tx.$queryRaw<Array<{ salesTaxRatePpm: number }>>`
      SELECT "salesTaxRatePpm" FROM "BusinessSetting" WHERE "id" = ${SETTINGS_ID} FOR UPDATE`;
    const from = row?.salesTaxRatePpm ?? 0;
    if (from === salesTaxRatePpm) return success({ salesTaxRatePpm });
    await tx.businessSetting.update({
      where: { id: SETTINGS_ID },
      data: { salesTaxRatePpm, updatedById: actor.id },
    });
    await recordAudit(tx, {
      actor,
      action: "settings.sales_tax_changed",
      targetType: "setting",
      targetId: "sales_tax",
      details: { from, to: salesTaxRatePpm },
    });
    return success({ salesTaxRatePpm });
  });
}
