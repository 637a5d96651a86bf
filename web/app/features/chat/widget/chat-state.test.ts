import { describe, expect, it } from "vitest";
import { business } from "@app/shared/business";
import {
  assistantNote,
  bookingOutcomeNote,
  chatReducer,
  conversationService,
  greetingNote,
  initialChatState,
  isIncoming,
  isPending,
  offerStillFits,
  replyFollowUp,
  replyStillComing,
  sendableText,
  sendFailureNote,
  toChatItem,
  unseenMessages,
  userItem,
  type ChatAction,
  type ChatState,
} from "./chat-state";
import {
  assistantModeNotice,
  bookingOfferText,
  greetingActions,
  MAX_MESSAGE_LENGTH,
  OPEN_BOOKING_FORM_ACTION,
  staffModeNotice,
} from "./widget-rules";
import type { ServerChatMessage } from "./types";

const run = (state: ChatState, ...actions: ChatAction[]) => actions.reduce(chatReducer, state);

const started = () =>
  run(initialChatState(null), { type: "started", sessionId: "chat_abcdefgh1234", greeting: greetingNote(business) });

const reply = (id: string, message: string, metadata: ServerChatMessage["metadata"] = null): ServerChatMessage => ({
  id,
  sender: "assistant",
  message,
  timestamp: "2025-03-04T15:00:00.000Z",
  metadata,
});

const modeAction = (mode: "staff" | "assistant"): ChatAction => ({
  type: "mode",
  mode,
  notice: assistantNote(mode === "staff" ? staffModeNotice : assistantModeNotice, { notice: true }),
});

const texts = (state: ChatState) => state.messages.map((m) => m.text);

describe("chat state: a conversation (docs/product.md#chat-assistant)", () => {
  it("starts once, with the greeting and its suggested replies", () => {
    const state = started();
    expect(state.sessionId).toBe("chat_abcdefgh1234");
    expect(state.messages).toHaveLength(1);
    expect(state.messages[0]).toMatchObject({ sender: "assistant", local: true, suggestedActions: greetingActions });
    expect(state.messages[0]!.text).toContain(business.phone);

    const again = chatReducer(state, {
      type: "started",
      sessionId: "chat_other0000000",
      greeting: greetingNote(business),
    });
    expect(again).toBe(state);
  });

  it("picks up the conversation stored before a reload, with who answered it", () => {
    const stored = {
      v: 1 as const,
      sessionId: "chat_storedsession",
      messages: [userItem("Hello")],
      mode: "staff" as const,
    };
    const state = initialChatState(stored);
    expect(state).toMatchObject({ sessionId: "chat_storedsession", mode: "staff", awaitingReply: false });
    expect(texts(state)).toEqual(["Hello"]);
    expect(isPending(state)).toBe(false);
  });

  it("a message sent to the assistant shows at once and holds the input until the reply arrives", () => {
    const sent = run(started(), { type: "userSent", item: userItem("Do you install EV chargers?") });
    expect(texts(sent).at(-1)).toBe("Do you install EV chargers?");
    expect(isPending(sent)).toBe(true);
    expect(sendableText(sent, "And generators?")).toBeNull();

    const answered = run(
      sent,
      { type: "final", item: toChatItem(reply("m2", "Yes, we do.")) },
      { type: "sendSettled" },
    );
    expect(texts(answered).at(-1)).toBe("Yes, we do.");
    expect(isPending(answered)).toBe(false);
    expect(sendableText(answered, "  And generators?  ")).toBe("And generators?");
  });

  it("the sent message takes the server's id and time once confirmed", () => {
    const item = userItem("Hi");
    const state = run(
      started(),
      { type: "userSent", item },
      {
        type: "userConfirmed",
        localId: item.id,
        serverId: "srv_1",
        timestamp: "2025-03-04T15:00:00.000Z",
      },
    );
    expect(state.messages.at(-1)).toMatchObject({ id: "srv_1", text: "Hi", timestamp: "2025-03-04T15:00:00.000Z" });
  });

  it("nothing is sent that is blank, too long, without a session, or while a send is on its way", () => {
    const state = started();
    expect(sendableText(state, "   ")).toBeNull();
    expect(sendableText(state, "x".repeat(MAX_MESSAGE_LENGTH + 1))).toBeNull();
    expect(sendableText(state, "x".repeat(MAX_MESSAGE_LENGTH))).toHaveLength(MAX_MESSAGE_LENGTH);
    expect(sendableText(initialChatState(null), "Hello")).toBeNull();
    expect(sendableText({ ...state, sending: true }, "Hello")).toBeNull();
  });

  it("a reply streams piece by piece, restarts when told, and leaves the stream once complete", () => {
    let state = run(started(), { type: "userSent", item: userItem("Hours?") }, { type: "typing" });
    expect(state.typing).toBe(true);
    state = run(
      state,
      { type: "delta", id: "m2", delta: "We are ", reset: false },
      { type: "delta", id: "m2", delta: "open", reset: false },
    );
    expect(state.streaming).toEqual({ id: "m2", text: "We are open" });
    state = chatReducer(state, { type: "delta", id: "m2", delta: "Open ", reset: true });
    expect(state.streaming).toEqual({ id: "m2", text: "Open " });

    state = chatReducer(state, { type: "final", item: toChatItem(reply("m2", "Open 7 to 6.")) });
    expect(state.streaming).toBeNull();
    expect(state.typing).toBe(false);
    expect(texts(state).at(-1)).toBe("Open 7 to 6.");

    // A late piece of the reply already shown changes nothing.
    expect(chatReducer(state, { type: "delta", id: "m2", delta: "late", reset: false })).toBe(state);
  });

  it("a reply that arrives twice (socket and HTTP answer) shows once", () => {
    const item = toChatItem(reply("m2", "Yes."));
    const state = run(started(), { type: "final", item }, { type: "final", item });
    expect(state.messages.filter((m) => m.id === "m2")).toHaveLength(1);
  });

  it("a failed send says so in the chat and frees the input", () => {
    const state = run(
      started(),
      { type: "userSent", item: userItem("Hello") },
      { type: "replyFailed", item: sendFailureNote(business) },
      { type: "sendSettled" },
    );
    expect(state.messages.at(-1)).toMatchObject({ tone: "error", text: expect.stringContaining(business.phone) });
    expect(texts(state)).toContain("Hello");
    expect(isPending(state)).toBe(false);
    expect(sendFailureNote(business, "Too many messages; wait a minute.").text).toBe(
      "Too many messages; wait a minute.",
    );
    expect(sendFailureNote(business, "").text).toContain(business.phone);
  });
});

