import { describe, expect, it } from "vitest";
import { personName, PERSON_NAME_MESSAGE, staffText } from "./fields";
import { PERSON_NAME_MAX_LENGTH } from "./limits";

const name = personName("First name");
const problem = (value: unknown) => {
  const result = name.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe("personName", () => {
  it("accepts names as people write them, trimmed", () => {
    for (const value of [
      "Clovis",
      "Thérèse",
      "Jose\u0301",
      "Mary-Kate",
      "D’Arcy",
      "O'Neil",
      "J.R.R. Tolkien",
      "St. John",
      "Nguyễn Văn An",
      "Søren Kierkegaard",
      "Влад",
      "李小龍",
      "a".repeat(PERSON_NAME_MAX_LENGTH),
    ]) {
      expect(name.safeParse(` ${value} `), value).toEqual({ success: true, data: value });
    }
  });

  it("refuses a message: digits, links, line breaks, other signs", () => {
    for (const value of [
      "Your account is locked. Call +1 (900) 555-0199",
      "Jane 2",
      "https://evil.example",
      "Jane\nArceneaux",
      "Jane\tArceneaux",
      "jane@example.com",
      "<b>Eve</b>",
      "Eve!",
      "Call: now",
      "Eve/Adam",
      "Eve_Adam",
      "🙂",
    ]) {
      expect(problem(value), value).toBe(PERSON_NAME_MESSAGE);
    }
  });

  it("refuses words joined by a period (a link in a mail client), but not initials", () => {
    for (const value of ["evil.example", "visit evil.example now", "x.co", "J.Smith"]) {
      expect(problem(value), value).toBe("Leave a space after a period between words");
    }
    expect(problem("J.R. Smith")).toBeNull();
  });

  it("needs a letter, and at most the limit", () => {
    expect(problem("")).toBe("First name is required");
    expect(problem("   ")).toBe("First name is required");
    expect(problem(undefined)).toBe("First name is required");
    expect(problem("-'.")).toBe(PERSON_NAME_MESSAGE);
    expect(problem("a".repeat(PERSON_NAME_MAX_LENGTH + 1))).toBe(
      `First name is too long (${PERSON_NAME_MAX_LENGTH} characters at most)`,
    );
  });
});

describe("staffText", () => {
  it("keeps a business's name, on one line and bounded", () => {
    const text = staffText("Name", 20);
    expect(text.safeParse("7-Eleven #123").success).toBe(true);
    expect(text.safeParse("7-Eleven\n#123").success).toBe(false);
    expect(text.safeParse("x".repeat(21)).success).toBe(false);
  });
});
