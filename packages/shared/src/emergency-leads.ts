import { classifyIntent } from "./chat/engine";

/**
 * Emergency leads (docs/product.md#contact-page, docs/product.md#chat-assistant): a contact
 * message or a chat conversation that is an emergency, heard by staff as an emergency booking is
 * (the live banner and Web Push; a contact message's staff email is "URGENT"). Browser-safe: the
 * staff pages read the event's shape from here.
 */

/** Whether the chat engine reads these words as an emergency ("Sparks coming from the outlet"). */
export function readsAsEmergency(text: string): boolean {
  return classifyIntent(text).intent === "emergency";
}

/** A contact message is an emergency lead when its service is Emergency or its words read as one. */
export function isEmergencyContact(message: { service?: string | null; message: string }): boolean {
  return message.service === "emergency" || readsAsEmergency(message.message);
}

/** The inbox with this item open (the inbox's `?item=contact:12` / `?item=chat:chat_…`). */
export function inboxItemHref(kind: "contact" | "chat", id: string | number): string {
  return `/admin/inbox?${new URLSearchParams({ item: `${kind}:${id}` })}`;
}

/** An emergency lead as open staff pages (`lead:emergency` `{ lead }`) and staff devices show it. */
export interface EmergencyLead {
  kind: "contact" | "chat";
  /** The contact message's id, or the chat conversation's. */
  id: string;
  /** Who: the name given (a chat visitor may have given none yet). */
  name: string | null;
  phone: string | null;
  /** What they wrote (clipped). */
  summary: string;
  /** ISO 8601: when the message came in. */
  receivedAt: string;
  /** Where staff act on it: the inbox with the message (or the conversation, ready to take over) open. */
  href: string;
}

/** The live event an emergency lead raises on every open admin page. */
export const LEAD_EMERGENCY_EVENT = "lead:emergency";

/** The live event of staff dismissing (acknowledging) emergency leads' alerts: `{ leads: [{ kind, id }] }`. */
export const LEAD_ACKNOWLEDGED_EVENT = "lead:acknowledged";
