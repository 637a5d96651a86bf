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
 * - Tax is the taxable amount times the rate (parts per million: 9.45 % is 94,500), rounded half
 *   up once per document, never per line.
 * - A deposit is a whole percent of the total, rounded half up.
 */

/** The most one line, document or payment may hold: $10,000,000.00 (integer arithmetic stays exact far beyond). */
export const MAX_CENTS = 1_000_000_000;

/** The most a rate may be: 100 %, in parts per million. */
export const MAX_TAX_RATE_PPM = 1_000_000;

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
  /** The discount applied: what was asked, but never more than the subtotal. */
  discountCents: number;
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

/**
 * The totals of an estimate's option or an invoice: its lines, less a discount, plus tax at
 * `taxRatePpm` on the taxable part, rounded once.
 */
export function documentTotals(lines: readonly MoneyLine[], taxRatePpm: number, discountCents = 0): Totals {
  assertCents(discountCents, "discount");
  if (!Number.isSafeInteger(taxRatePpm) || taxRatePpm < 0 || taxRatePpm > MAX_TAX_RATE_PPM)
    throw new RangeError(`bad tax rate ${taxRatePpm}`);
  const lineCents = lines.map(lineTotalCents);
  const subtotalCents = lineCents.reduce((sum, cents) => sum + cents, 0);
  const taxableLines = lineCents.reduce((sum, cents, i) => sum + (lines[i]!.taxable ? cents : 0), 0);
  const discount = Math.min(discountCents, subtotalCents);
  // The taxable lines' share of the discount, in proportion to their share of the subtotal.
  const taxableDiscount = subtotalCents === 0 ? 0 : scaleHalfUp(discount, taxableLines, subtotalCents);
  const taxableCents = taxableLines - taxableDiscount;
  const taxCents = scaleHalfUp(taxableCents, taxRatePpm, 1_000_000);
  return {
    lineCents,
    subtotalCents,
    discountCents: discount,
    taxableCents,
    taxCents,
    totalCents: subtotalCents - discount + taxCents,
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

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** 123456 → "$1,234.56"; a credit (negative) → "-$5.00". */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`bad cents ${cents}`);
  return dollars.format(cents / 100);
}

/**
 * 123456 → "1234.56", 5 → "0.05", -500 → "-5.00": dollars as a plain decimal, without a sign or
 * separators, as a spreadsheet or a bookkeeping program imports a number (the payments CSV).
 */
export function formatCentsPlain(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`bad cents ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** 150 → "1.5", 100 → "1", 1225 → "12.25": a quantity as people write it. */
export function formatQuantity(quantityHundredths: number): string {
  const whole = Math.floor(quantityHundredths / 100);
  const part = quantityHundredths % 100;
  if (part === 0) return String(whole);
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

/** "1", "1.5", "12.25" → hundredths (100, 150, 1225); null for anything else. */
export function parseQuantity(text: string): number | null {
  const match = QUANTITY.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** "9.45" (percent) → 94_500 ppm; null for anything else or over 100 %. */
export function parseRatePercent(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) return null;
  const ppm = Number(match[1]) * 10_000 + Number((match[2] ?? "").padEnd(4, "0"));
  return ppm <= MAX_TAX_RATE_PPM ? ppm : null;
}
