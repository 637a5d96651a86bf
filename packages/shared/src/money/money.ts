/**
 * Money (docs/decisions/020-money-and-payments.md): every amount is a whole number of cents, and
 * every sum the product shows (a line, an estimate's option, an invoice, a deposit, a balance) is
 * computed here, once, by the rules below; the API, the pages, the PDFs and the emails show what
 * this module answered. Pure and safe for the browser; property-tested beside (money.test.ts).
 *
 * - A line's total is its quantity (in hundredths: 1.5 hours is 150) times its unit price,
 *   rounded half up to the cent.
 * - A discount (whole cents) comes off the subtotal, never below zero; the taxable lines carry
 *   their share of it (rounded half up), so tax is paid on what is charged.
 * - A member's discount (docs/decisions/029-maintenance-plans.md) is a whole percent of the
 *   subtotal, rounded half up, shown as its own line; it comes off before tax, as the office's
 *   discount does, and the office's discount is then at most what is left of the subtotal.
 * - Tax is the taxable amount times the rate (parts per million: 9.45 % is 94,500), rounded half
 *   up once per document, never per line.
 * - A deposit is a whole percent of the total, rounded half up.
 */

/*
 * The bounds of every number the forms and the JSON API take (docs/security.md, "Numbers within
 * what the database holds"): one source, here, that every schema of ../api/ is built from. Each
 * fits the column that stores it: every number of prisma/schema.prisma is an `Int`, PostgreSQL's
 * `integer` (at most INT4_MAX), and the migrations' CHECK constraints hold the same bounds
 * (`…_unitPriceCents_range`, `Invoice_cents_range`, `Payment_amount_range`, `JobItem_quantity_range`,
 * `…_taxRatePpm_range`, `Estimate_depositPercent_range`).
 */

/** PostgreSQL's `integer` (int4), the type of every `Int` column: 2³¹ − 1. */
export const INT4_MAX = 2_147_483_647;

/**
 * The most one line, document, deposit or payment may hold: $10,000,000.00. A document's total is
 * capped here too (its lines, tax and all), so any sum of the product stays below INT4_MAX, and far
 * below Number.MAX_SAFE_INTEGER, where the arithmetic stays exact.
 */
export const MAX_CENTS = 1_000_000_000;

/** The largest quantity of a line, in hundredths: 9,999.99 (the JobItem_quantity_range constraint). */
export const MAX_QUANTITY_HUNDREDTHS = 999_999;

/** The most a rate may be: 100 %, in parts per million. */
export const MAX_TAX_RATE_PPM = 1_000_000;

/** The most a deposit may be: 100 % of the total (a whole percent). */
export const MAX_DEPOSIT_PERCENT = 100;

/** How many items a technician may add to one visit's job record (they become its invoice's lines). */
export const MAX_JOB_ITEMS_PER_VISIT = 100;

export interface MoneyLine {
  /** Hundredths of the unit: 1 each is 100, 1.5 hours is 150, 12.25 feet is 1225. */
  quantityHundredths: number;
  unitPriceCents: number;
  taxable: boolean;
}

