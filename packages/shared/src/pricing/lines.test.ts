import { describe, expect, it } from "vitest";
import type { FieldErrors } from "../result";
import { priceLine, priceLines, type Catalog } from "./lines.server";

const catalog: Catalog = new Map([
  [1, { id: 1, name: "GFCI outlet", unitPriceCents: 16_500, taxable: true, active: true }],
  [2, { id: 2, name: "Labor", unitPriceCents: 9_500, taxable: false, active: true }],
  [3, { id: 3, name: "Knob and tube survey", unitPriceCents: 20_000, taxable: true, active: false }],
]);

describe("the price book's line rule", () => {
  it("prices a line from the book: its name, price and taxable unless given", () => {
    const errors: FieldErrors = {};
    expect(priceLine({ priceBookItemId: 2, quantityHundredths: 150 }, catalog, "", errors)).toEqual({
      priceBookItemId: 2,
      description: "Labor",
      quantityHundredths: 150,
      unitPriceCents: 9_500,
      taxable: false,
    });
    expect(
      priceLine(
        {
          priceBookItemId: 1,
          description: "GFCI, kitchen",
          unitPriceCents: 15_000,
          taxable: false,
          quantityHundredths: 100,
        },
        catalog,
        "",
        errors,
      ),
    ).toEqual({
      priceBookItemId: 1,
      description: "GFCI, kitchen",
      quantityHundredths: 100,
      unitPriceCents: 15_000,
      taxable: false,
    });
    expect(errors).toEqual({});
  });

  it("refuses an unknown or inactive item at the line's path", () => {
    const errors: FieldErrors = {};
    priceLines(
      [
        { priceBookItemId: 1, quantityHundredths: 100 },
        { priceBookItemId: 99, quantityHundredths: 100 },
        { priceBookItemId: 3, quantityHundredths: 100 },
      ],
      catalog,
      "options.1.items",
      errors,
    );
    expect(errors).toEqual({
      "options.1.items.1.priceBookItemId": "No such item in the price book",
      "options.1.items.2.priceBookItemId": "Knob and tube survey is no longer offered (inactive in the price book)",
    });
    const alone: FieldErrors = {};
    priceLine({ priceBookItemId: 3, quantityHundredths: 100 }, catalog, "", alone);
    expect(Object.keys(alone)).toEqual(["priceBookItemId"]);
  });

  it("takes a written-in line with its description and price, taxable unless told", () => {
    const errors: FieldErrors = {};
    const [written, untaxed, incomplete] = priceLines(
      [
        { description: "Permit fee", unitPriceCents: 7_500, quantityHundredths: 100 },
        { description: "Permit fee", unitPriceCents: 7_500, quantityHundredths: 100, taxable: false },
        { quantityHundredths: 100 },
      ],
      catalog,
      "",
      errors,
    );
    expect(written).toEqual({
      priceBookItemId: null,
      description: "Permit fee",
      quantityHundredths: 100,
      unitPriceCents: 7_500,
      taxable: true,
    });
    expect(untaxed!.taxable).toBe(false);
    expect(incomplete!.priceBookItemId).toBeNull();
    expect(Object.keys(errors)).toEqual(["2.description", "2.unitPriceCents"]);
  });
});
