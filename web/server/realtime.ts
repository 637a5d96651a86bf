import type { Server as HttpServer } from "node:http";
import { createAdapter } from "@socket.io/redis-adapter";
import { Server } from "socket.io";
import { createBlockingRedis } from "@app/shared/redis";
import { chatRoom, realtimeKey } from "@app/shared/realtime";
import type { Services } from "./services";

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

  io.on("connection", (socket) => {
    socket.on("chat:join", async (payload: unknown, ack?: (r: { ok: boolean; error?: string }) => void) => {
      const reply = typeof ack === "function" ? ack : () => {};
      const sessionId = typeof payload === "object" && payload ? (payload as { sessionId?: unknown }).sessionId : undefined;
      if (typeof sessionId !== "string" || !/^chat_[\w-]{8,100}$/.test(sessionId)) return reply({ ok: false, error: "Invalid session id" });
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
