import { Redis, type RedisOptions } from "ioredis";

/**
 * Connections for workers and subscribers: they wait for Redis to come back
 * rather than failing commands (BullMQ requires maxRetriesPerRequest: null).
 */
export function createBlockingRedis(url: string, options: RedisOptions = {}) {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, ...options });
}

/**
 * Connections for request paths: when Redis is down a command fails at once
 * instead of queueing, so a visitor's request never hangs on Redis.
 */
export function createFastFailRedis(url: string, options: RedisOptions = {}) {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
    ...options,
  });
}

export type { Redis };
