import { afterEach, expect, it } from "vitest";
import { BUSINESS_BROWSER_GLOBAL, createBusinessFacts, mapSearchUrl, pageOverrides } from "./business";
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

it("names the state once in a map search, whether or not the address has it", () => {
  const query = (address: string) => new URL(mapSearchUrl(address)).searchParams.get("query");
  expect(query("4521 Government St, Baton Rouge")).toBe("4521 Government St, Baton Rouge, LA");
  expect(query("1442 Perkins Rd, Baton Rouge, LA 70806")).toBe("1442 Perkins Rd, Baton Rouge, LA 70806");
  expect(query("1442 Perkins Rd, Baton Rouge, La 70806-1234 ")).toBe("1442 Perkins Rd, Baton Rouge, La 70806-1234");
  expect(query("88 Main St, Walker, LA")).toBe("88 Main St, Walker, LA");
  // "La" inside the address is a street's name, not the state.
  expect(query("12 La Belle St, Denham Springs")).toBe("12 La Belle St, Denham Springs, LA");
});
