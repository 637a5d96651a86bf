import { describe, expect, it } from "vitest";
import {
  newPriceBookItemSchema,
  priceBookItemChangeSchema,
  priceBookItemEditFormSchema,
  priceBookItemFormSchema,
  salesTaxFormSchema,
} from "./price-book";

describe("the price book's forms", () => {
  it("read the price as typed into whole cents, and taxable from the checkbox", () => {
    expect(
      priceBookItemFormSchema.parse({
        name: " Fan ",
        description: "",
        unitPrice: "$1,234.50",
        unit: "each",
        taxable: "on",
      }),
    ).toEqual({ name: "Fan", description: null, unitPrice: 123_450, unit: "each", taxable: true });
    expect(priceBookItemEditFormSchema.parse({ id: "7", name: "Labor", unitPrice: "115", unit: "hour" })).toEqual({
      id: 7,
      name: "Labor",
      unitPrice: 11_500,
      unit: "hour",
      taxable: false,
    });
  });

  it("refuse a price that is not dollars and cents beside the field", () => {
    for (const unitPrice of ["12.345", "-5", "ten", "", "10000000.01"]) {
      const parsed = priceBookItemFormSchema.safeParse({ name: "Fan", unitPrice, unit: "each" });
      expect(parsed.success, unitPrice).toBe(false);
      expect(parsed.error?.issues[0]?.path, unitPrice).toEqual(["unitPrice"]);
    }
  });

  it("read the sales tax as a percent into parts per million", () => {
    expect(salesTaxFormSchema.parse({ salesTaxRate: "9.45" })).toEqual({ salesTaxRate: 94_500 });
    expect(salesTaxFormSchema.parse({ salesTaxRate: "9.45%" })).toEqual({ salesTaxRate: 94_500 });
    expect(salesTaxFormSchema.parse({ salesTaxRate: "0" })).toEqual({ salesTaxRate: 0 });
    for (const salesTaxRate of ["100.1", "9.45555", "-1", "", "nine"])
      expect(salesTaxFormSchema.safeParse({ salesTaxRate }).success, salesTaxRate).toBe(false);
  });
});

describe("the price book's JSON", () => {
  it("takes whole cents and asks at least one change of a PATCH", () => {
    expect(newPriceBookItemSchema.safeParse({ name: "Fan", unitPriceCents: 1.5, unit: "each" }).success).toBe(false);
    expect(priceBookItemChangeSchema.safeParse({}).success).toBe(false);
    expect(priceBookItemChangeSchema.parse({ active: false })).toEqual({ active: false });
  });
});
