import type { AppLoadContext } from "@remix-run/node";
import { loginSchema } from "@app/shared/api/auth";
import { decoyHash, verifyPassword } from "@app/shared/password";
import { sha256 } from "@app/shared/tokens";
import { consume, type RateLimitName, type RateLimits } from "../../../server/rate-limits";
import { toApiUser, type ApiUser } from "~/utils/auth.server";
import { createSession, pruneExpiredSessions, sessionUserColumns } from "~/utils/session.server";
import { invalidInput, throttled, type Outcome } from "./outcome.server";

export const LOGIN_FAILED_MESSAGE = "Invalid email or password";
export const LOGIN_THROTTLED_MESSAGE = "Too many failed login attempts. Please wait a few minutes and try again, or reset your password.";
export const ACCOUNT_INACTIVE_MESSAGE = "This account has been deactivated. Please call us if you think this is a mistake.";

export interface SignedIn {
  user: ApiUser;
  token: string;
  expiresAt: Date;
}

export interface RequestMeta {
  userAgent: string | null;
}

/** The rate-limit key for an account: the address's hash, so Redis never holds email addresses. */
export const accountKey = (email: string) => sha256(email.toLowerCase());

// The decoy hash is computed once; do it now so the first unknown-email login is not the slow one.
void decoyHash();

/**
 * Checks an email and password and opens a session.
 *
 * - An unknown email and a wrong password fail alike: same status, same
 *   message, and an argon2 verification either way (against a decoy hash).
 * - Failures are counted per client IP and per account; about 10 in 15
 *   minutes and that IP or account is refused with 429 for 15 minutes. The
 *   block is checked before the password, so a blocked attacker learns nothing.
 * - A deactivated user with the right password is refused (403).
 */
export async function login(context: AppLoadContext, input: unknown, meta: RequestMeta): Promise<Outcome<SignedIn>> {
  const { services, clientIp } = context;
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const { email, password } = parsed.data;
  const limits = services.rateLimits;
  const account = accountKey(email);

  const blocks = await Promise.all([secondsBlocked(limits, "loginFailPerIp", clientIp), secondsBlocked(limits, "loginFailPerAccount", account)]);
  const blockedFor = Math.max(...blocks.map((b) => b ?? 0));
  if (blockedFor > 0) return throttled(blockedFor, LOGIN_THROTTLED_MESSAGE);

  const user = await services.db.user.findUnique({ where: { email }, select: { ...sessionUserColumns, passwordHash: true } });
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);

  if (!user || !valid) {
    const waits = await Promise.all([
      consume(limits, "loginFailPerIp", clientIp),
      consume(limits, "loginFailPerAccount", account),
    ]);
    const wait = Math.max(...waits.map((w) => w ?? 0));
    if (wait > 0) return throttled(wait, LOGIN_THROTTLED_MESSAGE);
    context.logger.info({ ip: clientIp }, "login failed");
    return { ok: false, status: 401, message: LOGIN_FAILED_MESSAGE };
  }
  if (!user.isActive) {
    context.logger.info({ userId: user.id }, "login refused: account inactive");
    return { ok: false, status: 403, message: ACCOUNT_INACTIVE_MESSAGE };
  }

  // The account's owner is in: earlier failures against it stop counting.
  await limits.loginFailPerAccount.delete(account).catch(() => {});
  const lastLogin = new Date();
  const [, session] = await Promise.all([
    services.db.user.update({ where: { id: user.id }, data: { lastLogin } }),
    createSession(services.db, user.id, { ip: clientIp, userAgent: meta.userAgent }),
    pruneExpiredSessions(services.db, user.id),
  ]);
  context.logger.info({ userId: user.id }, "login");
  return { ok: true, user: toApiUser({ ...user, lastLogin }), token: session.token, expiresAt: session.expiresAt };
}

/**
 * Seconds left while a key has used up its limit, else null. Only reads; if
 * Redis cannot answer, the limiter's in-memory insurance does, or it is not blocked.
 */
async function secondsBlocked(limits: RateLimits, name: RateLimitName, key: string): Promise<number | null> {
  const limiter = limits[name];
  try {
    const state = await limiter.get(key);
    if (state && state.consumedPoints >= limiter.points) return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  } catch {
    // Not known to be blocked; the failure count below still applies.
  }
  return null;
}
