import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  balanceCents,
  depositCents,
  documentTotals,
  formatCents,
  formatCentsPlain,
  formatQuantity,
  formatRate,
  INT4_MAX,
  lineTotalCents,
  MAX_CENTS,
  MAX_QUANTITY_HUNDREDTHS,
  parseDollars,
  parseQuantity,
  parseRatePercent,
  scaleHalfUp,
  sumCents,
  type MoneyLine,
} from "./money";

const line = fc.record({
  quantityHundredths: fc.integer({ min: 1, max: 100_000 }),
  unitPriceCents: fc.integer({ min: 0, max: 5_000_000 }),
  taxable: fc.boolean(),
});
const lines = fc.array(line, { minLength: 0, maxLength: 12 });
const rate = fc.integer({ min: 0, max: 150_000 });
const discount = fc.integer({ min: 0, max: 100_000_000 });

describe("money, by its rules (property-based)", () => {
  it("totals add up: the lines make the subtotal, and subtotal − discount + tax is the total", () => {
    fc.assert(
      fc.property(lines, rate, discount, (ls, r, d) => {
        const t = documentTotals(ls, r, d);
        expect(t.lineCents.reduce((a, b) => a + b, 0)).toBe(t.subtotalCents);
        expect(t.totalCents).toBe(t.subtotalCents - t.discountCents + t.taxCents);
        for (const cents of [...t.lineCents, t.subtotalCents, t.discountCents, t.taxCents, t.totalCents])
          expect(Number.isSafeInteger(cents)).toBe(true);
      }),
    );
  });

  it("is never negative, and a discount never takes the total below its tax", () => {
    fc.assert(
      fc.property(lines, rate, discount, (ls, r, d) => {
        const t = documentTotals(ls, r, d);
        expect(t.discountCents).toBeLessThanOrEqual(t.subtotalCents);
        expect(t.taxableCents).toBeGreaterThanOrEqual(0);
        expect(t.taxCents).toBeGreaterThanOrEqual(0);
        expect(t.totalCents).toBeGreaterThanOrEqual(t.taxCents);
      }),
    );
  });

  it("rounds tax once: within half a cent of the exact figure on the taxable amount", () => {
    fc.assert(
      fc.property(lines, rate, discount, (ls, r, d) => {
        const t = documentTotals(ls, r, d);
        const exact = (t.taxableCents * r) / 1_000_000;
        expect(Math.abs(t.taxCents - exact)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it("taxes within a cent of the exact figure on the lines as priced, when there is no discount", () => {
    fc.assert(
      fc.property(lines, rate, (ls, r) => {
        const t = documentTotals(ls, r);
        const exactTaxable = ls
          .filter((l) => l.taxable)
          .reduce((sum, l) => sum + (l.quantityHundredths * l.unitPriceCents) / 100, 0);
        // Each line rounds by at most half a cent before tax; the tax then rounds once.
        const slack = 0.5 + (ls.filter((l) => l.taxable).length * 0.5 * r) / 1_000_000;
        expect(Math.abs(t.taxCents - (exactTaxable * r) / 1_000_000)).toBeLessThanOrEqual(slack + 1e-9);
      }),
    );
  });

  it("taxes only taxable lines: none taxable, no tax", () => {
    fc.assert(
      fc.property(lines, rate, discount, (ls, r, d) => {
        const t = documentTotals(
          ls.map((l) => ({ ...l, taxable: false })),
          r,
          d,
        );
        expect(t.taxCents).toBe(0);
        expect(t.totalCents).toBe(t.subtotalCents - t.discountCents);
      }),
    );
  });

  it("takes a member's discount (docs/decisions/029-maintenance-plans.md): its percent of the subtotal, before tax", () => {
    const percent = fc.integer({ min: 0, max: 100 });
    fc.assert(
      fc.property(lines, rate, discount, percent, (ls, r, d, p) => {
        const t = documentTotals(ls, r, d, p);
        expect(t.totalCents).toBe(t.subtotalCents - t.memberDiscountCents - t.discountCents + t.taxCents);
        // Half up, within half a cent of the exact figure, and never with the office's discount past the subtotal.
        expect(Math.abs(t.memberDiscountCents - (t.subtotalCents * p) / 100)).toBeLessThanOrEqual(0.5);
        expect(t.memberDiscountCents + t.discountCents).toBeLessThanOrEqual(t.subtotalCents);
        expect(t.discountCents).toBe(Math.min(d, t.subtotalCents - t.memberDiscountCents));
        expect(t.taxableCents).toBeGreaterThanOrEqual(0);
        expect(Math.abs(t.taxCents - (t.taxableCents * r) / 1_000_000)).toBeLessThanOrEqual(0.5);
        expect(t.totalCents).toBeGreaterThanOrEqual(t.taxCents);
        // The member's discount is the office's discount of the same amount, as far as tax goes.
        const same = documentTotals(ls, r, t.memberDiscountCents + t.discountCents);
        expect([same.taxableCents, same.taxCents, same.totalCents]).toEqual([t.taxableCents, t.taxCents, t.totalCents]);
      }),
    );
    fc.assert(
      fc.property(lines, rate, discount, (ls, r, d) => {
        expect(documentTotals(ls, r, d, 0)).toEqual({ ...documentTotals(ls, r, d), memberDiscountCents: 0 });
      }),
    );
  });

  it("asks a deposit no larger than the total, and a balance that never goes below zero", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 100 }), (total, percent) => {
        const deposit = depositCents(total, percent);
        expect(deposit).toBeGreaterThanOrEqual(0);
        expect(deposit).toBeLessThanOrEqual(total);
        expect(Math.abs(deposit - (total * percent) / 100)).toBeLessThanOrEqual(0.5);
        expect(balanceCents(total, deposit)).toBe(total - deposit);
        expect(balanceCents(total, total + 1)).toBe(0);
      }),
    );
  });

  it("reads back what it formats", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (cents) => {
        expect(parseDollars(formatCents(cents))).toBe(cents);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_QUANTITY_HUNDREDTHS }), (hundredths) => {
        expect(parseQuantity(formatQuantity(hundredths))).toBe(hundredths);
      }),
    );
  });

  it("formats any integer without throwing: every int4 the database holds, sums past 2⁵³, BigInts", () => {
    fc.assert(
      fc.property(fc.integer({ min: -INT4_MAX - 1, max: INT4_MAX }), (cents) => {
        const text = formatCents(cents);
        expect(text).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d\d$/);
        expect(parseDollars(text.replace("-", ""))).toBe(Math.abs(cents) <= MAX_CENTS ? Math.abs(cents) : null);
        expect(formatQuantity(cents)).toMatch(/^-?\d+(\.\d{1,2})?$/);
      }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), (cents) => {
        const text = formatCents(cents);
        expect(BigInt(text.replace(/[$,.]/g, ""))).toBe(cents);
      }),
    );
  });
});

