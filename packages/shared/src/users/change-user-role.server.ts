import { recordAudit } from "../audit-log.server";
import { OVERTAKEN, untilNotOvertaken } from "../conditional-update";
import type { Db, Role } from "../db.server";
import type { Logger } from "../logger.server";
import { failure, success, type Result } from "../result";
import { sessionUserColumns as userColumns } from "../sessions.server";
import { toApiUser, type SessionUser } from "./user-json";

/**
 * What a role change needs: the database, the log, and a way to take a former admin's open pages out
 * of the staff room (the web's load context has this shape, so a route passes its `context` as it is).
 */
interface RoleChangeContext {
  services: {
    db: Db;
    logger: Pick<Logger, "info">;
    revokeStaffSockets: (who: { userId: number }) => void;
  };
}

const ROLE_CHANGED_MESSAGE = "User role updated successfully.";

/** An admin sets another user's role; their own is refused (docs/product.md#users). */
export async function changeUserRole(
  context: RoleChangeContext,
  admin: SessionUser,
  userId: number,
  role: Role,
): Promise<Result<{ user: ReturnType<typeof toApiUser>; message: string }>> {
  if (userId === admin.id) return failure(403, "You cannot change your own role.");
  const { db, logger } = context.services;
  // A conditional update: the role it replaces is the one it read, so the audit entry and the
  // decision to revoke staff sockets can never rest on a role another admin changed meanwhile.
  const changed = await db.$transaction((tx) =>
    untilNotOvertaken(`user ${userId}`, async () => {
      const existing = await tx.user.findUnique({ where: { id: userId }, select: { role: true } });
      if (!existing) return null;
      // A calendar feed is an admin's: losing the role revokes it for good, in the same write (a later
      // promotion does not bring the old address back; the admin makes a new one).
      const written = await tx.user.updateMany({
        where: { id: userId, role: existing.role },
        data: { role, ...(role !== "admin" ? { calendarFeedId: null } : {}) },
      });
      if (written.count !== 1) return OVERTAKEN;
      const updated = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: userColumns });
      if (existing.role !== role) {
        await recordAudit(tx, {
          actor: admin,
          action: "user.role_changed",
          targetType: "user",
          targetId: userId,
          details: { from: existing.role, to: role, email: updated.email },
        });
      }
      return { from: existing.role, user: updated };
    }),
  );
  if (!changed) return failure(404, "User not found");
  logger.info({ adminId: admin.id, userId, from: changed.from, to: role }, "user role changed");
  // A former admin's open pages stop hearing bookings and emergencies at once, not at their next reconnect.
  if (changed.from === "admin" && role !== "admin") context.services.revokeStaffSockets({ userId });
  return success({ user: toApiUser(changed.user), message: ROLE_CHANGED_MESSAGE });
}
