import { describe, expect, it } from "vitest";
import { inboxItemHref, isEmergencyContact, readsAsEmergency } from "./emergency-leads";

describe("emergency leads", () => {
  it.each(["Sparks coming from the outlet", "I smell burning from the panel", "the power is out in half the house"])(
    "reads %j as an emergency",
    (text) => expect(readsAsEmergency(text)).toBe(true),
  );

  it.each([
    "I'd like a quote for a panel upgrade",
    "Do you charge extra for emergency calls?",
    "Need an estimate for recessed lighting in my kitchen",
  ])("does not read %j as one", (text) => expect(readsAsEmergency(text)).toBe(false));

  it("a contact message is one when its service is Emergency, whatever it says, or when its words read so", () => {
    expect(isEmergencyContact({ service: "emergency", message: "Please call me back." })).toBe(true);
    expect(isEmergencyContact({ service: "residential", message: "Sparks coming from the outlet" })).toBe(true);
    expect(isEmergencyContact({ service: null, message: "A quote for a standby generator, please." })).toBe(false);
  });

  it("links to the inbox with the item open", () => {
    expect(inboxItemHref("contact", 12)).toBe("/admin/inbox?item=contact%3A12");
    expect(inboxItemHref("chat", "chat_abc123")).toBe("/admin/inbox?item=chat%3Achat_abc123");
  });
});
