import { describe, expect, it } from "vitest";
import { CONVERSATION_TTL_MS, parseConversation } from "./conversation-storage";

const now = Date.UTC(2026, 2, 10, 15);
const stored = (patch: Record<string, unknown> = {}) =>
  JSON.stringify({
    v: 1,
    sessionId: "chat_abcdefgh1234",
    messages: [{ id: "m1", sender: "user", text: "hi", timestamp: "2026-03-10T15:00:00.000Z" }],
    mode: "assistant",
    savedAt: now - 60_000,
    ...patch,
  });

describe("the stored conversation (docs/product.md#chat-assistant)", () => {
  it("is continued while fresh", () => {
    expect(parseConversation(stored(), now)).toMatchObject({
      sessionId: "chat_abcdefgh1234",
      messages: [{ id: "m1" }],
    });
  });

  it("is not continued once nobody has added to it for the expiry, or without the time it was saved", () => {
    expect(parseConversation(stored({ savedAt: now - CONVERSATION_TTL_MS - 1 }), now)).toBeNull();
    expect(parseConversation(stored({ savedAt: undefined }), now)).toBeNull();
  });

  it("is refused when it is not one: another shape, a session id that is not the chat's, not JSON", () => {
    expect(parseConversation(stored({ v: 2 }), now)).toBeNull();
    expect(parseConversation(stored({ sessionId: "admin" }), now)).toBeNull();
    expect(parseConversation("{", now)).toBeNull();
    expect(parseConversation(null, now)).toBeNull();
  });

  it("drops messages that are not well formed", () => {
    const parsed = parseConversation(stored({ messages: [{ id: "m1", sender: "user", text: "hi" }, { id: 2 }] }), now);
    expect(parsed?.messages).toHaveLength(1);
  });
});
