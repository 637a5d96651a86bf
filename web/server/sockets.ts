import type { Server as HttpServer } from "node:http";
import { createAdapter } from "@socket.io/redis-adapter";
import { Server, type DefaultEventsMap, type Socket as AnySocket } from "socket.io";
import { chatJoinSchema } from "@app/shared/api/chat";
import { createBlockingRedis } from "@app/shared/redis.server";
import { ADMIN_ROOM, chatRoom, realtimeKey, sessionRoom, userRoom } from "@app/shared/realtime";
import { findSession, readSessionToken } from "@app/shared/sessions.server";
import type { Services } from "../app/context";

/**
 * The user behind a socket's handshake: the session cookie the pages use, or
 * `auth: { token }` for API clients. Same sessions table as HTTP.
 */
async function socketUser(services: Services, headers: Record<string, string | string[] | undefined>, auth: unknown) {
  const token =
    typeof auth === "object" && auth && typeof (auth as { token?: unknown }).token === "string"
      ? (auth as { token: string }).token
      : null;
  const requestHeaders = new Headers();
  if (typeof headers.cookie === "string") requestHeaders.set("cookie", headers.cookie);
  if (token) requestHeaders.set("authorization", `Bearer ${token}`);
  const presented = await readSessionToken(
    new Request("http://socket.local/", { headers: requestHeaders }),
    services.env,
  );
  if (!presented) return null;
  const session = await findSession(services.db, presented.token);
  return session
    ? { ...session.user, sessionId: session.id, expiresAt: session.expiresAt, token: presented.token }
    : null;
}

/** What a socket carries for the server: the signed-in user's id, if any. */
interface SocketData {
  userId?: number;
}
type Socket = AnySocket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

/** How often a signed-in socket's session is looked at again (besides at its expiry). */
const SESSION_RECHECK_MS = 5 * 60 * 1000;

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

  const io = new Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>(httpServer, {
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
    // A signed-in socket joins its user's and its session's rooms, so a sign-out, a password reset
    // or a role change reaches it on any web process; staff sockets also join the admins room,
    // where booking events and emergency alerts go.
    try {
      const user = await socketUser(services, socket.handshake.headers, socket.handshake.auth);
      if (user) {
        await socket.join([userRoom(user.id), sessionRoom(user.sessionId)]);
        socket.data.userId = user.id;
        watchSession(socket, user.token, user.expiresAt);
        if (user.role === "admin") {
          await socket.join(ADMIN_ROOM);
          socket.emit("admin:ready", { ok: true });
        }
      }
    } catch (error) {
      logger.warn({ err: (error as Error).message }, "socket session lookup failed");
    }
  });

  /**
   * A socket lives no longer than its session: at the session's expiry (and
   * every few minutes, in case it was ended or its user deactivated by a path
   * that could not reach this socket) the session is looked up again, and the
   * socket is disconnected when it is gone.
   */
  function watchSession(socket: Socket, token: string, expiresAt: Date) {
    let timer: NodeJS.Timeout | undefined;
    const schedule = (at: Date) => {
      const delay = Math.max(0, Math.min(at.getTime() - Date.now(), SESSION_RECHECK_MS));
      timer = setTimeout(() => void check(), delay);
      timer.unref();
    };
    const check = async () => {
      if (socket.disconnected) return;
      try {
        const session = await findSession(services.db, token);
        if (!session) {
          socket.disconnect(true);
          return;
        }
        schedule(session.expiresAt);
      } catch (error) {
        // The database is away: look again later rather than drop a staff page over it.
        logger.warn({ err: (error as Error).message }, "socket session re-check failed");
        schedule(new Date(Date.now() + 30_000));
      }
    };
    socket.on("disconnect", () => clearTimeout(timer));
    schedule(expiresAt);
  }

  return {
    io,
    async close() {
      await io.close();
      pub.disconnect();
      sub.disconnect();
    },
  };
}
