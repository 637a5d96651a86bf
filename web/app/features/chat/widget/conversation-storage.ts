/**
 * The conversation in localStorage (see storage.ts), shared by the browser's tabs; imported only by
 * the lazily loaded panel. A tab that changes it (a message sent, a reply shown) writes it; every
 * other open tab hears of it (the `storage` event) and shows the same conversation
 * (docs/product.md#chat-assistant). The server's session id stays the conversation's key.
 */
import { CONVERSATION_KEY, sharedStorage } from "./storage";
import type { ChatMode } from "@app/shared/chat/messages";
import type { ChatItem } from "./types";

/** Keep the stored conversation bounded. */
const MAX_STORED_MESSAGES = 200;

/** A conversation nobody has added to for this long is not continued: the chat starts a new one. */
export const CONVERSATION_TTL_MS = 12 * 60 * 60 * 1000;

export interface StoredConversation {
  v: 1;
  sessionId: string;
  messages: ChatItem[];
  /** Who answered when it was stored (absent in conversations stored before it was kept): the server's word wins on rejoin. */
  mode?: ChatMode;
  /** When it last changed (ms): past CONVERSATION_TTL_MS it is not continued. */
  savedAt?: number;
}

/** A stored conversation's text as read, or null when it is not one, or too old to continue. */
export function parseConversation(raw: string | null | undefined, now = Date.now()): StoredConversation | null {
  try {
    if (!raw) return null;
    const data = JSON.parse(raw) as Partial<StoredConversation>;
    if (
      data.v !== 1 ||
      typeof data.sessionId !== "string" ||
      !/^chat_[\w-]{8,100}$/.test(data.sessionId) ||
      !Array.isArray(data.messages) ||
      typeof data.savedAt !== "number" ||
      now - data.savedAt > CONVERSATION_TTL_MS
    )
      return null;
    const messages = data.messages.filter(
      (m): m is ChatItem =>
        !!m &&
        typeof m === "object" &&
        typeof m.id === "string" &&
        typeof m.text === "string" &&
        ["user", "assistant", "staff"].includes(m.sender),
    );
    const mode = data.mode === "staff" ? "staff" : "assistant";
    return { v: 1, sessionId: data.sessionId, messages, mode, savedAt: data.savedAt };
  } catch {
    return null;
  }
}

export function readConversation(now = Date.now()): StoredConversation | null {
  try {
    return parseConversation(sharedStorage()?.getItem(CONVERSATION_KEY), now);
  } catch {
    return null;
  }
}

/** What is stored of a conversation, but the time it was saved. */
const contents = (sessionId: string, messages: ChatItem[], mode: ChatMode) => ({
  v: 1 as const,
  sessionId,
  messages: messages.slice(-MAX_STORED_MESSAGES),
  mode,
});

/**
 * Stores the conversation when it differs from what is stored: a tab that has just taken on another
 * tab's conversation writes nothing back, so the tabs never echo each other.
 */
export function writeConversation(sessionId: string, messages: ChatItem[], mode: ChatMode, now = Date.now()) {
  try {
    const store = sharedStorage();
    if (!store) return;
    const next = contents(sessionId, messages, mode);
    const stored = parseConversation(store.getItem(CONVERSATION_KEY), now);
    const same =
      stored &&
      JSON.stringify(contents(stored.sessionId, stored.messages, stored.mode ?? "assistant")) === JSON.stringify(next);
    if (same) return;
    store.setItem(CONVERSATION_KEY, JSON.stringify({ ...next, savedAt: now }));
  } catch {
    /* ignore: quota or disabled storage only costs the reload persistence */
  }
}

/** Calls `onChange` with the conversation another tab stored; returns the unsubscribe. */
export function onConversationStored(onChange: (stored: StoredConversation) => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key !== CONVERSATION_KEY) return;
    const stored = parseConversation(event.newValue);
    if (stored) onChange(stored);
  };
  window.addEventListener("storage", listener);
  return () => window.removeEventListener("storage", listener);
}
