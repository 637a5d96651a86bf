import type { Redis } from "ioredis";

/**
 * The hourly cap on email to addresses visitors typed (`ANON_REQUESTS_PER_HOUR`,
 * docs/product.md#rate-limits): counted by the worker when such an email is
 * about to be sent, so only emails actually sent count. One counter in Redis
 * for every worker and each clock hour.
 * A send refused by the cap is held, not dropped: the worker puts its outbox
 * row back to wait until the window frees a place (worker/src/index.ts).
 */

const WINDOW_MS = 60 * 60 * 1000;

// Takes a place in this hour's counter if one is left (1), else leaves it as it was (0).
const TAKE = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if n > tonumber(ARGV[2]) then
  redis.call('DECR', KEYS[1])
  return 0
end
return 1
`;

export interface VisitorEmailCap {
  /** Takes a place for one email now: null when taken, else the instant the next hour starts. */
  take(now?: Date): Promise<Date | null>;
}

/**
 * Clock hours (the process's clock, which tests move: tests/support/clock.ts), each its own
 * counter, kept two hours.
 */
export function visitorEmailCap(redis: Redis, prefix: string, perHour: number): VisitorEmailCap {
  return {
    async take(now = new Date()) {
      const hour = Math.floor(now.getTime() / WINDOW_MS);
      const nextHour = new Date((hour + 1) * WINDOW_MS);
      if (perHour <= 0) return nextHour;
      const taken = Number(await redis.eval(TAKE, 1, `${prefix}:visitor-mail-hour:${hour}`, 2 * WINDOW_MS, perHour));
      return taken === 1 ? null : nextHour;
    },
  };
}

/** Thrown by a send that must wait: the worker delays its outbox row until `until` (held, not dropped). */
export class HeldBack extends Error {
  constructor(
    readonly until: Date,
    why: string,
  ) {
    super(`held ${why} until ${until.toISOString()}`);
  }
}

/** Thrown by a send the cap holds back. */
export class HeldByCap extends HeldBack {
  constructor(until: Date) {
    super(until, "by the visitor email cap");
  }
}
