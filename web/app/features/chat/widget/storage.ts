/**
 * Where the chat keeps its state in the browser. The conversation is in localStorage, so it
 * survives a full reload and continues in a new tab of the same browser (client-side navigation
 * keeps it anyway: the widget lives in the root layout); whether the panel is open is each tab's
 * own, in sessionStorage. This module is tiny on purpose: the always-loaded launcher reads and
 * writes the open flag; the conversation itself is in conversation-storage.ts, which only the
 * lazily loaded panel imports. Every access is guarded (storage may be disabled, full or unavailable).
 */
const OPEN_KEY = "bce-chat:open";
/** The stored conversation (conversation-storage.ts reads and writes it). */
export const CONVERSATION_KEY = "bce-chat:conversation";

/** This tab's storage: whether the panel is open. */
function tabStorage(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

/** The browser's storage, shared by its tabs: the conversation. */
export function sharedStorage(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function readOpen(): boolean {
  try {
    return tabStorage()?.getItem(OPEN_KEY) === "1";
  } catch {
    return false;
  }
}

export function writeOpen(open: boolean) {
  try {
    if (open) tabStorage()?.setItem(OPEN_KEY, "1");
    else tabStorage()?.removeItem(OPEN_KEY);
  } catch {
    /* ignore */
  }
}

/** Whether this browser holds a conversation (the launcher then loads the panel early, so replies still arrive). */
export function hasConversation(): boolean {
  try {
    return sharedStorage()?.getItem(CONVERSATION_KEY) != null;
  } catch {
    return false;
  }
}
