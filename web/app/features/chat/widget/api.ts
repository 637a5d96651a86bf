/** The chat's HTTP calls (docs/product.md#contact-and-chat), through the one JSON API client (utils/api-client.ts). */
import type { ChatMode } from "@app/shared/chat/messages";
import type { WindowChoices } from "@app/shared/scheduling/window-days";
import { businessDate } from "@app/shared/time";
import { callApi } from "~/utils/api-client";
import type { AppointmentValues } from "./widget-rules";
import type { ServerChatMessage } from "./types";

const chatPath = (sessionId: string, rest: string) => `/api/chat/${encodeURIComponent(sessionId)}/${rest}`;

/** POST /api/chat/session: 201 created, 200 already known. */
export async function createSession(sessionId: string): Promise<boolean> {
  const answer = await callApi("/api/chat/session", { method: "POST", body: { sessionId, status: "active" } });
  if (!answer.ok) throw new Error(`Failed to create chat session (${answer.status ?? "no answer"})`);
  return true;
}

export interface SendResult {
  status: number;
  userMessage: ServerChatMessage | null;
  /** Null with status 202 (the reply is still on its way over the socket), or while staff hold the conversation. */
  assistantMessage: ServerChatMessage | null;
  /** Who answers the conversation now; null when the server did not say. */
  mode: ChatMode | null;
}

const modeOf = (value: unknown): ChatMode | null => (value === "staff" || value === "assistant" ? value : null);

export class ChatRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly serverMessage: string | null,
  ) {
    super(message);
  }
}

/**
 * GET /api/chat/:sessionId/messages: the conversation's latest messages, oldest
 * first, and who answers it now. Empty (and no mode) when it cannot be read:
 * catching up is a courtesy, never an error.
 */
export async function readTranscript(
  sessionId: string,
): Promise<{ messages: ServerChatMessage[]; mode: ChatMode | null }> {
  const answer = await callApi<{ messages?: unknown; mode?: unknown }>(chatPath(sessionId, "messages"));
  if (!answer.ok) return { messages: [], mode: null };
  return {
    messages: Array.isArray(answer.body.messages) ? (answer.body.messages as ServerChatMessage[]) : [],
    mode: modeOf(answer.body.mode),
  };
}

/** POST /api/chat/:sessionId/message. Throws ChatRequestError ('Failed to send message') on a non-OK answer. */
export async function sendMessage(sessionId: string, message: string): Promise<SendResult> {
  const answer = await callApi<{
    userMessage?: ServerChatMessage;
    assistantMessage?: ServerChatMessage | null;
    mode?: unknown;
  }>(chatPath(sessionId, "message"), { method: "POST", body: { sender: "user", message, messageType: "text" } });
  if (!answer.ok)
    // No answer at all (the network) counts as the server's failure to answer.
    throw new ChatRequestError("Failed to send message", answer.status ?? 0, answer.message);
  return {
    status: answer.status,
    userMessage: answer.body.userMessage ?? null,
    assistantMessage: answer.body.assistantMessage ?? null,
    mode: modeOf(answer.body.mode),
  };
}

export type BookingResult =
  | { kind: "success"; message: string }
  /** The server answered `success: false`: its message, and field errors when it validated the form. */
  | { kind: "refused"; status: number; message: string; errors: Record<string, string> }
  /** Network failure or a non-OK answer without a usable body ('Failed to book appointment'). */
  | { kind: "error"; status: number | null };

/**
 * GET /api/availability: the next `days` days from today, their open arrival windows and closed
 * days (no windows when it fails).
 */
export async function openWindows(days: number, signal?: AbortSignal): Promise<WindowChoices> {
  const answer = await callApi<Partial<WindowChoices>>(`/api/availability?days=${days}`, { signal });
  const body = answer.ok ? answer.body : {};
  return {
    from: typeof body.from === "string" ? body.from : businessDate(),
    days: typeof body.days === "number" ? body.days : days,
    windows: Array.isArray(body.windows) ? body.windows.filter((w) => w.available > 0) : [],
    closures: Array.isArray(body.closures) ? body.closures : [],
  };
}

/** POST /api/chat/:sessionId/book-appointment. */
export async function bookAppointment(sessionId: string, values: AppointmentValues): Promise<BookingResult> {
  const trimmed = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === "string" ? v.trim() : v]),
  ) as Record<string, string>;
  const payload: Record<string, string> = {
    customerName: trimmed.customerName!,
    customerPhone: trimmed.customerPhone!,
    customerEmail: trimmed.customerEmail!,
    serviceType: trimmed.serviceType!,
    address: trimmed.address!,
    preferredTiming: trimmed.preferredTiming!,
    priority: trimmed.priority!,
    description: trimmed.description!,
  };
  if (trimmed.windowStart) payload.windowStart = trimmed.windowStart;
  if (trimmed.textConsent === "on") payload.textConsent = "on";
  const answer = await callApi<{ success?: boolean; message?: unknown }>(chatPath(sessionId, "book-appointment"), {
    method: "POST",
    body: payload,
  });
  if (answer.ok && answer.body.success === true)
    return { kind: "success", message: typeof answer.body.message === "string" ? answer.body.message : "" };
  if (!answer.ok && answer.message !== null && answer.status !== null && answer.status < 500)
    return { kind: "refused", status: answer.status, message: answer.message, errors: answer.errors };
  return { kind: "error", status: answer.status };
}
