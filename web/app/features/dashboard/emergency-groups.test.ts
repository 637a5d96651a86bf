import { describe, expect, it } from "vitest";
import { groupLeads, personOf, type OpenLead } from "./emergency-groups";

const lead = (key: string, at: string, more: Partial<OpenLead> = {}): OpenLead => ({
  key,
  kind: key.startsWith("chat") ? "chat" : "contact",
  name: null,
  phone: null,
  email: null,
  browser: null,
  said: "Sparks from the panel",
  at,
  href: `/admin/inbox?item=${key}`,
  ...more,
});

describe("the dashboard's emergency leads, one row per person", () => {
  it("folds ten chats from one browser into one row, newest first, with one Dismiss for them all", () => {
    const chats = Array.from({ length: 10 }, (_, i) =>
      lead(`chat:chat_walker${String(i).padStart(4, "0")}`, `2026-11-27T18:47:0${i}Z`, { browser: "1.2.3.4 Chrome" }),
    );
    const other = lead("chat:chat_someoneelse", "2026-11-27T18:40:00Z", { browser: "5.6.7.8 Safari" });
    const groups = groupLeads([...chats, other], 10);
    expect(groups).toHaveLength(2);
    expect(groups[0]!.latest.key).toBe("chat:chat_walker0009");
    expect(groups[0]!.earlier.map((l) => l.key)[0]).toBe("chat:chat_walker0008");
    expect(groups[0]!.keys).toHaveLength(10);
    expect(groups[1]!.keys).toEqual(["chat:chat_someoneelse"]);
  });

  it("knows a person by their phone first (a message and a chat alike), then their email, then their browser", () => {
    const message = lead("contact:1", "2026-11-27T18:00:00Z", {
      phone: "(225) 555-0142",
      email: "a@x.co",
      name: "Ann",
    });
    const chat = lead("chat:chat_annsphone1", "2026-11-27T18:05:00Z", { phone: "225.555.0142" });
    expect(personOf(message)).toBe(personOf(chat));
    const [row] = groupLeads([message, chat], 10);
    // The newest is shown; a name given in an earlier one names the row.
    expect(row!.latest.key).toBe(chat.key);
    expect(row!.latest.name).toBe("Ann");
    expect(personOf(lead("contact:2", "x", { email: " A@X.co " }))).toBe("email:a@x.co");
    expect(personOf(lead("chat:chat_nobodyknown", "x"))).toBe("lead:chat:chat_nobodyknown");
  });

  it("shows at most the rows asked for", () => {
    const many = Array.from({ length: 15 }, (_, i) =>
      lead(`contact:${i + 1}`, `2026-11-27T18:${String(i).padStart(2, "0")}:00Z`),
    );
    expect(groupLeads(many, 10)).toHaveLength(10);
  });
});
