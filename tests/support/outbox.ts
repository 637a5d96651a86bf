import type { Db } from "@app/shared/db.server";
import { jobKey, type JobData, type NotificationKind } from "@app/shared/jobs";

/** When the worker recorded a notification as sent; null while it is still owed (or was never written). */
export async function notificationSentAt<K extends NotificationKind>(
  db: Db,
  kind: K,
  data: JobData<K>,
): Promise<Date | null> {
  const row = await db.outbox.findUnique({ where: { key: jobKey(kind, data) }, select: { sentAt: true } });
  return row?.sentAt ?? null;
}