export interface Totals {
  /** Each line's total, in the lines' order. */
  lineCents: number[];
  subtotalCents: number;
  /** The discount applied: what was asked, but never more than the subtotal less the member's discount. */
  discountCents: number;
  /** The member's discount: its percent of the subtotal, rounded half up (0 for a customer who is no member). */
  memberDiscountCents: number;
  /** What the tax was computed on: the taxable lines less their share of the discount. */
  taxableCents: number;
  taxCents: number;
  totalCents: number;
}

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole cents ≥ 0, got ${value}`);
}

/**
 * `value × multiplier / divisor` rounded half up, for whole numbers ≥ 0 and a divisor > 0: exact
 * (BigInt in between, so a large product never loses a cent), answered as a safe integer.
 */
export function scaleHalfUp(value: number, multiplier: number, divisor: number): number {
  for (const n of [value, multiplier, divisor])
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`bad whole number ${n}`);
  if (divisor === 0) throw new RangeError("divisor 0");
  const product = BigInt(value) * BigInt(multiplier);
  const d = BigInt(divisor);
  const rounded = (product * 2n + d) / (d * 2n);
  if (rounded > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError("amount too large");
  return Number(rounded);
}

/** A line's total: quantity × unit price, rounded half up to the cent. */
export function lineTotalCents(line: Pick<MoneyLine, "quantityHundredths" | "unitPriceCents">): number {
  assertCents(line.quantityHundredths, "quantity (hundredths)");
  assertCents(line.unitPriceCents, "unit price");
  return scaleHalfUp(line.quantityHundredths, line.unitPriceCents, 100);
}

/** The most a member's discount may be: 100 % (a whole percent; the plans offer at most 50). */
const MAX_MEMBER_DISCOUNT_PERCENT = 100;

/** A member's discount: `percent` (a whole 0–100) of the subtotal, rounded half up. */
function memberDiscountCents(subtotalCents: number, percent: number): number {
  assertCents(subtotalCents, "subtotal");
  if (!Number.isInteger(percent) || percent < 0 || percent > MAX_MEMBER_DISCOUNT_PERCENT)
    throw new RangeError(`bad member discount percent ${percent}`);
  return scaleHalfUp(subtotalCents, percent, 100);
}

/**
 * The totals of an estimate's option or an invoice: its lines, less the member's discount
 * (`memberPercent` of the subtotal) and the office's discount, plus tax at `taxRatePpm` on the
 * taxable part, rounded once.
 */
export function documentTotals(
  lines: readonly MoneyLine[],
  taxRatePpm: number,
  discountCents = 0,
  memberPercent = 0,
): Totals {
  assertCents(discountCents, "discount");
  if (!Number.isSafeInteger(taxRatePpm) || taxRatePpm < 0 || taxRatePpm > MAX_TAX_RATE_PPM)
    throw new RangeError(`bad tax rate ${taxRatePpm}`);
  const lineCents = lines.map(lineTotalCents);
  const subtotalCents = lineCents.reduce((sum, cents) => sum + cents, 0);
  const taxableLines = lineCents.reduce((sum, cents, i) => sum + (lines[i]!.taxable ? cents : 0), 0);
  const member = memberDiscountCents(subtotalCents, memberPercent);
  const discount = Math.min(discountCents, subtotalCents - member);
  // The taxable lines' share of both discounts, in proportion to their share of the subtotal.
  const taxableDiscount = subtotalCents === 0 ? 0 : scaleHalfUp(member + discount, taxableLines, subtotalCents);
  const taxableCents = taxableLines - taxableDiscount;
  const taxCents = scaleHalfUp(taxableCents, taxRatePpm, 1_000_000);
  return {
    lineCents,
    subtotalCents,
    discountCents: discount,
    memberDiscountCents: member,
    taxableCents,
    taxCents,
    totalCents: subtotalCents - member - discount + taxCents,
  };
}

/** The deposit asked for: `percent` (a whole 0–100) of the total, rounded half up. */
export function depositCents(totalCents: number, percent: number): number {
  assertCents(totalCents, "total");
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new RangeError(`bad deposit percent ${percent}`);
  return scaleHalfUp(totalCents, percent, 100);
}

/** What is still owed: the total less what was paid, never below zero. */
export function balanceCents(totalCents: number, paidCents: number): number {
  assertCents(totalCents, "total");
  assertCents(paidCents, "paid");
  return Math.max(0, totalCents - paidCents);
}

/**
 * An amount of cents as a BigInt, exactly: any integer (a number past 2⁵³ as the double it is),
 * or 0 for what is no amount at all (NaN, Infinity, a fraction rounded to the cent): a page that
 * shows money shows something rather than failing.
 */
function centsBig(cents: number | bigint): bigint {
  if (typeof cents === "bigint") return cents;
  return Number.isFinite(cents) ? BigInt(Math.round(cents)) : 0n;
}

/** Whole dollars with thousands separators, for any size: "1,234", "92,233,720,368,547,758". */
function groupedDollars(dollars: bigint): string {
  return dollars.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * 123456 → "$1,234.56"; a credit (negative) → "-$5.00". Never throws: any integer (a number or a
 * BigInt, however large; what the database holds and any sum of it) is written exactly.
 */
export function formatCents(cents: number | bigint): string {
  const value = centsBig(cents);
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? "-" : ""}$${groupedDollars(abs / 100n)}.${String(abs % 100n).padStart(2, "0")}`;
}

/**
 * 123456 → "1234.56", 5 → "0.05", -500 → "-5.00": dollars as a plain decimal, without a sign or
 * separators, as a spreadsheet or a bookkeeping program imports a number (the payments CSV).
 */
export function formatCentsPlain(cents: number | bigint): string {
  const value = centsBig(cents);
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/**
 * The exact sum of amounts (a visit's items): as a BigInt, so no count of lines, whatever the
 * database holds, loses a cent or passes 2⁵³ unnoticed; `formatCents` writes it.
 */
export function sumCents(amounts: Iterable<number | bigint>): bigint {
  let sum = 0n;
  for (const cents of amounts) sum += centsBig(cents);
  return sum;
}

/** 150 → "1.5", 100 → "1", 1225 → "12.25": a quantity as people write it (any integer, never throwing). */
export function formatQuantity(quantityHundredths: number): string {
  const value = centsBig(quantityHundredths);
  const abs = value < 0n ? -value : value;
  const whole = `${value < 0n ? "-" : ""}${abs / 100n}`;
  const part = abs % 100n;
  if (part === 0n) return whole;
  return `${whole}.${String(part).padStart(2, "0").replace(/0$/, "")}`;
}

/** 94_500 → "9.45%": a tax rate as the office reads it. */
export function formatRate(ratePpm: number): string {
  return `${(ratePpm / 10_000).toFixed(4).replace(/\.?0+$/, "")}%`;
}

const DOLLARS = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * "1,234.5", "$80", "0.99" → cents; null for anything else (a minus sign, three decimals, words).
 * What a person types in a price field, read exactly (never through floating point).
 */
export function parseDollars(text: string): number | null {
  const match = DOLLARS.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]!.replaceAll(",", ""));
  const cents = Number((match[2] ?? "").padEnd(2, "0"));
  const total = whole * 100 + cents;
  return Number.isSafeInteger(total) && total <= MAX_CENTS ? total : null;
}

const QUANTITY = /^(\d{1,6})(?:\.(\d{1,2}))?$/;

/** "1", "1.5", "12.25" → hundredths (100, 150, 1225); null for anything else, or over 9,999.99 (MAX_QUANTITY_HUNDREDTHS). */
export function parseQuantity(text: string): number | null {
  const match = QUANTITY.exec(text.trim());
  if (!match) return null;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return hundredths <= MAX_QUANTITY_HUNDREDTHS ? hundredths : null;
}

/** "9.45" (percent) → 94_500 ppm; null for anything else or over 100 %. */
export function parseRatePercent(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) return null;
  const ppm = Number(match[1]) * 10_000 + Number((match[2] ?? "").padEnd(4, "0"));
  return ppm <= MAX_TAX_RATE_PPM ? ppm : null;
}
