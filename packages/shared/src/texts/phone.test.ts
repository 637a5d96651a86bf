import { describe, expect, it } from "vitest";
import { formatPhone, textablePhone } from "./phone";

describe("a number a text can go to", () => {
  it("reads a US number however it is typed, in E.164", () => {
    for (const typed of [
      "(225) 555-0142",
      "225.555.0142",
      "225-555-0142",
      "+1 225 555 0142",
      "+1 (225) 555-0142",
      "+12255550142",
      "2255550142",
      "12255550142",
      "1-225-555-0142",
      "  225 555 0142  ",
    ])
      expect(textablePhone(typed), typed).toBe("+12255550142");
  });

  it("keeps the fictional 555-01xx numbers the project uses", () => {
    expect(textablePhone("(225) 555-0199")).toBe("+12255550199");
    expect(textablePhone("(504) 555-0100")).toBe("+15045550100");
  });

  it("refuses anything that is not a US number", () => {
    for (const typed of [
      "",
      "   ",
      "555-0142", // too short
      "225555014", // nine digits
      "222555501423", // twelve digits
      "22255501423", // eleven digits, not starting with 1
      "+2255550142", // a "+" without the country code
      "+44 20 7946 0958", // another country
      "+52 225 555 0142",
      "(025) 555-0142", // area code starting with 0
      "(125) 555-0142", // area code starting with 1
      "(225) 055-0142", // exchange starting with 0
      "(225) 155-0142", // exchange starting with 1
      "225-CALL-NOW",
      "225555O142", // a letter O
      "(225) 555-0142 x12",
      "225/555/0142",
      "1+225 555 0142",
    ])
      expect(textablePhone(typed), typed).toBeNull();
  });

  it("shows a number as the business's own is written", () => {
    expect(formatPhone("+12255550142")).toBe("(225) 555-0142");
    expect(formatPhone("225.555.0142")).toBe("(225) 555-0142");
    expect(formatPhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
  });
});