describe("chat state: staff take the conversation over (docs/product.md#realtime-events)", () => {
  it("a message sent while staff have taken over shows as sent and the input stays enabled", () => {
    const state = run(started(), modeAction("staff"), { type: "userSent", item: userItem("Are you there?") });
    expect(texts(state).at(-1)).toBe("Are you there?");
    expect(state.awaitingReply).toBe(false);
    expect(isPending(state)).toBe(false);
    // No late-reply wait either: the answer said staff hold it.
    expect(replyStillComing(state, { assistantMessage: null, mode: "staff" })).toBe(false);
  });

  it("taking over stops the wait for the assistant's reply and says so once", () => {
    let state = run(started(), { type: "userSent", item: userItem("Hello") }, { type: "typing" });
    expect(isPending(state)).toBe(true);
    state = run(state, modeAction("staff"), { type: "sendSettled" });
    expect(isPending(state)).toBe(false);
    expect(state.typing).toBe(false);
    state = chatReducer(state, modeAction("staff"));
    expect(texts(state).filter((t) => t === staffModeNotice)).toHaveLength(1);
    expect(state.messages.find((m) => m.text === staffModeNotice)?.notice).toBe(true);
  });

  it("a staff message shows without ending a wait, and handing back says so", () => {
    let state = run(started(), modeAction("staff"));
    state = chatReducer(state, {
      type: "final",
      item: { ...toChatItem(reply("s1", "Hi, this is Dana.")), sender: "staff" },
    });
    expect(state.messages.at(-1)).toMatchObject({ sender: "staff", text: "Hi, this is Dana." });
    state = chatReducer(state, modeAction("assistant"));
    expect(state.mode).toBe("assistant");
    expect(texts(state).at(-1)).toBe(assistantModeNotice);
    expect(chatReducer(state, modeAction("assistant"))).toBe(state);
  });

  it("a 202 without a staff takeover keeps waiting for the reply on the socket", () => {
    const state = run(started(), { type: "userSent", item: userItem("Hello") });
    expect(replyStillComing(state, { assistantMessage: null, mode: "assistant" })).toBe(true);
    expect(replyStillComing(state, { assistantMessage: reply("m2", "Hi"), mode: "assistant" })).toBe(false);
  });
});

describe("chat state: what comes in", () => {
  it("only replies and staff messages are taken from the socket, and only well-formed ones", () => {
    expect(isIncoming(reply("m1", "Hi"))).toBe(true);
    expect(isIncoming({ ...reply("m1", "Hi"), sender: "user" })).toBe(false);
    expect(isIncoming(null)).toBe(false);
    expect(isIncoming({ ...reply("m1", "Hi"), message: 3 } as unknown as ServerChatMessage)).toBe(false);
  });

  it("after rejoining, what arrived while the page was not listening shows, and nothing twice", () => {
    const state = chatReducer(started(), { type: "final", item: toChatItem(reply("m2", "Seen")) });
    const transcript = [
      { ...reply("u1", "Mine"), sender: "user" as const },
      reply("m2", "Seen"),
      reply("m3", "Missed"),
    ];
    expect(unseenMessages(state, transcript).map((m) => m.id)).toEqual(["m3"]);
  });

  it("keeps at most three suggested replies of a message", () => {
    const item = toChatItem(reply("m1", "Pick one", { suggestedActions: ["a", "b", "c", "d"], intent: "faq" }));
    expect(item).toMatchObject({ suggestedActions: ["a", "b", "c"], intent: "faq", text: "Pick one" });
  });
});

