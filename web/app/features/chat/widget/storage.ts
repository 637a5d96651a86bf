/**
 * The chat's state in sessionStorage, so the conversation survives a full
 * reload (client-side navigation keeps it anyway: the widget lives in the root
 * layout). This module is tiny on purpose: the always-loaded launcher reads
 * and writes the open flag; the conversation itself is in conversation-storage.ts,
 * which only the lazily loaded panel imports.
 * Every access is guarded (storage may be disabled, full or unavailable).
 */
const OPEN_KEY = "bce-chat:open";
/** The stored conversation (conversation-storage.ts reads and writes it). */
export const CONVERSATION_KEY = "bce-chat:conversation";

export function storage(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

export function readOpen(): boolean {
  try {
    return storage()?.getItem(OPEN_KEY) === "1";
  } catch {
    return false;
  }
}

export function writeOpen(open: boolean) {
  try {
    if (open) storage()?.setItem(OPEN_KEY, "1");
    else storage()?.removeItem(OPEN_KEY);
  } catch {
    /* ignore */
  }
}

/** Whether this tab holds a conversation (the launcher then loads the panel early, so replies still arrive). */
export function hasConversation(): boolean {
  try {
    return storage()?.getItem(CONVERSATION_KEY) != null;
  } catch {
    return false;
  }
}
