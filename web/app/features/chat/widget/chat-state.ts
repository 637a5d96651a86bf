/**
 * The conversation's state as plain logic: what the visitor sees change when
 * they send, when a reply streams and arrives, when staff take the
 * conversation over, and when the appointment form opens
 * (docs/product.md#chat-assistant, #realtime-events). `useChat` (./use-chat.ts)
 * wires it to the socket, the HTTP calls and the timers; the tests beside it
 * (chat-state.test.ts) drive it as a visitor would.
 */
import type { ChatMode } from "@app/shared/chat/messages";
import type { BusinessFacts } from "@app/shared/business";
import {
  bookingErrorText,
  bookingIssueText,
  bookingOfferText,
  bookingSuccessText,
  greetingActions,
  greetingText,
  isBookingAction,
  isWindowAction,
  MAX_MESSAGE_LENGTH,
  MAX_SUGGESTED_ACTIONS,
  OPEN_BOOKING_FORM_ACTION,
  replySuggestsBooking,
  sendFailureText,
  serviceOptions,
} from "./widget-rules";
import type { StoredConversation } from "./conversation-storage";
import type { ChatItem, ServerChatMessage } from "./types";

export interface ChatState {
  sessionId: string | null;
  messages: ChatItem[];
  /** Who answers: the assistant, or staff who took the conversation over (then no reply is awaited). */
  mode: ChatMode;
  /** The reply being streamed, not yet stored. */
  streaming: { id: string; text: string } | null;
  /** The visitor's message is sent and the assistant's reply not yet shown (never while staff hold the conversation). */
  awaitingReply: boolean;
  /** The HTTP send is in flight. */
  sending: boolean;
  /** The server said a reply is being produced. */
  typing: boolean;
  formOpen: boolean;
  /** Increments each time the form is opened, so it can take focus. */
  formRequest: number;
  /** The arrival window the form opens with ("Friday, Dec 4, 10 AM – 12 PM"), when a window was chosen in the chat. */
  formWindow: string | null;
}

export type ChatAction =
  | { type: "started"; sessionId: string; greeting: ChatItem }
  | { type: "userSent"; item: ChatItem }
  | { type: "userConfirmed"; localId: string; serverId: string; timestamp: string }
  | { type: "typing" }
  | { type: "delta"; id: string; delta: string; reset: boolean }
  | { type: "final"; item: ChatItem }
  | { type: "add"; item: ChatItem }
  | { type: "replyFailed"; item: ChatItem | null }
  | { type: "mode"; mode: ChatMode; notice: ChatItem }
  | { type: "sendSettled" }
  | { type: "form"; open: boolean; window?: string | null }
  /** Another tab of the browser stored the conversation (conversation-storage.ts): this one shows it too. */
  | { type: "stored"; conversation: StoredConversation };

/**
 * A finished message: replaces its streamed or earlier copy (the socket and the HTTP answer both bring it),
 * keeping the service the earlier copy named when this one does not say.
 */
function withFinal(state: ChatState, item: ChatItem): ChatState {
  const exists = state.messages.some((m) => m.id === item.id);
  const messages = exists
    ? state.messages.map((m) => (m.id === item.id ? { ...item, service: item.service ?? m.service } : m))
    : [...state.messages, item];
  const isReply = item.sender === "assistant";
  return {
    ...state,
    messages,
    streaming: state.streaming?.id === item.id ? null : state.streaming,
    awaitingReply: isReply ? false : state.awaitingReply,
    typing: isReply ? false : state.typing,
  };
}

