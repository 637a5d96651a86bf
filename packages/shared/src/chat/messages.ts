import type { ChatMessage } from "../db.server";

/**
 * A stored chat message as the API and the socket send it (docs/product.md#json-api). A reply as it
 * is made also says whether it offers booking or opens the form, and the service the visitor named
 * (`service`, for the form to open with), which are not stored.
 */
export function serializeChatMessage(
  message: ChatMessage,
  extra: { suggestsBooking?: boolean; openBookingForm?: boolean; service?: string } = {},
) {
  return {
    id: message.id,
    sender: message.sender,
    message: message.message,
    timestamp: message.createdAt.toISOString(),
    metadata: {
      intent: message.intent,
      suggestedActions: message.suggestedActions,
      ...(extra.suggestsBooking !== undefined ? { suggestsBooking: extra.suggestsBooking } : {}),
      ...(extra.openBookingForm !== undefined ? { openBookingForm: extra.openBookingForm } : {}),
      ...(extra.service !== undefined ? { service: extra.service } : {}),
    },
  };
}

/**
 * Who answers the visitor: the assistant, or a staff member who took the
 * conversation over from the inbox (then the assistant stays quiet). Sent as
 * `mode` in the chat API's answers and in the `chat:mode` event
 * (docs/product.md#realtime-events).
 */
export type ChatMode = "assistant" | "staff";

export const chatModeOf = (handledById: number | null): ChatMode => (handledById == null ? "assistant" : "staff");

export type ChatMessageJson = ReturnType<typeof serializeChatMessage>;

/** What a chat-reply job returns: the web process answers the HTTP call with it, without reading it back. */
export interface ChatReplyResult {
  assistantMessageId: string;
  message: ChatMessageJson;
  suggestsBooking: boolean;
  openBookingForm: boolean;
  /** The service the visitor named (chat/service-topics.ts), when there is one. */
  service?: string;
}
