import { afterEach, expect, it } from "vitest";
import { BUSINESS_BROWSER_GLOBAL, createBusinessFacts, pageOverrides } from "./business";
import { parseEnv } from "./env.server";

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[BUSINESS_BROWSER_GLOBAL];
});

it("hands the browser only the overrides that are set", () => {
  expect(
    parseEnv({ BUSINESS_PHONE: " (985) 555-0177 ", BUSINESS_NAME: "  ", BUSINESS_EMAIL: undefined, OTHER: "x" })
      .BUSINESS,
  ).toEqual({
    phone: "(985) 555-0177",
  });
  expect(parseEnv({}).BUSINESS).toEqual({});
});

it("reads the overrides a page left for the browser", () => {
  (globalThis as Record<string, unknown>)[BUSINESS_BROWSER_GLOBAL] = { phone: "(985) 555-0177" };
  expect(pageOverrides()).toEqual({ phone: "(985) 555-0177" });
  const facts = createBusinessFacts(pageOverrides());
  expect(facts.phone).toBe("(985) 555-0177");
  expect(facts.phoneHref).toBe("tel:+19855550177");
});
