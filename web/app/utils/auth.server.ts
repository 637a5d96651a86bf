import { redirect, type AppLoadContext } from "@remix-run/node";
import { loginReturningTo } from "@app/shared/api/auth";
import { ACCESS_DENIED_TITLE, ADMIN_REQUIRED_MESSAGE } from "~/features/auth/notices";
import { apiError, jsonResponse } from "./api.server";
import {
  clearSessionCookie,
  deleteSession,
  findSession,
  readSessionToken,
  type TokenSource,
} from "@app/shared/sessions.server";
import { toSessionUser, type SessionUser, type UserRow } from "@app/shared/users/user-json";

/**
 * Who is asking: the session behind a request's cookie or bearer token, and
 * the guards loaders, actions and API routes start with.
 *
 *   const user = await getOptionalUser(request, context); // SessionUser | null
 *   const user = await requireUser(request, context);     // signed in, or thrown away
 *   const admin = await requireAdmin(request, context);   // admin, or 401 / 403 thrown
 *
 * The guards throw a Response, so a loader reads as one line of policy and
 * then its work. Under /api/* what they throw is the JSON error of docs/product.md#json-api.
 */

/** Routes set the session cookie through this module: the sessions live in @app/shared/sessions.server. */
export { commitSessionCookie } from "@app/shared/sessions.server";

/** The user as pages, the header and the API see it: the users domain's (packages/shared/src/users/). */
export { toApiUser, type ApiUser, type SessionUser } from "@app/shared/users/user-json";

export interface AuthSession {
  sessionId: string;
  source: TokenSource;
  user: UserRow;
}

// The root loader and a page's own loader ask about the same request; one lookup serves both.
const resolved = new WeakMap<Request, Promise<AuthSession | null>>();

/**
 * The live session of this request (cookie, or `Authorization: Bearer`), or
 * null: no token, a bad signature, an unknown, expired or revoked token, or an
 * inactive user.
 */
export function getAuthSession(request: Request, context: AppLoadContext): Promise<AuthSession | null> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = lookUpSession(request, context);
    resolved.set(request, pending);
  }
  return pending;
}

async function lookUpSession(request: Request, { services }: AppLoadContext): Promise<AuthSession | null> {
  const presented = await readSessionToken(request, services.env);
  if (!presented) return null;
  const session = await findSession(services.db, presented.token);
  if (!session) return null;
  return { sessionId: session.id, source: presented.source, user: session.user };
}

/** The user of this request's session, or null when signed out. */
export async function getOptionalUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  const session = await getAuthSession(request, context);
  return session ? toSessionUser(session.user) : null;
}

function isApiRequest(request: Request) {
  const path = new URL(request.url).pathname;
  return path === "/api" || path.startsWith("/api/");
}

/**
 * The Response a guard throws. API paths get `{ success: false, message }`.
 * Pages get a 401 / 403 whose data (`{ title, message }`) the page's
 * ErrorBoundary renders; see `AccessDeniedBoundary` in features/auth/access-denied.tsx.
 */
function denied(request: Request, status: 401 | 403): Response {
  if (isApiRequest(request)) {
    return apiError(status, status === 401 ? "You need to log in first." : "You need admin access to do this.");
  }
  return jsonResponse({ success: false, title: ACCESS_DENIED_TITLE, message: ADMIN_REQUIRED_MESSAGE }, { status });
}

/**
 * The signed-in user, or thrown away: a page request is redirected to /login with the path it was
 * on (`?redirectTo=`, where signing in returns to: docs/product.md#sign-in-page), an /api/* request
 * gets a JSON 401.
 */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getOptionalUser(request, context);
  if (user) return user;
  if (isApiRequest(request)) throw denied(request, 401);
  const { pathname, search } = new URL(request.url);
  throw redirect(loginReturningTo(`${pathname}${search}`));
}

/**
 * The signed-in admin, or a thrown Response: 401 when signed out, 403 when
 * signed in with another role. On /api/* it is JSON `{ success: false,
 * message }`; on a page, render it with the Access Denied screen:
 *
 *   // app/routes/admin.users/route.tsx
 *   export async function loader({ request, context }: LoaderFunctionArgs) {
 *     const admin = await requireAdmin(request, context);
 *     ...
 *   }
 *   export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";
 *
 * Call it in every admin loader AND action (an action is reachable without its page).
 */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<SessionUser> {
  return requireRole(request, context, ["admin"]);
}

/** As requireAdmin, for any of these roles (a technician's day: technicians and admins). */
export async function requireRole(
  request: Request,
  context: AppLoadContext,
  roles: readonly SessionUser["role"][],
): Promise<SessionUser> {
  const user = await getOptionalUser(request, context);
  if (!user) throw denied(request, 401);
  if (!roles.includes(user.role)) throw denied(request, 403);
  return user;
}

/**
 * Ends the session this request presents (cookie or bearer), if any, and
 * returns the `Set-Cookie` that clears the cookie. Used by /logout and
 * POST /api/auth/logout.
 */
export async function endSession(request: Request, context: AppLoadContext): Promise<string> {
  const { env, db } = context.services;
  const presented = await readSessionToken(request, env);
  if (presented) {
    // Signing out always completes for the visitor; a row left behind still expires.
    const ended = await deleteSession(db, presented.token).catch((error: unknown) => {
      context.logger.warn({ err: error }, "could not delete the session row");
      return null;
    });
    if (ended) context.services.disconnectSockets({ sessionId: ended.id });
  }
  resolved.delete(request);
  return clearSessionCookie(env);
}
