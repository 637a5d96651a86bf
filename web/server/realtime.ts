import type { Server as HttpServer } from "node:http";
import { createAdapter } from "@socket.io/redis-adapter";
import { Server } from "socket.io";
import { chatJoinSchema } from "@app/shared/api/chat";
import { createBlockingRedis } from "@app/shared/redis";
import { ADMIN_ROOM, chatRoom, realtimeKey, sessionRoom, userRoom } from "@app/shared/realtime";
import { findSession, readSessionToken } from "../app/utils/session.server";
import type { Services } from "./services";

/**
 * The user behind a socket's handshake: the session cookie the pages use, or
 * `auth: { token }` for API clients. Same sessions table as HTTP.
 */
async function socketUser(services: Services, headers: Record<string, string | string[] | undefined>, auth: unknown) {
  const token = typeof auth === "object" && auth && typeof (auth as { token?: unknown }).token === "string" ? (auth as { token: string }).token : null;
  const requestHeaders = new Headers();
  if (typeof headers.cookie === "string") requestHeaders.set("cookie", headers.cookie);
  if (token) requestHeaders.set("authorization", `Bearer ${token}`);
  const presented = await readSessionToken(new Request("http://socket.local/", { headers: requestHeaders }), services.env);
  if (!presented) return null;
  const session = await findSession(services.db, presented.token);
  return session ? { ...session.user, sessionId: session.id } : null;
}

/**
 * socket.io on the web server's HTTP port. The Redis adapter fans events out
 * to every web process; workers publish through @socket.io/redis-emitter on
 * the same key. Connections from another site's pages are refused.
 */
export function createRealtime(httpServer: HttpServer, services: Services) {
  const { env, logger } = services;
  const pub = createBlockingRedis(env.REDIS_URL);
  const sub = pub.duplicate();
  pub.on("error", () => {});
  sub.on("error", () => {});
  const appOrigin = new URL(env.APP_URL).origin;

  const io = new Server(httpServer, {
    adapter: createAdapter(pub, sub, { key: realtimeKey(env.REDIS_PREFIX) }),
    serveClient: false,
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      const own = req.headers.host ? [`http://${req.headers.host}`, `https://${req.headers.host}`] : [];
      callback(null, !origin || origin === appOrigin || own.includes(origin));
    },
  });

  io.on("connection", async (socket) => {
    socket.on("chat:join", async (payload: unknown, ack?: (r: { ok: boolean; error?: string }) => void) => {
      const reply = typeof ack === "function" ? ack : () => {};
      const parsed = chatJoinSchema.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, error: "Invalid session id" });
      const { sessionId } = parsed.data;
      try {
        const session = await services.db.chatSession.findUnique({ where: { id: sessionId }, select: { id: true } });
        if (!session) return reply({ ok: false, error: "Unknown session" });
        // A socket follows one conversation at a time.
        for (const room of socket.rooms) if (room.startsWith("chat:")) await socket.leave(room);
        await socket.join(chatRoom(sessionId));
        reply({ ok: true });
      } catch (error) {
        logger.error({ err: error }, "chat:join failed");
        reply({ ok: false, error: "Could not join" });
      }
    });

    // Registered after the handlers above, so nothing a client sends early is missed.
    // Staff sockets join the admins room: booking events and emergency alerts go only there.
    try {
      const user = await socketUser(services, socket.handshake.headers, socket.handshake.auth);
      if (user?.role === "admin") {
        // The user's and the session's rooms let a role change or a sign-out take this socket out of the admins room.
        await socket.join([ADMIN_ROOM, userRoom(user.id), sessionRoom(user.sessionId)]);
        socket.data.userId = user.id;
        socket.emit("admin:ready", { ok: true });
      }
    } catch (error) {
      logger.warn({ err: (error as Error).message }, "socket session lookup failed");
    }
  });

  return {
    io,
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      pub.disconnect();
      sub.disconnect();
    },
  };
}
