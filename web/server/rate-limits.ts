import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { RateLimitName, RateLimits } from "../app/context";

/**
 * Rate limits kept in Redis, so every web process shares them. If Redis is
 * down each process falls back to an in-memory limiter of the same size
 * rather than letting everything through or refusing every visitor.
 */
function limiter(redis: Redis, prefix: string, keyPrefix: string, points: number, durationSec: number, blockSec = 0) {
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${prefix}:rl:${keyPrefix}`,
    points,
    duration: durationSec,
    blockDuration: blockSec,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration: durationSec, blockDuration: blockSec }),
  });
}

/** Each limit's size; the names are the ones the app declares (web/app/context.ts). */
function limiters(redis: Redis, prefix: string): Record<RateLimitName, RateLimiterRedis> {
  return {
    contactPerIp: limiter(redis, prefix, "contact-ip", 5, 10 * 60),
    // Login attempts (web/app/features/auth/login.server.ts, docs/decisions/005-sessions-and-tokens.md):
    // a point is taken before the password is checked and given back when it was right.
    /** Per account (its accountKey), for browsers without that account's device cookie. */
    loginFailPerAccount: limiter(redis, prefix, "login-acct", 10, 15 * 60, 15 * 60),
    /** Per device cookie: a browser that has signed in to the account before is judged on its own failures. */
    loginFailPerDevice: limiter(redis, prefix, "login-device", 10, 15 * 60, 15 * 60),
    /** Per client network (IPv4 address or IPv6 /64): failures across all accounts, a day's worth. */
    loginFailPerNetwork: limiter(redis, prefix, "login-net", 100, 24 * 60 * 60),
    registerPerIp: limiter(redis, prefix, "register-ip", 5, 60 * 60),
    resetPerIp: limiter(redis, prefix, "reset-ip", 5, 15 * 60),
    chatPerIp: limiter(redis, prefix, "chat-ip", 60, 60),
    chatPerSession: limiter(redis, prefix, "chat-session", 20, 60),
    chatSessionPerIp: limiter(redis, prefix, "chat-new-ip", 20, 60 * 60),
    chatReadPerIp: limiter(redis, prefix, "chat-read-ip", 120, 60),
    bookAppointmentPerIp: limiter(redis, prefix, "chat-book-ip", 5, 60 * 60),
    /** GET /api/availability: the booking forms ask for a week or a month at a time. */
    availabilityPerIp: limiter(redis, prefix, "availability-ip", 60, 60),
    /** The pages of the customer's emailed links (/appointments/<token>, /unsubscribe/<token>), GET and POST. */
    manageVisitPerIp: limiter(redis, prefix, "manage-visit-ip", 30, 60),
    /**
     * Emails to an address a visitor typed (keyed by its hash): 3 a day each. The cap for all of them an
     * hour is counted by the worker as each is sent (packages/shared/src/visitor-email-cap.server.ts).
     */
    visitorEmailPerRecipient: limiter(redis, prefix, "visitor-mail-to", 3, 24 * 60 * 60),
  };
}

/** The rate limits routes reach through the load context (`context.services.rateLimits`). */
export function createRateLimits(redis: Redis, prefix: string): RateLimits {
  const limits = limiters(redis, prefix);
  return {
    async consume(name, key, points = 1) {
      try {
        await limits[name].consume(key, points);
        return null;
      } catch (result) {
        if (result instanceof RateLimiterRes) return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
        throw result;
      }
    },
    async giveBack(name, key, points = 1) {
      await limits[name].reward(key, points).catch(() => {});
    },
    async clear(name, key) {
      await limits[name].delete(key).catch(() => {});
    },
  };
}