describe("chat state: the booking offer and the appointment form", () => {
  it("a reply that asks for the form opens it right away", () => {
    expect(replyFollowUp(reply("m1", "Let's get you booked.", { openBookingForm: true }))).toEqual({ kind: "form" });
  });

  it("a reply that suggests booking is followed by the offer, its button first", () => {
    const next = replyFollowUp(
      reply("m1", "We can schedule a visit.", {
        suggestedActions: ["Schedule an appointment", "What are your hours?"],
      }),
    );
    expect(next).toEqual({ kind: "offer", actions: [OPEN_BOOKING_FORM_ACTION, "What are your hours?"] });
  });

  it("no offer after windows to choose from, after other replies, nor for staff", () => {
    const windows = reply("m1", "Pick a time.", { suggestedActions: ["Friday, Dec 4, 10 AM – 12 PM"] });
    expect(replyFollowUp(windows)).toBeNull();
    expect(replyFollowUp(reply("m1", "We are open 7 to 6."))).toBeNull();
    expect(replyFollowUp({ ...reply("m1", "I'll schedule you."), sender: "staff" })).toBeNull();
  });

  it("the offer appears only while the reply is the last word and the form is closed", () => {
    const state = chatReducer(started(), { type: "final", item: toChatItem(reply("m2", "We can schedule that.")) });
    expect(offerStillFits(state, "m2")).toBe(true);
    expect(offerStillFits(chatReducer(state, { type: "userSent", item: userItem("Thanks") }), "m2")).toBe(false);
    expect(offerStillFits(chatReducer(state, { type: "form", open: true }), "m2")).toBe(false);
    expect(bookingOfferText).toMatch(/schedule an appointment/);
  });

  it("the form opens with the chosen window and takes focus each time; closing forgets the window", () => {
    let state = chatReducer(started(), { type: "form", open: true, window: "Friday, Dec 4, 10 AM – 12 PM" });
    expect(state).toMatchObject({ formOpen: true, formRequest: 1, formWindow: "Friday, Dec 4, 10 AM – 12 PM" });
    state = run(state, { type: "form", open: false }, { type: "form", open: true });
    expect(state).toMatchObject({ formOpen: true, formRequest: 2, formWindow: null });
  });

  it("says how the appointment request went", () => {
    expect(bookingOutcomeNote({ kind: "success", message: "We'll call you." }, business)).toMatchObject({
      tone: "success",
      text: "Your appointment request has been submitted! We'll call you.",
    });
    expect(bookingOutcomeNote({ kind: "refused", message: "That window is full." }, business)).toMatchObject({
      tone: "error",
      text: expect.stringContaining("That window is full."),
    });
    expect(bookingOutcomeNote({ kind: "error" }, business).text).toContain(business.phone);
  });
});

describe("chat state: the service named and the browser's other tabs", () => {
  it("keeps the service a reply names, only one of the form's, and the form opens with the latest", () => {
    expect(toChatItem(reply("a1", "About panels", { service: "Panel Upgrade" })).service).toBe("Panel Upgrade");
    expect(toChatItem(reply("a2", "About plumbing", { service: "Plumbing" })).service).toBeUndefined();
    let state = run(
      started(),
      { type: "final", item: toChatItem(reply("a1", "About panels", { service: "Panel Upgrade" })) },
      { type: "final", item: toChatItem(reply("a2", "Our hours")) },
    );
    expect(conversationService(state.messages)).toBe("Panel Upgrade");
    // The same reply's second copy (read back without the service) keeps it.
    state = run(state, { type: "final", item: toChatItem(reply("a1", "About panels")) });
    expect(conversationService(state.messages)).toBe("Panel Upgrade");
    state = run(state, {
      type: "final",
      item: toChatItem(reply("a3", "Generators", { service: "Generator Installation" })),
    });
    expect(conversationService(state.messages)).toBe("Generator Installation");
    expect(conversationService(started().messages)).toBeNull();
  });

  it("shows what another tab stored of the same conversation, and takes on another conversation whole", () => {
    const state = started();
    const other = [...state.messages, { ...userItem("Do you serve Walker?"), id: "u1" }];
    const same = run(state, {
      type: "stored",
      conversation: { v: 1, sessionId: state.sessionId!, messages: other, mode: "assistant" },
    });
    expect(texts(same)).toContain("Do you serve Walker?");
    expect(same.sessionId).toBe(state.sessionId);

    const elsewhere = run(state, {
      type: "stored",
      conversation: { v: 1, sessionId: "chat_othertab12345", messages: other.slice(1), mode: "staff" },
    });
    expect(elsewhere.sessionId).toBe("chat_othertab12345");
    expect(texts(elsewhere)).toEqual(["Do you serve Walker?"]);
    expect(elsewhere.mode).toBe("staff");
  });

  it("keeps its own message while it is on its way", () => {
    const sending = run(started(), { type: "userSent", item: userItem("Is the estimate free?") });
    const after = run(sending, {
      type: "stored",
      conversation: { v: 1, sessionId: sending.sessionId!, messages: [], mode: "assistant" },
    });
    expect(texts(after)).toContain("Is the estimate free?");
  });
});
