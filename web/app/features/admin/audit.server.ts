import type { AppLoadContext } from "@remix-run/node";

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
