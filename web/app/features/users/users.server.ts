import type { AppLoadContext } from "@remix-run/node";
import { userListQuerySchema, type UserListQuery } from "@app/shared/api/admin";
import { toApiUser, type SessionUser } from "~/utils/auth.server";
import { sessionUserColumns as userColumns } from "@app/shared/sessions.server";
import { invalid, success } from "@app/shared/result";
import { USERS_PER_PAGE } from "@app/shared/api/limits";

/** Which accounts `q` and `role` keep: each word of `q` in a name or the email, and the one role. */
function userFilter(query: Pick<UserListQuery, "q" | "role">) {
  const words = query.q ? query.q.split(/\s+/).filter(Boolean) : [];
  return {
    ...(query.role ? { role: query.role } : {}),
    // Each word must appear in a name or the email: "ann lee" finds Ann Lee, "lee@" finds her address.
    AND: words.map((word) => ({
      OR: [
        { firstName: { contains: word, mode: "insensitive" as const } },
        { lastName: { contains: word, mode: "insensitive" as const } },
        { email: { contains: word.toLowerCase() } },
      ],
    })),
  };
}

const NEWEST_FIRST = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/** A place in the list, newest first: `<createdAt in ms>_<id>`. */
const cursorOf = (user: { createdAt: Date; id: number }) => `${user.createdAt.getTime()}_${user.id}`;

/** The accounts after a cursor, newest first: older, or as old with a lower number. */
function pastCursor(cursor: string | undefined) {
  if (!cursor) return {};
  const [ms, id] = cursor.split("_").map(Number) as [number, number];
  const at = new Date(ms);
  return { OR: [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: id } }] };
}

/**
 * The accounts list (GET /api/admin/users, /admin/users), its query (userListQuerySchema) parsed here
 * from a request's search parameters: newest first; with `limit` or `cursor` a page of `limit` (50
 * when absent) read with a keyset from `cursor` on, and the next page's cursor (null on the last);
 * without either, every account. 400 naming the field at fault.
 */
export async function listUsers(context: AppLoadContext, params: Record<string, string | undefined>) {
  const parsed = userListQuerySchema.safeParse(params);
  if (!parsed.success) return invalid(parsed.error, "Invalid query");
  const { cursor, limit, ...filters } = parsed.data;
  const paged = limit !== undefined || cursor !== undefined;
  const take = limit ?? USERS_PER_PAGE;
  const found = await context.services.db.user.findMany({
    where: { AND: [userFilter(filters), pastCursor(cursor)] },
    orderBy: NEWEST_FIRST,
    select: userColumns,
    ...(paged ? { take: take + 1 } : {}),
  });
  const users = paged ? found.slice(0, take) : found;
  const nextCursor = paged && found.length > take ? cursorOf(users[users.length - 1]!) : null;
  return success({ filters, paged, users: users.map(toApiUser), nextCursor });
}

/** The accounts up to a cursor, newest first: newer, or as new with a number as high or higher. */
function upToCursor(cursor: string) {
  const [ms, id] = cursor.split("_").map(Number) as [number, number];
  const at = new Date(ms);
  return { OR: [{ createdAt: { gt: at } }, { createdAt: at, id: { gte: id } }] };
}

/**
 * Where a page of /admin/users is: how many accounts match in all, how many come before it (from
 * `cursor`, none on the first page), and the previous page's cursor (undefined: the first page is
 * the previous one; null: there is none).
 */
export async function usersPagePlace(
  context: AppLoadContext,
  filters: Pick<UserListQuery, "q" | "role">,
  cursor: string | undefined,
  pageSize: number,
) {
  const { db } = context.services;
  const where = userFilter(filters);
  if (!cursor) return { total: await db.user.count({ where }), before: 0, previous: null };
  const [total, before, above] = await Promise.all([
    db.user.count({ where }),
    db.user.count({ where: { AND: [where, upToCursor(cursor)] } }),
    // The page above, read upward from the cursor: one more than a page, to find where it starts.
    db.user.findMany({
      where: { AND: [where, upToCursor(cursor)] },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, createdAt: true },
      take: pageSize + 1,
    }),
  ]);
  const previous = above.length > pageSize ? cursorOf(above[pageSize]!) : undefined;
  return { total, before, previous };
}

/** Who a change to admin would promote, for the page to ask "Make … an admin?" first (docs/product.md#users). */
export interface PromotionToConfirm {
  userId: number;
  name: string;
}

/**
 * A change of `userId` to admin that needs confirming, or null when there is nothing to ask: the
 * admin's own row, an account that is admin already or that does not exist (the change itself
 * answers those).
 */
export async function promotionToConfirm(
  context: AppLoadContext,
  admin: SessionUser,
  userId: number,
): Promise<PromotionToConfirm | null> {
  if (userId === admin.id) return null;
  const user = await context.services.db.user.findUnique({
    where: { id: userId },
    select: { firstName: true, lastName: true, email: true, role: true },
  });
  if (!user || user.role === "admin") return null;
  return { userId, name: `${user.firstName} ${user.lastName}`.trim() || user.email };
}
