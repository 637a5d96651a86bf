import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUsersPage } from "./users.server";
import { requireAdmin } from "~/utils/auth.server";
import { userListQuerySchema } from "@app/shared/api/admin";
import { USERS_PER_PAGE } from "@app/shared/api/limits";

/** /admin/users' data: one page of accounts (OFFSET paging, 50 a page), filtered by `q` and `role`. */
export async function usersLoader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  // A filter the schema refuses (a hand-typed address) is dropped: the page lists everyone.
  const params = new URL(request.url).searchParams;
  const parsed = userListQuerySchema.safeParse({
    q: params.get("q") ?? undefined,
    role: params.get("role") ?? undefined,
  });
  const filters = parsed.success ? parsed.data : {};
  // `?page=` past the last page, or not a page at all, shows the nearest one.
  const asked = Number(params.get("page"));
  const wanted = Number.isSafeInteger(asked) && asked > 1 ? asked : 1;
  let listed = await listUsersPage(context, filters, wanted);
  const last = Math.max(1, Math.ceil(listed.total / USERS_PER_PAGE));
  if (wanted > last) listed = await listUsersPage(context, filters, last);
  return { ...listed, page: Math.min(wanted, last), pages: last, currentUserId: admin.id, filters };
}
