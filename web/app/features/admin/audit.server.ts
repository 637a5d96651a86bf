import type { AppLoadContext } from "@remix-run/node";
import type { Prisma } from "@app/shared/db.server";

export interface AuditEntry {
  actor: { id: number; email: string } | null;
  action:
    | "user.role_changed"
    | "booking.status_changed"
    | "booking.technician_changed"
    | "booking.rescheduled"
    | "booking.on_the_way"
    | "booking.confirmation_resent"
    | "customer.merged";
  targetType: "user" | "booking" | "customer";
  targetId: string | number;
  details: Prisma.InputJsonValue;
}

type Tx = Pick<Prisma.TransactionClient, "auditLog">;

/** Records a staff change (who, what, when), in the caller's transaction when given one. */
export function recordAudit(db: Tx, entry: AuditEntry) {
  return db.auditLog.create({
    data: {
      actorId: entry.actor?.id ?? null,
      actorEmail: entry.actor?.email ?? "system",
      action: entry.action,
      targetType: entry.targetType,
      targetId: String(entry.targetId),
      details: entry.details,
    },
  });
}

/** The newest audit entries, for the dashboard. */
export async function recentAudit(context: AppLoadContext, limit = 20) {
  const rows = await context.services.db.auditLog.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map((r) => ({
    id: r.id,
    actorEmail: r.actorEmail,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    details: r.details as Record<string, unknown> | null,
    createdAt: r.createdAt.toISOString(),
  }));
}

export type AuditJson = Awaited<ReturnType<typeof recentAudit>>[number];
