import { Emitter } from "@socket.io/redis-emitter";
import { createDb } from "@app/shared/db.server";
import type { Env } from "@app/shared/env.server";
import type { Logger } from "@app/shared/logger.server";
import { QueueEvents } from "bullmq";
import { createQueues } from "@app/shared/queues.server";
import { createBlockingRedis, createFastFailRedis } from "@app/shared/redis.server";
import { ADMIN_ROOM, chatRoom, realtimeKey, sessionRoom, userRoom } from "@app/shared/realtime";
import { secretRef } from "@app/shared/redact.server";
import type { Services } from "../app/context";
import { createRateLimits } from "./rate-limits";

/** A room's name fit for a log line: a chat room is named by its session id, a secret (packages/shared/src/redact.server.ts). */
const CHAT_ROOM_PREFIX = chatRoom("");
const roomForLog = (room: string) =>
  room.startsWith(CHAT_ROOM_PREFIX) ? `${CHAT_ROOM_PREFIX}${secretRef(room.slice(CHAT_ROOM_PREFIX.length))}` : room;

export function createServices(env: Env, logger: Logger): Services {
  const db = createDb(env.DATABASE_URL);
  const redis = createFastFailRedis(env.REDIS_URL);
  // Log Redis outages once per change, not on every reconnect attempt.
  let redisUp = true;
  redis.on("error", (error) => {
    if (redisUp) logger.warn({ err: error.message }, "redis unavailable");
    redisUp = false;
  });
  redis.on("ready", () => {
    if (!redisUp) logger.info("redis reconnected");
    redisUp = true;
  });
  const queues = createQueues(redis, env.REDIS_PREFIX, logger);
  const chatEvents = new QueueEvents("chat", {
    connection: createBlockingRedis(env.REDIS_URL),
    prefix: `${env.REDIS_PREFIX}:bull`,
  });
  chatEvents.on("error", () => {});
  // Same key as the socket.io Redis adapter, so every web process delivers what is published here.
  // Its own connection: the fast-fail client rejects while Redis is away, and the emitter does not await publishes.
  const emitterRedis = createBlockingRedis(env.REDIS_URL, { enableAutoPipelining: true });
  emitterRedis.on("error", () => {});
  const emitter = new Emitter(emitterRedis, { key: realtimeKey(env.REDIS_PREFIX) });
  const emitToRoom = (room: string, event: string, payload: unknown) => {
    try {
      emitter.to(room).emit(event, payload);
    } catch (error) {
      logger.warn({ err: (error as Error).message, room: roomForLog(room), event }, "realtime emit failed");
    }
  };
  /** Does something to every socket of a user or of a session, on every web process. */
  const toSocketsOf = (who: { userId: number } | { sessionId: string }, what: string, act: (room: string) => void) => {
    const room = "userId" in who ? userRoom(who.userId) : sessionRoom(who.sessionId);
    try {
      act(room);
    } catch (error) {
      logger.warn({ err: (error as Error).message, room }, `sockets could not ${what}`);
    }
  };
  return {
    env,
    logger,
    db,
    redis,
    queues,
    rateLimits: createRateLimits(redis, env.REDIS_PREFIX),
    chatEvents,
    emitterRedis,
    emitToRoom,
    emitToChat: (sessionId, event, payload) => emitToRoom(chatRoom(sessionId), event, payload),
    disconnectSockets: (who) => toSocketsOf(who, "disconnect", (room) => emitter.in(room).disconnectSockets(true)),
    revokeStaffSockets: (who) =>
      toSocketsOf(who, "leave the admins room", (room) => emitter.in(room).socketsLeave(ADMIN_ROOM)),
  };
}

export async function closeServices(services: Services) {
  await Promise.allSettled([...Object.values(services.queues).map((q) => q.close()), services.chatEvents.close()]);
  await Promise.allSettled([services.db.$disconnect()]);
  services.redis.disconnect();
  services.emitterRedis.disconnect();
}
