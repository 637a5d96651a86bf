import { describe, expect, it } from "vitest";
import { textStatusLabel } from "./status";

describe("textStatusLabel", () => {
  it("names each state as the office reads it, with Twilio's error code", () => {
    expect(textStatusLabel("undelivered", 30006)).toBe("not delivered (error 30006)");
    expect(textStatusLabel("dropped")).toBe("not sent (opted out)");
    expect(textStatusLabel("delivered", null)).toBe("delivered");
  });

  it("shows a state it does not know as it came", () => {
    expect(textStatusLabel("read")).toBe("read");
  });
});
