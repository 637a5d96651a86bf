/** The chat's HTTP calls (docs/product.md#contact-and-chat). JSON in and out, same origin. */
import type { ChatMode } from "@app/shared/chat/messages";
import type { WindowJson } from "@app/shared/scheduling/windows";
import type { AppointmentValues } from "./widget-rules";
import type { ServerChatMessage } from "./types";

async function postJson(path: string, body: unknown): Promise<{ status: number; ok: boolean; data: unknown }> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  const data: unknown = await response.json().catch(() => null);
  return { status: response.status, ok: response.ok, data };
}

/** POST /api/chat/session: 201 created, 200 already known. */
export async function createSession(sessionId: string): Promise<boolean> {
  const { ok, status } = await postJson("/api/chat/session", { sessionId, status: "active" });
  if (!ok) throw new Error(`Failed to create chat session (${status})`);
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
  try {
    const response = await fetch(`/api/chat/${encodeURIComponent(sessionId)}/messages`, {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    if (!response.ok) return { messages: [], mode: null };
    const body = (await response.json()) as { messages?: unknown; mode?: unknown };
    return {
      messages: Array.isArray(body.messages) ? (body.messages as ServerChatMessage[]) : [],
      mode: modeOf(body.mode),
    };
  } catch {
    return { messages: [], mode: null };
  }
}

/** POST /api/chat/:sessionId/message. Throws ChatRequestError ('Failed to send message') on a non-OK answer. */
export async function sendMessage(sessionId: string, message: string): Promise<SendResult> {
  const { ok, status, data } = await postJson(`/api/chat/${encodeURIComponent(sessionId)}/message`, {
    sender: "user",
    message,
    messageType: "text",
  });
  const body = (data ?? {}) as {
    userMessage?: ServerChatMessage;
    assistantMessage?: ServerChatMessage | null;
    message?: string;
    mode?: unknown;
  };
  if (!ok)
    throw new ChatRequestError(
      "Failed to send message",
      status,
      typeof body.message === "string" ? body.message : null,
    );
  return {
    status,
    userMessage: body.userMessage ?? null,
    assistantMessage: body.assistantMessage ?? null,
    mode: modeOf(body.mode),
  };
}

export type BookingResult =
  | { kind: "success"; message: string }
  /** The server answered `success: false`: its message, and field errors when it validated the form. */
  | { kind: "refused"; status: number; message: string; errors: Record<string, string> }
  /** Network failure or a non-OK answer without a usable body ('Failed to book appointment'). */
  | { kind: "error"; status: number | null };

/** GET /api/availability: the open arrival windows of the next `days` days, soonest first (none when it fails). */
export async function openWindows(days: number, signal?: AbortSignal): Promise<WindowJson[]> {
  try {
    const response = await fetch(`/api/availability?days=${days}`, { headers: { Accept: "application/json" }, signal });
    if (!response.ok) return [];
    const body = (await response.json()) as { windows?: WindowJson[] };
    return Array.isArray(body.windows) ? body.windows.filter((w) => w.available > 0) : [];
  } catch {
    return [];
  }
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
  try {
    const { ok, status, data } = await postJson(`/api/chat/${encodeURIComponent(sessionId)}/book-appointment`, payload);
    const body = data as { success?: boolean; message?: unknown; errors?: unknown } | null;
    if (ok && body?.success === true)
      return { kind: "success", message: typeof body.message === "string" ? body.message : "" };
    if (body && body.success === false && typeof body.message === "string" && status < 500) {
      const errors = body.errors && typeof body.errors === "object" ? (body.errors as Record<string, string>) : {};
      return { kind: "refused", status, message: body.message, errors };
    }
    return { kind: "error", status };
  } catch {
    return { kind: "error", status: null };
  }
}
