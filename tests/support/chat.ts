import { io, type Socket } from "socket.io-client";
import { postJson, randomIp } from "./stack";

/** Chat helpers for integration tests: a visitor's session, socket and room. */

export const newChatSessionId = () => `chat_${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

/** Registers a new chat session as the widget does; fails loudly if the server refuses it. */
export async function openChatSession(baseUrl: string, ip = randomIp()): Promise<string> {
  const sessionId = newChatSessionId();
  const res = await postJson(`${baseUrl}/api/chat/session`, { sessionId, status: "active" }, { ip });
  if (res.status !== 201) throw new Error(`chat session refused: ${res.status} ${res.text}`);
  return sessionId;
}

/** A socket.io client on the WebSocket transport, connected (or rejected). */
export function connectSocket(baseUrl: string, auth: Record<string, string> = {}): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl, { transports: ["websocket"], reconnection: false, auth });
    socket.on("connect", () => resolve(socket));
    socket.on("connect_error", reject);
  });
}

/**
 * A staff socket, resolved once the server has accepted it as an admin's
 * (`admin:ready`). The listener is in place before the connection opens: the
 * server may send `admin:ready` in the same packet as the connection itself.
 */
export function connectAdminSocket(baseUrl: string, token: string, timeoutMs = 10_000): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl, { transports: ["websocket"], reconnection: false, auth: { token } });
    const timer = setTimeout(() => {
      socket.disconnect();
      reject(new Error("the server did not accept the socket as an admin's"));
    }, timeoutMs);
    socket.once("admin:ready", () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.on("connect_error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

export const joinChat = (socket: Socket, sessionId: string) =>
  new Promise<{ ok: boolean; error?: string }>((resolve) => socket.emit("chat:join", { sessionId }, resolve));
