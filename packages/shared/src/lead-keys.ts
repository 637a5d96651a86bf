/**
 * An emergency lead (a contact message or a chat conversation, ./emergency-leads.ts) named by one word, as
 * the dashboard's Dismiss posts it and the live `lead:acknowledged` event carries it. Browser-safe, and
 * free of the chat engine the rest of the leads' module needs.
 */

/** A lead as one word, `contact:12` or `chat:chat_…` (the inbox's item keys). */
export const leadKey = (kind: "contact" | "chat", id: string | number) => `${kind}:${id}`;

const LEAD_KEY = /^(?:contact:(\d{1,9})|chat:(chat_[A-Za-z0-9_-]{8,100}))$/;

/** A lead's key read back, or null when it is none. */
export function parseLeadKey(key: string): { kind: "contact" | "chat"; id: string } | null {
  const match = LEAD_KEY.exec(key);
  if (!match) return null;
  return match[1] ? { kind: "contact", id: match[1] } : { kind: "chat", id: match[2]! };
}
