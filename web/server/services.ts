import { createDb, type Db } from "@app/shared/db";
import type { Env } from "@app/shared/env";
import type { Logger } from "@app/shared/logger";
import { QueueEvents } from "bullmq";
import { createQueues, type Queues } from "@app/shared/queues";
import { createBlockingRedis, createFastFailRedis, type Redis } from "@app/shared/redis";
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
}

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
  const queues = createQueues(redis, env.REDIS_PREFIX);
  for (const queue of Object.values(queues)) queue.on("error", () => {});
  const chatEvents = new QueueEvents("chat", { connection: createBlockingRedis(env.REDIS_URL), prefix: `${env.REDIS_PREFIX}:bull` });
  chatEvents.on("error", () => {});
  return { env, logger, db, redis, queues, rateLimits: createRateLimits(redis, env.REDIS_PREFIX), chatEvents };
}

export async function closeServices(services: Services) {
  await Promise.allSettled([...Object.values(services.queues).map((q) => q.close()), services.chatEvents.close()]);
  await Promise.allSettled([services.db.$disconnect()]);
  services.redis.disconnect();
}