describe("money, by example", () => {
  it("rounds half up, exactly", () => {
    expect(scaleHalfUp(5, 1, 10)).toBe(1);
    expect(scaleHalfUp(4, 1, 10)).toBe(0);
    expect(scaleHalfUp(15, 1, 10)).toBe(2);
    expect(scaleHalfUp(0, 3, 7)).toBe(0);
    // Beyond 2^53 in between, still exact.
    expect(scaleHalfUp(9_000_000_000_000, 1_000_000, 1_000_000)).toBe(9_000_000_000_000);
    // 1.5 hours at $95.99: 143.985 → $143.99.
    expect(lineTotalCents({ quantityHundredths: 150, unitPriceCents: 9599 })).toBe(14399);
  });

  it("prices a panel upgrade with a surge protector, a discount and 9.45 % on the taxable parts", () => {
    const items: MoneyLine[] = [
      { quantityHundredths: 100, unitPriceCents: 240_000, taxable: false }, // labor
      { quantityHundredths: 100, unitPriceCents: 45_000, taxable: true }, // surge protector
      { quantityHundredths: 200, unitPriceCents: 2_499, taxable: true }, // two GFCI outlets
    ];
    const t = documentTotals(items, 94_500, 10_000);
    expect(t.lineCents).toEqual([240_000, 45_000, 4_998]);
    expect(t.subtotalCents).toBe(289_998);
    // The taxable $499.98 carries 49,998 / 289,998 of the $100 discount: $17.24.
    expect(t.taxableCents).toBe(48_274);
    // 482.74 × 9.45 % = 45.61893 → $45.62.
    expect(t.taxCents).toBe(4_562);
    expect(t.totalCents).toBe(289_998 - 10_000 + 4_562);
    expect(depositCents(t.totalCents, 25)).toBe(71_140);
  });

  it("takes a member's 10 % off a generator repair before tax, then the office's discount", () => {
    const items: MoneyLine[] = [
      { quantityHundredths: 150, unitPriceCents: 12_500, taxable: false }, // 1.5 hours of labor
      { quantityHundredths: 100, unitPriceCents: 38_999, taxable: true }, // transfer switch
    ];
    const t = documentTotals(items, 94_500, 2_000, 10);
    expect(t.subtotalCents).toBe(57_749);
    // 10 % of $577.49 = 57.749 → $57.75.
    expect(t.memberDiscountCents).toBe(5_775);
    expect(t.discountCents).toBe(2_000);
    // The taxable $389.99 carries 38,999 / 57,749 of the $77.75 off: $52.51.
    expect(t.taxableCents).toBe(38_999 - 5_251);
    // 337.48 × 9.45 % = 31.89186 → $31.89.
    expect(t.taxCents).toBe(3_189);
    expect(t.totalCents).toBe(57_749 - 5_775 - 2_000 + 3_189);
    // The office's discount stops at what the member's leaves of the subtotal.
    expect(documentTotals(items, 94_500, 100_000, 10)).toMatchObject({ discountCents: 57_749 - 5_775, totalCents: 0 });
    expect(() => documentTotals(items, 94_500, 0, 101)).toThrow(RangeError);
    expect(() => documentTotals(items, 94_500, 0, 2.5)).toThrow(RangeError);
  });

  it("formats and parses as people write money, quantities and rates", () => {
    expect(formatCents(123_456)).toBe("$1,234.56");
    expect(formatCents(-500)).toBe("-$5.00");
    expect(formatCentsPlain(123_456)).toBe("1234.56");
    expect(formatCentsPlain(5)).toBe("0.05");
    expect(formatCentsPlain(-500)).toBe("-5.00");
    expect(formatQuantity(150)).toBe("1.5");
    expect(formatQuantity(1225)).toBe("12.25");
    expect(formatQuantity(100)).toBe("1");
    expect(formatRate(94_500)).toBe("9.45%");
    expect(formatRate(0)).toBe("0%");
    expect(parseDollars("$1,234.5")).toBe(123_450);
    expect(parseDollars("80")).toBe(8_000);
    expect(parseDollars("0.99")).toBe(99);
    for (const bad of ["-5", "1.999", "abc", "", "1,23.00", "99999999999"]) expect(parseDollars(bad)).toBeNull();
    expect(parseQuantity("1.5")).toBe(150);
    expect(parseQuantity("0.333")).toBeNull();
    expect(parseRatePercent("9.45")).toBe(94_500);
    expect(parseRatePercent("101")).toBeNull();
  });

  it("bounds what it reads by what the database holds, and writes what no single column could", () => {
    expect(MAX_CENTS).toBeLessThanOrEqual(INT4_MAX);
    expect(parseQuantity("9999.99")).toBe(MAX_QUANTITY_HUNDREDTHS);
    for (const bad of ["10000", "999999.99", "1e3", "NaN", "-1", "0x10"]) expect(parseQuantity(bad)).toBeNull();
    expect(parseDollars("10,000,000.00")).toBe(MAX_CENTS);
    expect(parseDollars("10000000.01")).toBeNull();
    // 902 items of $10,000,000 × 9,999.99: past 2⁵³ as a double, exact as the sum it is.
    const line = lineTotalCents({ quantityHundredths: MAX_QUANTITY_HUNDREDTHS, unitPriceCents: MAX_CENTS });
    const total = sumCents(Array.from({ length: 902 }, () => line));
    expect(total).toBe(BigInt(line) * 902n);
    expect(formatCents(total)).toBe("$90,199,909,800,000.00");
    // 2⁵³ + 1 is the double 2⁵³: written as the number it is.
    expect(formatCents(Number.MAX_SAFE_INTEGER + 2)).toBe("$90,071,992,547,409.92");
    expect(formatCents(-INT4_MAX - 1)).toBe("-$21,474,836.48");
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCentsPlain(2n ** 64n)).toBe("184467440737095516.16");
    expect(formatQuantity(INT4_MAX)).toBe("21474836.47");
    expect(formatQuantity(-150)).toBe("-1.5");
  });
});
