import type { AppLoadContext } from "@remix-run/node";
import { loginSchema } from "@app/shared/api/auth";
import { decoyHash, verifyPassword } from "@app/shared/password.server";
import { sha256 } from "@app/shared/tokens.server";
import type { RateLimitName, RateLimits } from "~/context";
import { toApiUser, type ApiUser } from "~/utils/auth.server";
import { createSession, pruneExpiredSessions, sessionUserColumns } from "@app/shared/sessions.server";
import { issueDeviceCookie, knownDevice } from "./devices.server";
import { failure, invalid, success, throttled, type Result } from "@app/shared/result";

const LOGIN_FAILED_MESSAGE = "Invalid email or password";
const LOGIN_THROTTLED_MESSAGE =
  "Too many failed login attempts. Please wait a few minutes and try again, or reset your password.";
const ACCOUNT_INACTIVE_MESSAGE = "This account has been deactivated. Please call us if you think this is a mistake.";

export interface SignedIn {
  user: ApiUser;
  token: string;
  expiresAt: Date;
  /** From login only: `Set-Cookie` of the browser's device cookie (devices.server.ts); the /login page sets it, API clients may keep or ignore it. */
  deviceCookie?: string;
}

export interface RequestMeta {
  userAgent: string | null;
  /** The request's Cookie header, for login: it may hold the browser's device cookie. */
  cookie?: string | null;
}

/** The rate-limit key for an account: the address's hash, so Redis never holds email addresses. */
const accountKey = (email: string) => sha256(email.toLowerCase());

// The decoy hash is computed once; do it now so the first unknown-email login is not the slow one.
void decoyHash();

/**
 * Checks an email and password and opens a session.
 *
 * - An unknown email and a wrong password fail alike: same status, same
 *   message, and an argon2 verification either way (against a decoy hash).
 * - Each attempt takes a point before the password is checked (so parallel
 *   guesses cannot slip past the count), and gets it back if the password
 *   was right: only failures add up. An attempt over a limit is answered 429
 *   without checking the password, so a blocked guesser learns nothing, not
 *   even from the right password. The limits (docs/decisions/005-sessions-and-tokens.md):
 *   - from a browser without this account's device cookie: 10 failures in a
 *     row on the account block every such browser from it for 15 minutes;
 *   - a browser with the account's device cookie counts its own failures
 *     only (10 in 15 minutes), so the owner gets in while others guess;
 *   - 100 failures a day from one network (IPv4 address or IPv6 /64) block it.
 * - A deactivated user with the right password is refused (403).
 */
export async function login(context: AppLoadContext, input: unknown, meta: RequestMeta): Promise<Result<SignedIn>> {
  const { services, clientIp, clientNetwork } = context;
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { email, password } = parsed.data;
  const limits = services.rateLimits;
  const account = accountKey(email);
  const device = await knownDevice(services.env, meta.cookie, account);
  // Whose failures this attempt counts among: this browser's own, or those of every unknown device.
  const [counter, counterKey]: [RateLimitName, string] = device
    ? ["loginFailPerDevice", device]
    : ["loginFailPerAccount", account];

  const networkWait = await limits.consume("loginFailPerNetwork", clientNetwork);
  if (networkWait !== null) return throttled(networkWait, LOGIN_THROTTLED_MESSAGE);
  const wait = await limits.consume(counter, counterKey);
  if (wait !== null) {
    // Refused without a check: not a failure to hold against the network.
    await limits.giveBack("loginFailPerNetwork", clientNetwork);
    return throttled(wait, LOGIN_THROTTLED_MESSAGE);
  }

  const user = await services.db.user.findUnique({
    where: { email },
    select: { ...sessionUserColumns, passwordHash: true },
  });
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);

  if (!user || !valid) {
    context.logger.info({ ip: clientIp, knownDevice: device !== null }, "login failed");
    return failure(401, LOGIN_FAILED_MESSAGE);
  }
  // The right password is no failure: the network gets its point back, and the
  // counter this browser was charged to starts again (failures in a row).
  await Promise.all([limits.giveBack("loginFailPerNetwork", clientNetwork), limits.clear(counter, counterKey)]);
  if (!user.isActive) {
    context.logger.info({ userId: user.id }, "login refused: account inactive");
    return failure(403, ACCOUNT_INACTIVE_MESSAGE);
  }

  const lastLogin = new Date();
  const [, session, deviceCookie] = await Promise.all([
    services.db.user.update({ where: { id: user.id }, data: { lastLogin } }),
    createSession(services.db, user.id, { ip: clientIp, userAgent: meta.userAgent }),
    issueDeviceCookie(services.env, account),
    pruneExpiredSessions(services.db, user.id),
  ]);
  context.logger.info({ userId: user.id }, "login");
  return success({
    user: toApiUser({ ...user, lastLogin }),
    token: session.token,
    expiresAt: session.expiresAt,
    deviceCookie,
  });
}

/**
 * Lifts the block on an account for browsers without its device cookie; a
 * completed password reset calls it (the owner has just proved who they are).
 */
export async function clearLoginBlocks(limits: RateLimits, email: string): Promise<void> {
  await limits.clear("loginFailPerAccount", accountKey(email));
}
