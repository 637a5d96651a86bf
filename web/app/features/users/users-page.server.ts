import type { LoaderFunctionArgs } from "@remix-run/node";
import { countUsers, listUsers } from "./users.server";
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
  return {
    users,
    total: await countUsers(context, filters),
    nextCursor,
    /** A later page than the first (it links back to the newest). */
    paged: Boolean(page.cursor) && !("cursor" in refused),
    currentUserId: admin.id,
    filters,
  };
}