/** Staff hold the conversation: nothing to wait for. The notice says so once per change. */
function withMode(state: ChatState, mode: ChatMode, notice: ChatItem): ChatState {
  const quiet = mode === "staff" ? { awaitingReply: false, typing: false } : {};
  if (state.mode === mode) return mode === "staff" ? { ...state, ...quiet } : state;
  return { ...state, ...quiet, mode, messages: [...state.messages, notice] };
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "started":
      return state.sessionId ? state : { ...state, sessionId: action.sessionId, messages: [action.greeting] };
    case "userSent":
      return {
        ...state,
        messages: [...state.messages, action.item],
        sending: true,
        awaitingReply: state.mode === "assistant",
        typing: false,
        streaming: null,
      };
    case "userConfirmed":
      return {
        ...state,
        messages: state.messages.map((m) =>
          m.id === action.localId ? { ...m, id: action.serverId, timestamp: action.timestamp } : m,
        ),
      };
    case "typing":
      return state.typing ? state : { ...state, typing: true };
    case "delta": {
      // A late piece of a reply that is already shown in full.
      if (state.messages.some((m) => m.id === action.id)) return state;
      const before = state.streaming?.id === action.id && !action.reset ? state.streaming.text : "";
      return { ...state, streaming: { id: action.id, text: before + action.delta } };
    }
    case "final":
      return withFinal(state, action.item);
    case "add":
      return { ...state, messages: [...state.messages, action.item] };
    case "replyFailed":
      return {
        ...state,
        messages: action.item ? [...state.messages, action.item] : state.messages,
        awaitingReply: false,
        typing: false,
        streaming: null,
      };
    case "mode":
      return withMode(state, action.mode, action.notice);
    case "sendSettled":
      return { ...state, sending: false };
    case "form":
      return action.open
        ? { ...state, formOpen: true, formRequest: state.formRequest + 1, formWindow: action.window ?? null }
        : { ...state, formOpen: false, formWindow: null };
    case "stored":
      return withStored(state, action.conversation);
  }
}

/**
 * The conversation as another tab stored it: its messages replace this tab's (that tab wrote
 * everything it showed, and what arrived from the server reached both). Ignored while this tab's
 * own message is on its way (its answer is written after, and reaches the other tab in turn). A
 * different conversation (the other tab started one first) is taken on whole: one conversation
 * per browser.
 */
function withStored(state: ChatState, stored: StoredConversation): ChatState {
  if (state.sending) return state;
  const mode = stored.mode ?? "assistant";
  if (stored.sessionId !== state.sessionId) return { ...initialChatState(stored), formRequest: state.formRequest };
  // Staff hold the conversation: nothing to wait for (as `withMode`).
  const quiet = mode === "staff" ? { awaitingReply: false, typing: false } : {};
  return { ...state, ...quiet, messages: stored.messages, mode };
}

/** The conversation as stored before a reload, or none yet. */
export function initialChatState(stored: StoredConversation | null): ChatState {
  return {
    sessionId: stored?.sessionId ?? null,
    messages: stored?.messages ?? [],
    mode: stored?.mode ?? "assistant",
    streaming: null,
    awaitingReply: false,
    sending: false,
    typing: false,
    formOpen: false,
    formRequest: 0,
    formWindow: null,
  };
}

/**
 * A send is in flight or the assistant's reply has not arrived: the input is disabled and nothing more is sent.
 * While staff hold the conversation only the send itself is brief and nothing is awaited, so the input stays usable.
 */
export const isPending = (state: ChatState) => state.awaitingReply || (state.sending && state.mode === "assistant");

/** The message to send, trimmed, or null when nothing may be sent (blank, too long, no session, or a send pending). */
export function sendableText(state: ChatState, raw: string): string | null {
  const text = raw.trim();
  if (!text || text.length > MAX_MESSAGE_LENGTH || !state.sessionId || state.awaitingReply || state.sending)
    return null;
  return text;
}

/** After the send's answer: no reply in it yet (a 202, the worker is slow), so it is awaited on the socket for a while. */
export const replyStillComing = (state: ChatState, answer: { assistantMessage: unknown; mode: ChatMode | null }) =>
  !answer.assistantMessage && answer.mode !== "staff" && state.awaitingReply;

let localCounter = 0;
const localId = () => `local_${Date.now().toString(36)}_${(localCounter++).toString(36)}`;

/** A line the widget writes itself (greeting, offer, outcome, notice): never stored on the server. */
export const assistantNote = (text: string, extra: Partial<ChatItem> = {}): ChatItem => ({
  id: localId(),
  sender: "assistant",
  text,
  timestamp: new Date().toISOString(),
  local: true,
  ...extra,
});

