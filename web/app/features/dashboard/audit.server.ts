import type { AppLoadContext } from "@remix-run/node";
import { mergeUndoStates } from "@app/shared/booking/merge-undo.server";

/**
 * The newest audit entries, for the dashboard and `GET /api/admin/audit`; a customer merge carries
 * its Undo state (`undo`: the kept record and until when it can be undone, or why not).
 */
export async function recentAudit(context: AppLoadContext, limit = 20) {
  const { db } = context.services;
  const rows = await db.auditLog.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  const undo = await mergeUndoStates(db, rows);
  return rows.map((r) => ({
    id: r.id,
    actorEmail: r.actorEmail,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    details: r.details as Record<string, unknown> | null,
    createdAt: r.createdAt.toISOString(),
    undo: undo[r.id] ?? null,
  }));
}

export type AuditJson = Awaited<ReturnType<typeof recentAudit>>[number];
