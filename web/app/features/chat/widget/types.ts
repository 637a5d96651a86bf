/** One bubble in the conversation, as the widget keeps and stores it. */
export interface ChatItem {
  id: string;
  sender: "user" | "assistant" | "staff";
  text: string;
  /** ISO 8601. */
  timestamp: string;
  intent?: string | null;
  /** At most MAX_SUGGESTED_ACTIONS (3). */
  suggestedActions?: string[];
  /** Written by the widget itself (greeting, follow-up offer, booking outcome), not stored on the server. */
  local?: boolean;
  /** Shown as a success or failure notice (booking outcomes). */
  tone?: "success" | "error";
  /** A line about the conversation itself rather than a message (who answers now), shown centred. */
  notice?: boolean;
  /** The service the visitor named, which the reply was about (one of the form's services): the form opens with it. */
  service?: string;
}

/** The stored ChatMessage as the API and the socket send it (docs/product.md#json-api). */
export interface ServerChatMessage {
  id: string;
  sender: "user" | "assistant" | "staff";
  message: string;
  timestamp: string;
  metadata?: {
    intent?: string | null;
    suggestedActions?: string[];
    suggestsBooking?: boolean;
    openBookingForm?: boolean;
    /** The service the visitor named (a reply as it is made; a transcript's replies do not say). */
    service?: string;
  } | null;
}

/** What the launcher hands the lazily loaded panel. */
export interface ChatPanelProps {
  open: boolean;
  /** Increments on every open the visitor asked for: the panel then takes focus. */
  focusRequest: number;
  onClose: () => void;
  /** A message arrived while the panel was closed. */
  onUnread: () => void;
  panelId: string;
  /** Texts are set up: the appointment form offers "Text me about my visits" (docs/product.md#texts). */
  texting: boolean;
}
