import { describe, expect, it } from "vitest";
import { business } from "@app/shared/business";
import {
  atBottom,
  draftReducer,
  followsConversation,
  formJustClosed,
  inputHeight,
  isSendKey,
  panelView,
  suggestionChoice,
} from "./chat-panel-state";
import {
  assistantNote,
  chatReducer,
  greetingNote,
  initialChatState,
  isPending,
  userItem,
  type ChatState,
} from "./chat-state";
import { greetingActions, OPEN_BOOKING_FORM_ACTION, staffModeNotice } from "./widget-rules";

const started = () =>
  chatReducer(initialChatState(null), {
    type: "started",
    sessionId: "chat_abcdefgh1234",
    greeting: greetingNote(business),
  });

const view = (state: ChatState, draft = "") => panelView(state, isPending(state), draft);

describe("chat panel: the message box (docs/product.md#chat-assistant)", () => {
  it("typing fills the draft; a sent message empties it", () => {
    const typed = draftReducer({ draft: "" }, { type: "edited", text: "Do you do panel upgrades?" });
    expect(typed.draft).toBe("Do you do panel upgrades?");
    expect(draftReducer(typed, { type: "submitted", sent: true }).draft).toBe("");
  });

  it("a send that was refused keeps the draft, to send again", () => {
    const typed = { draft: "Do you do panel upgrades?" };
    expect(draftReducer(typed, { type: "submitted", sent: false })).toBe(typed);
  });

  it("Send works only with a message, a conversation, and nothing pending", () => {
    const state = started();
    expect(view(state, "Hello").canSend).toBe(true);
    expect(view(state, "   ").canSend).toBe(false);
    expect(view(initialChatState(null), "Hello").canSend).toBe(false);
    const waiting = chatReducer(state, { type: "userSent", item: userItem("Hi") });
    expect(view(waiting, "Hello")).toMatchObject({ canSend: false, placeholder: "Waiting for a reply…" });
    expect(view(state)).toMatchObject({ placeholder: "Type your message…" });
  });

  it("while staff hold the conversation a sent message leaves the box usable and shows no typing dots", () => {
    const staff = chatReducer(started(), {
      type: "mode",
      mode: "staff",
      notice: assistantNote(staffModeNotice, { notice: true }),
    });
    const sent = chatReducer(staff, { type: "userSent", item: userItem("Hello?") });
    expect(view(sent, "Anyone there?")).toMatchObject({ canSend: true, showTyping: false });
  });

  it("Enter sends, Shift+Enter and an IME's Enter do not", () => {
    expect(isSendKey("Enter", false, false)).toBe(true);
    expect(isSendKey("Enter", true, false)).toBe(false);
    expect(isSendKey("Enter", false, true)).toBe(false);
    expect(isSendKey("a", false, false)).toBe(false);
  });

  it("grows with its text up to about five lines", () => {
    expect(inputHeight(40)).toBe(40);
    expect(inputHeight(400)).toBe(128);
  });
});

describe("chat panel: around the conversation", () => {
  it("offers the last assistant message's suggested replies, only when nothing is pending", () => {
    const state = started();
    expect(view(state).suggestions).toEqual(greetingActions);
    const waiting = chatReducer(state, { type: "userSent", item: userItem("Hi") });
    expect(view(waiting).suggestions).toEqual([]);
    const streaming = chatReducer(state, { type: "delta", id: "m2", delta: "We", reset: false });
    expect(view(streaming).suggestions).toEqual([]);
  });

  it("shows the typing dots while the reply is awaited, not once it streams", () => {
    const waiting = chatReducer(started(), { type: "userSent", item: userItem("Hi") });
    expect(view(waiting).showTyping).toBe(true);
    expect(view(chatReducer(waiting, { type: "delta", id: "m2", delta: "We", reset: false })).showTyping).toBe(false);
  });

  it("a booking suggestion opens the form, with the arrival window when it is one; another becomes the draft", () => {
    expect(suggestionChoice(OPEN_BOOKING_FORM_ACTION)).toEqual({ kind: "form" });
    expect(suggestionChoice("Friday, Dec 4, 10 AM – 12 PM")).toEqual({
      kind: "form",
      window: "Friday, Dec 4, 10 AM – 12 PM",
    });
    expect(suggestionChoice("What are your hours?")).toEqual({ kind: "draft", text: "What are your hours?" });
    expect(draftReducer({ draft: "" }, { type: "suggested", text: "What are your hours?" }).draft).toBe(
      "What are your hours?",
    );
  });

  it("follows the conversation while the visitor is at the bottom, and always after their own message", () => {
    expect(atBottom({ scrollHeight: 1000, scrollTop: 560, clientHeight: 400 })).toBe(true);
    expect(atBottom({ scrollHeight: 1000, scrollTop: 300, clientHeight: 400 })).toBe(false);
    expect(followsConversation(false, "assistant")).toBe(false);
    expect(followsConversation(false, "user")).toBe(true);
    expect(followsConversation(true, "staff")).toBe(true);
  });

  it("brings focus back when the form closes in the open panel", () => {
    expect(formJustClosed(true, false, true)).toBe(true);
    expect(formJustClosed(true, false, false)).toBe(false);
    expect(formJustClosed(false, false, true)).toBe(false);
    expect(formJustClosed(true, true, true)).toBe(false);
  });
});
