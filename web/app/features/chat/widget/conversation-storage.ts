/** The conversation in sessionStorage (see storage.ts); imported only by the lazily loaded panel. */
import { CONVERSATION_KEY, storage } from "./storage";
import type { ChatMode } from "@app/shared/chat/messages";
import type { ChatItem } from "./types";

/** Keep the stored conversation bounded. */
const MAX_STORED_MESSAGES = 200;

export interface StoredConversation {
  v: 1;
  sessionId: string;
  messages: ChatItem[];
  /** Who answered when it was stored (absent in conversations stored before it was kept): the server's word wins on rejoin. */
  mode?: ChatMode;
}

export function readConversation(): StoredConversation | null {
  try {
    const raw = storage()?.getItem(CONVERSATION_KEY);
    if (!raw) return null;
    const data = JSON.parse(raw) as Partial<StoredConversation>;
    if (
      data.v !== 1 ||
      typeof data.sessionId !== "string" ||
      !/^chat_[\w-]{8,100}$/.test(data.sessionId) ||
      !Array.isArray(data.messages)
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
    return { v: 1, sessionId: data.sessionId, messages, mode };
  } catch {
    return null;
  }
}

export function writeConversation(sessionId: string, messages: ChatItem[], mode: ChatMode) {
  try {
    const stored: StoredConversation = { v: 1, sessionId, messages: messages.slice(-MAX_STORED_MESSAGES), mode };
    storage()?.setItem(CONVERSATION_KEY, JSON.stringify(stored));
  } catch {
    /* ignore: quota or disabled storage only costs the reload persistence */
  }
}
