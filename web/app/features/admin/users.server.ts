import type { AppLoadContext } from "@remix-run/node";
import type { Role } from "@app/shared/db";
import { toApiUser, type SessionUser } from "~/utils/auth.server";
import { recordAudit } from "./audit.server";

export async function listUsers(context: AppLoadContext) {
  const users = await context.services.db.user.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, firstName: true, lastName: true, email: true, role: true, isActive: true, createdAt: true, lastLogin: true },
  });
  return users.map(toApiUser);
}

export type RoleChangeResult =
  | { ok: true; user: ReturnType<typeof toApiUser> }
  | { ok: false; status: 403 | 404; message: string };

/** An admin sets another user's role; their own is refused (spec §4, DESIGN §8). */
export async function changeUserRole(context: AppLoadContext, admin: SessionUser, userId: number, role: Role): Promise<RoleChangeResult> {
  if (userId === admin.id) return { ok: false, status: 403, message: "You cannot change your own role." };
  const { db, logger } = context.services;
  const existing = await db.user.findUnique({ where: { id: userId }, select: { id: true, role: true } });
  if (!existing) return { ok: false, status: 404, message: "User not found" };
  const user = await db.$transaction(async (tx) => {
    const updated = await tx.user.update({
      where: { id: userId },
      data: { role },
      select: { id: true, firstName: true, lastName: true, email: true, role: true, isActive: true, createdAt: true, lastLogin: true },
    });
    if (existing.role !== role) {
      await recordAudit(tx, { actor: admin, action: "user.role_changed", targetType: "user", targetId: userId, details: { from: existing.role, to: role, email: updated.email } });
    }
    return updated;
  });
  logger.info({ adminId: admin.id, userId, from: existing.role, to: role }, "user role changed");
  // A former admin's open pages stop hearing bookings and emergencies at once, not at their next reconnect.
  if (existing.role === "admin" && role !== "admin") context.services.revokeStaffSockets({ userId });
  return { ok: true, user: toApiUser(user) };
}
