import type { AppLoadContext } from "@remix-run/node";
import type { UserListQuery } from "@app/shared/api/admin";
import { toApiUser, type SessionUser } from "~/utils/auth.server";
import { sessionUserColumns as userColumns } from "@app/shared/sessions.server";
import { USERS_PER_PAGE } from "@app/shared/api/limits";

/** Which accounts `q` and `role` keep: each word of `q` in a name or the email, and the one role. */
function userFilter(query: UserListQuery) {
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

/** Every account, newest first; `q` keeps those whose first name, last name, full name or email holds it. */
export async function listUsers(context: AppLoadContext, query: UserListQuery = {}) {
  const users = await context.services.db.user.findMany({
    where: userFilter(query),
    orderBy: NEWEST_FIRST,
    select: userColumns,
  });
  return users.map(toApiUser);
}

/**
 * One page of the accounts `listUsers` would give (`page` from 1), and how many there are in all:
 * what /admin/users shows, so an office with thousands of customer accounts gets a page it can read.
 */
export async function listUsersPage(context: AppLoadContext, query: UserListQuery, page: number) {
  const { db } = context.services;
  const where = userFilter(query);
  const [total, users] = await Promise.all([
    db.user.count({ where }),
    db.user.findMany({
      where,
      orderBy: NEWEST_FIRST,
      select: userColumns,
      skip: (page - 1) * USERS_PER_PAGE,
      take: USERS_PER_PAGE,
    }),
  ]);
  return { total, users: users.map(toApiUser) };
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
