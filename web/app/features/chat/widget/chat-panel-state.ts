/**
 * The chat panel's own state as plain logic (its conversation is ./chat-state.ts):
 * the draft in the message box, what the panel shows around the conversation
 * (typing dots, suggested replies, whether Send works), what a suggested reply
 * does, and when the view follows the conversation. Tested in chat-panel-state.test.ts.
 */
import type { ChatState } from "./chat-state";
import { isBookingAction, isWindowAction, MAX_SUGGESTED_ACTIONS } from "./widget-rules";
import type { ChatItem } from "./types";

/** The draft in the message box. */
export interface DraftState {
  draft: string;
}

export type DraftAction =
  | { type: "edited"; text: string }
  /** A suggested reply was chosen: it becomes the draft, for the visitor to send or change. */
  | { type: "suggested"; text: string }
  /** Send was pressed: the draft empties only when the message went (a refused send keeps it). */
  | { type: "submitted"; sent: boolean };

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case "edited":
    case "suggested":
      return state.draft === action.text ? state : { draft: action.text };
    case "submitted":
      return action.sent && state.draft !== "" ? { draft: "" } : state;
  }
}

export interface PanelView {
  /** Send works: a draft that is not blank, nothing pending, and a conversation to send it in. */
  canSend: boolean;
  /** Only while the assistant's reply is awaited or being produced: never while staff hold the conversation. */
  showTyping: boolean;
  /** The suggested replies under the last assistant message, once nothing is pending or streaming. */
  suggestions: string[];
  placeholder: string;
  lastMessage: ChatItem | undefined;
}

export function panelView(chat: ChatState, pending: boolean, draft: string): PanelView {
  const lastMessage = chat.messages[chat.messages.length - 1];
  return {
    canSend: draft.trim() !== "" && !pending && !!chat.sessionId,
    showTyping: (chat.awaitingReply || chat.typing) && !chat.streaming,
    suggestions:
      !pending && !chat.streaming && lastMessage?.sender === "assistant"
        ? (lastMessage.suggestedActions ?? []).slice(0, MAX_SUGGESTED_ACTIONS)
        : [],
    placeholder: pending ? "Waiting for a reply…" : "Type your message…",
    lastMessage,
  };
}

/** What a suggested reply does: a booking action opens the form (with its arrival window, when it is one); any other becomes the draft. */
export function suggestionChoice(label: string): { kind: "form"; window?: string } | { kind: "draft"; text: string } {
  if (isBookingAction(label)) return isWindowAction(label) ? { kind: "form", window: label } : { kind: "form" };
  return { kind: "draft", text: label };
}

/** Enter sends; Shift+Enter is a new line; never while an IME is composing. */
export const isSendKey = (key: string, shiftKey: boolean, composing: boolean) =>
  key === "Enter" && !shiftKey && !composing;

/** The visitor is at the bottom of the conversation (within 48 px): the view follows new messages. */
export const atBottom = (el: { scrollHeight: number; scrollTop: number; clientHeight: number }) =>
  el.scrollHeight - el.scrollTop - el.clientHeight < 48;

/** The view scrolls to the end while following, and always after the visitor's own message. */
export const followsConversation = (stickToBottom: boolean, lastSender: ChatItem["sender"] | undefined) =>
  stickToBottom || lastSender === "user";

/** The message box grows with its text, up to about five lines. */
export const inputHeight = (scrollHeight: number) => Math.min(scrollHeight, 128);

/** The appointment form just closed in the open panel (sent or cancelled): its outcome shows and focus comes back. */
export const formJustClosed = (wasOpen: boolean, isOpen: boolean, panelOpen: boolean) =>
  wasOpen && !isOpen && panelOpen;
