import { Emitter } from "@socket.io/redis-emitter";
import { createDb, type Db } from "@app/shared/db";
import type { Env } from "@app/shared/env";
import type { Logger } from "@app/shared/logger";
import { QueueEvents } from "bullmq";
import { createQueues, type Queues } from "@app/shared/queues";
import { createBlockingRedis, createFastFailRedis, type Redis } from "@app/shared/redis";
import { ADMIN_ROOM, chatRoom, realtimeKey, sessionRoom, userRoom } from "@app/shared/realtime";
import { secretRef } from "@app/shared/redact";
import { createRateLimits, type RateLimits } from "./rate-limits";

/** Everything a request handler may use, created once per process and passed
 *  to Remix loaders and actions through the load context. */
export interface Services {
  env: Env;
  logger: Logger;
  db: Db;
  redis: Redis;
  queues: Queues;
  rateLimits: RateLimits;
  /** Completion events of chat jobs, so the HTTP chat call can answer with the reply. */
  chatEvents: QueueEvents;
  /** Publishes a socket.io event to a chat conversation's room (every web process delivers it). */
  emitToChat: (sessionId: string, event: string, payload: unknown) => void;
  /** Publishes a socket.io event to a room, e.g. ADMIN_ROOM. */
  emitToRoom: (room: string, event: string, payload: unknown) => void;
  /**
   * Takes a user's open sockets (or one session's) out of the admins room on
   * every web process: after a role change away from admin, a password reset
   * or a sign-out, they hear no more staff events.
   */
  revokeStaffSockets: (who: { userId: number } | { sessionId: string }) => void;
  /**
   * Disconnects a user's open sockets (or one session's) on every web process:
   * their session ended (sign-out, password reset), so nothing more reaches them.
   */
  disconnectSockets: (who: { userId: number } | { sessionId: string }) => void;
  emitterRedis: Redis;
}

/** A room's name fit for a log line: a chat room is named by its session id, a secret (packages/shared/src/redact.ts). */
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
