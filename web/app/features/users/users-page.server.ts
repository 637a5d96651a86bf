import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUsers, usersPagePlace } from "./users.server";
import { requireAdmin } from "~/utils/auth.server";
import { USERS_PER_PAGE } from "@app/shared/api/limits";

/**
 * /admin/users' data: one page of accounts (50, newest first, from the address's `cursor` on: the
 * list's service reads it as GET /api/admin/users does), filtered by `q` and `role`, and how many
 * match in all.
 */
export async function usersLoader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const asked = { q: params.get("q") ?? undefined, role: params.get("role") ?? undefined };
  const page = { limit: String(USERS_PER_PAGE), cursor: params.get("cursor") ?? undefined };
  // What the schema refuses (a hand-typed address) is dropped: the rest still applies, from the newest.
  const first = await listUsers(context, { ...asked, ...page });
  const refused = first.ok ? {} : (first.errors ?? {});
  const kept = Object.entries({ ...asked, ...page }).filter(([key]) => !(key in refused));
  const listed = first.ok ? first : await listUsers(context, Object.fromEntries(kept));
  if (!listed.ok) throw new Error("The users list refused what it kept of the address");
  const { users, nextCursor, filters } = listed.value;
  const cursor = "cursor" in refused ? undefined : page.cursor;
  const place = await usersPagePlace(context, filters, cursor, USERS_PER_PAGE);
  return {
    users,
    total: place.total,
    /** "Users 51–100, page 2 of 7": how many come before this page. */
    before: place.before,
    nextCursor,
    /** The previous page's cursor (undefined: the first page; null: there is none). */
    previousCursor: place.previous,
    paged: cursor !== undefined,
    currentUserId: admin.id,
    filters,
  };
}
