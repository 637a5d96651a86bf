import { describe, expect, it } from "vitest";
import {
  estimateFormInput,
  estimateFormSchema,
  estimateFormValues,
  priceBookLineText,
  SINGLE_OPTION_NAME,
} from "./estimates";

const line = (description: string, price: string) => ({ item: "", description, price, quantity: "" });
const blankLine = { item: "", description: "", price: "", quantity: "" };

/** The schema's refusals, `{ "options.1.name": message }`. */
function refusals(form: unknown) {
  const parsed = estimateFormSchema.safeParse(form);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("the estimate builder's form", () => {
  it("takes one option without a name (the customer reads a sensible one) and leaves blank lines out", () => {
    const form = {
      bookingId: "7",
      depositPercent: "",
      options: [{ name: " ", discount: "", lines: [line("Replace the breaker", "180"), blankLine] }],
    };
    expect(refusals(form)).toEqual({});
    const { input, places } = estimateFormInput(estimateFormSchema.parse(form));
    expect(input.options).toEqual([
      {
        name: SINGLE_OPTION_NAME,
        items: [{ description: "Replace the breaker", quantity: 100, unitPriceCents: 18_000 }],
      },
    ]);
    expect(places).toEqual({ options: [0], rows: [[0]] });
    // The member's discount's box (docs/decisions/029-maintenance-plans.md): taken off only when ticked.
    expect(input.memberDiscount).toBe(false);
    expect(estimateFormInput(estimateFormSchema.parse({ ...form, memberDiscount: "on" })).input.memberDiscount).toBe(
      true,
    );
  });

  it("asks a name of each of two or more options, and refuses an option without a line on it, never skipping it", () => {
    const named = { name: "Repair", discount: "", lines: [line("Replace the breaker", "180")] };
    expect(
      refusals({ bookingId: "7", options: [named, { name: "", discount: "", lines: [line("Panel", "2400")] }] }),
    ).toEqual({ "options.1.name": "Name each option when there are two or more (like Good, Better, Best)" });
    expect(
      refusals({ bookingId: "7", options: [named, { name: "Replace", discount: "", lines: [blankLine] }] }),
    ).toEqual({ "options.1.lines": "This option has no lines: add a line, or remove the option" });
    expect(refusals({ bookingId: "7", options: [{ name: "", discount: "", lines: [] }] })).toEqual({
      "options.0.lines": "Add at least one line",
    });
    expect(refusals({ bookingId: "7", options: [] })).toEqual({ options: "Add at least one option" });
    expect(Object.keys(refusals({ bookingId: "7", options: [named, named, named, named] }))).toContain("options");
  });

  it("opens a saved draft as typed values, and an item's description carries its name and words", () => {
    const values = estimateFormValues({
      depositPercent: 25,
      options: [
        {
          name: SINGLE_OPTION_NAME,
          discountCents: 5_000,
          lines: [{ priceBookItemId: 3, description: "200 A panel", quantityHundredths: 150, unitPriceCents: 185_050 }],
        },
      ],
    });
    expect(values).toEqual({
      depositPercent: "25",
      memberDiscount: "",
      options: [
        {
          name: "",
          discount: "50.00",
          lines: [{ item: "3", description: "200 A panel", price: "1850.50", quantity: "1.5" }],
        },
      ],
    });
    expect(estimateFormValues({ depositPercent: null, memberDiscount: { percent: 10 }, options: [] })).toMatchObject({
      memberDiscount: "on",
    });
    expect(priceBookLineText({ name: "Surge protector", description: " Type 2, at the panel " })).toBe(
      "Surge protector: Type 2, at the panel",
    );
    expect(priceBookLineText({ name: "Labor", description: null })).toBe("Labor");
  });
});