/** The visitor's message as shown until the server confirms it (then it takes the server's id and time). */
export const userItem = (text: string): ChatItem => ({
  id: localId(),
  sender: "user",
  text,
  timestamp: new Date().toISOString(),
});

export const greetingNote = (facts: BusinessFacts, now = new Date()) =>
  assistantNote(greetingText(facts, now), { suggestedActions: greetingActions });

/** Throttled: the server's own words say what to do; anything else is a connection problem. */
export const sendFailureNote = (facts: BusinessFacts, throttledMessage: string | null = null) =>
  assistantNote(throttledMessage || sendFailureText(facts), { tone: "error" });

/** How the appointment request went, said in the chat. */
export function bookingOutcomeNote(
  result: { kind: "success" | "refused"; message: string } | { kind: "error" },
  facts: BusinessFacts,
): ChatItem {
  if (result.kind === "success") return assistantNote(bookingSuccessText(result.message), { tone: "success" });
  if (result.kind === "refused") return assistantNote(bookingIssueText(result.message), { tone: "error" });
  return assistantNote(bookingErrorText(facts), { tone: "error" });
}

export function toChatItem(message: ServerChatMessage): ChatItem {
  const service = message.metadata?.service;
  return {
    id: message.id,
    sender: message.sender,
    text: message.message,
    timestamp: message.timestamp,
    intent: message.metadata?.intent ?? null,
    suggestedActions: (message.metadata?.suggestedActions ?? []).slice(0, MAX_SUGGESTED_ACTIONS),
    ...(isFormService(service) ? { service } : {}),
  };
}

/** One of the appointment form's services (a socket's payload is not trusted to name one). */
const isFormService = (service: unknown): service is string =>
  typeof service === "string" && serviceOptions.includes(service);

/** The service the conversation's latest reply about one named: the appointment form opens with it chosen. */
export function conversationService(messages: readonly ChatItem[]): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const service = messages[i]?.service;
    if (service) return service;
  }
  return null;
}

/** What a finished reply sets off (docs/product.md#chat-assistant): the form right away, the booking offer a moment later, or nothing. */
export type ReplyFollowUp = { kind: "form" } | { kind: "offer"; actions: string[] } | null;

export function replyFollowUp(message: ServerChatMessage): ReplyFollowUp {
  if (message.sender !== "assistant") return null;
  const meta = message.metadata ?? {};
  if (meta.openBookingForm) return { kind: "form" };
  const actions = meta.suggestedActions ?? [];
  // Windows to choose from are the offer already.
  if (actions.some(isWindowAction)) return null;
  const suggests = replySuggestsBooking({
    message: message.message,
    intent: meta.intent,
    suggestedActions: actions,
    suggestsBooking: meta.suggestsBooking,
  });
  if (!suggests) return null;
  const others = actions.filter((a) => !isBookingAction(a));
  return { kind: "offer", actions: [OPEN_BOOKING_FORM_ACTION, ...others].slice(0, MAX_SUGGESTED_ACTIONS) };
}

/** The offer is made only while the reply is still the last word and the form is closed. */
export const offerStillFits = (state: ChatState, replyId: string) =>
  !state.formOpen && state.messages[state.messages.length - 1]?.id === replyId;

export const offerNote = (actions: string[]) => assistantNote(bookingOfferText, { suggestedActions: actions });

/** A reply or a staff message worth showing (the socket's payloads are not trusted to be well formed; the visitor's own messages are shown already). */
export const isIncoming = (message: ServerChatMessage | null | undefined): message is ServerChatMessage =>
  !!message && typeof message.id === "string" && typeof message.message === "string" && message.sender !== "user";

/** The transcript's replies and staff messages this page has not shown (they came while it was not listening). */
export const unseenMessages = (state: ChatState, transcript: readonly ServerChatMessage[]) => {
  const known = new Set(state.messages.map((m) => m.id));
  return transcript.filter((message) => message.sender !== "user" && !known.has(message.id));
};
