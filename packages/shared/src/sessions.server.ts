import { createCookie, type Cookie } from "@remix-run/node";
import type { Db, Prisma } from "./db.server";
import type { Env } from "./env.server";
import { purposeKeys } from "./keys.server";
import { randomToken, sha256 } from "./tokens.server";

/**
 * Sessions live in the database (table Session), one row per signed-in
 * browser or API client. The client holds an opaque random token: pages in a
 * signed HttpOnly cookie, API clients as `Authorization: Bearer <token>`.
 * Only its SHA-256 is stored, so a database leak reveals no usable token, and
 * deleting the row ends the session wherever the token is held.
 */

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * The cookie's name. In production it carries the `__Host-` prefix, which
 * browsers accept only from a secure origin, for the whole site and without a
 * Domain: no subdomain or plain-HTTP page can plant or overwrite it.
 */
export const sessionCookieName = (env: Pick<Env, "isProduction">) =>
  env.isProduction ? "__Host-bce_session" : "bce_session";
/** Tokens are 43 characters (randomToken()); anything much longer is not one of ours. */
const MAX_TOKEN_LENGTH = 200;

const cookies = new WeakMap<Env, Cookie>();

/** The session cookie: signed with the session-cookie key of each SESSION_SECRET (the first signs, all verify, for rotation). */
function sessionCookie(env: Env): Cookie {
  let cookie = cookies.get(env);
  if (!cookie) {
    cookie = createCookie(sessionCookieName(env), {
      httpOnly: true,
      sameSite: "lax",
      secure: env.isProduction,
      path: "/",
      secrets: purposeKeys(env.SESSION_SECRETS, "session-cookie").map((key) => key.toString("base64url")),
      maxAge: SESSION_TTL_MS / 1000,
    });
    cookies.set(env, cookie);
  }
  return cookie;
}

export type TokenSource = "bearer" | "cookie";

/**
 * The session token a request presents. An Authorization header wins over the
 * cookie (an API client means the token it sends); a malformed header or a
 * cookie with a bad signature presents nothing.
 */
export async function readSessionToken(
  request: Pick<Request, "headers">,
  env: Env,
): Promise<{ token: string; source: TokenSource } | null> {
  const authorization = request.headers.get("Authorization");
  if (authorization !== null) {
    const match = /^Bearer[ \t]+([\w.~+/=-]+)[ \t]*$/i.exec(authorization);
    const token = match?.[1];
    return token && token.length <= MAX_TOKEN_LENGTH ? { token, source: "bearer" } : null;
  }
  const token = await sessionTokenInCookies(request.headers.get("Cookie"), env);
  return token ? { token, source: "cookie" } : null;
}

/** The session token of a `Cookie` header, or null when there is none or its signature is wrong. */
async function sessionTokenInCookies(cookieHeader: string | null | undefined, env: Env): Promise<string | null> {
  const value: unknown = await sessionCookie(env).parse(cookieHeader ?? null);
  return typeof value === "string" && value.length > 0 && value.length <= MAX_TOKEN_LENGTH ? value : null;
}

/**
 * The role of the live session a `Cookie` header presents, or null: the same check as every page's
 * (signature, then `findSession`), for the page cache, which picks a kept page by role before any
 * page runs (web/server/page-cache.ts).
 */
export async function sessionRoleInCookies(db: Db, env: Env, cookieHeader: string | undefined) {
  const token = await sessionTokenInCookies(cookieHeader, env);
  const session = token ? await findSession(db, token) : null;
  return session?.user.role ?? null;
}

/**
 * The role of the live session a request presents (bearer token or cookie, as `readSessionToken`
 * reads them), or null: for the server's body limit, which lets only staff send an upload larger
 * than 1 MB and checks before it reads the body (web/server/security.ts).
 */
export async function sessionRoleOf(db: Db, env: Env, request: Pick<Request, "headers">) {
  const presented = await readSessionToken(request, env);
  const session = presented ? await findSession(db, presented.token) : null;
  return session?.user.role ?? null;
}

/** A new session for a user who has just proved who they are. */
export async function createSession(db: Db, userId: number, meta: { ip?: string | null; userAgent?: string | null }) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.session.create({
    data: {
      tokenHash: sha256(token),
      userId,
      expiresAt,
      ip: meta.ip?.slice(0, 100) ?? null,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    },
  });
  return { token, expiresAt };
}

/** What a session resolves to: the columns of its user that any caller may see (never the hash). */
export const sessionUserColumns = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  role: true,
  isActive: true,
  createdAt: true,
  lastLogin: true,
  emailVerifiedAt: true,
} as const;

/** A session with the columns of its user that any caller may see. */
export interface FoundSession {
  id: string;
  expiresAt: Date;
  user: Prisma.UserGetPayload<{ select: typeof sessionUserColumns }>;
}

/**
 * The live session for a token with its user, or null (unknown, expired, or the user is inactive).
 * Every signed-in request makes this lookup, so it is one statement: a Prisma `select` of the
 * session's user would cost a second round trip (Prisma loads relations with one query per table),
 * which doubled the time of a signed-in page (docs/benchmarks.md).
 */
export async function findSession(db: Db, token: string): Promise<FoundSession | null> {
  const [row] = await db.$queryRaw<Array<FoundSession["user"] & { sessionId: string; expiresAt: Date }>>`
    SELECT s.id AS "sessionId", s."expiresAt", u.id, u."firstName", u."lastName", u.email, u.role::text AS role,
           u."isActive", u."createdAt", u."lastLogin", u."emailVerifiedAt"
    FROM "Session" s JOIN "User" u ON u.id = s."userId"
    WHERE s."tokenHash" = ${sha256(token)}`;
  if (!row) return null;
  const { sessionId, expiresAt, ...user } = row;
  if (expiresAt.getTime() <= Date.now()) {
    await db.session.deleteMany({ where: { id: sessionId } });
    return null;
  }
  if (!user.isActive) return null;
  return { id: sessionId, expiresAt, user };
}

/** Ends the session of a token; returns its id, or null when there was none. */
export async function deleteSession(db: Db, token: string): Promise<{ id: string } | null> {
  const session = await db.session.findUnique({ where: { tokenHash: sha256(token) }, select: { id: true } });
  if (session) await db.session.deleteMany({ where: { id: session.id } });
  return session;
}

/** Ends every session of a user, wherever they are signed in (after a password reset). */
export async function deleteUserSessions(db: Pick<Db, "session">, userId: number) {
  await db.session.deleteMany({ where: { userId } });
}

/** Removes a user's expired sessions, so the table does not grow with every sign-in. */
export async function pruneExpiredSessions(db: Db, userId: number) {
  await db.session.deleteMany({ where: { userId, expiresAt: { lte: new Date() } } });
}

/** `Set-Cookie` that stores a session token in the browser until the session expires. */
export function commitSessionCookie(env: Env, token: string, expiresAt: Date): Promise<string> {
  return sessionCookie(env).serialize(token, {
    expires: expiresAt,
    maxAge: Math.floor((expiresAt.getTime() - Date.now()) / 1000),
  });
}

/** `Set-Cookie` that removes the session cookie. */
export function clearSessionCookie(env: Env): Promise<string> {
  return sessionCookie(env).serialize("", { expires: new Date(0), maxAge: 0 });
}
