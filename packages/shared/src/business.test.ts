import { afterEach, expect, it } from "vitest";
import { BUSINESS_BROWSER_GLOBAL, businessOverrides, createBusinessFacts } from "./business";

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[BUSINESS_BROWSER_GLOBAL];
});

it("hands the browser only the overrides that are set", () => {
  expect(businessOverrides({ BUSINESS_PHONE: " (985) 555-0177 ", BUSINESS_NAME: "  ", BUSINESS_EMAIL: undefined, OTHER: "x" })).toEqual({
    BUSINESS_PHONE: "(985) 555-0177",
  });
  expect(businessOverrides({})).toEqual({});
});

it("reads the overrides a page left for the browser before its own environment", () => {
  (globalThis as Record<string, unknown>)[BUSINESS_BROWSER_GLOBAL] = { BUSINESS_PHONE: "(985) 555-0177" };
  expect(businessOverrides()).toEqual({ BUSINESS_PHONE: "(985) 555-0177" });
  const facts = createBusinessFacts();
  expect(facts.phone).toBe("(985) 555-0177");
  expect(facts.phoneHref).toBe("tel:+19855550177");
});
