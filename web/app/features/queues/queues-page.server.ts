import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/utils/auth.server";
import { jobs, queueNames, type NotificationKind, type QueueName } from "@app/shared/jobs";
import { relay } from "@app/shared/outbox.server";

export interface QueueState {
  name: QueueName;
  counts: { waiting: number; active: number; delayed: number; failed: number; completed: number };
  failed: Array<{
    id: string;
    name: string;
    failedReason: string;
    attemptsMade: number;
    finishedOn: string | null;
    data: string;
  }>;
}

/**
 * What each queue holds now, with its most recent failures (kept after the
 * last attempt) of the jobs that are not notifications: failed notifications
 * are shown and retried from the outbox (outboxState).
 */
async function queueStates(context: AppLoadContext): Promise<QueueState[] | null> {
  try {
    return await Promise.all(
      queueNames.map(async (name) => {
        const queue = context.services.queues[name];
        const counts = await queue.getJobCounts("waiting", "active", "delayed", "failed", "completed", "prioritized");
        const failed = await queue.getFailed(0, 19);
        return {
          name,
          counts: {
            waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
            active: counts.active ?? 0,
            delayed: counts.delayed ?? 0,
            failed: counts.failed ?? 0,
            completed: counts.completed ?? 0,
          },
          failed: failed
            .filter((job) => job && !isNotificationJob(job.name))
            .map((job) => ({
              id: String(job.id),
              name: job.name,
              failedReason: job.failedReason ?? "",
              attemptsMade: job.attemptsMade,
              finishedOn: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
              data: JSON.stringify(job.data),
            })),
        };
      }),
    );
  } catch (error) {
    context.logger.warn({ err: (error as Error).message }, "queue state unavailable");
    return null;
  }
}

/** Puts a failed job back in line (it keeps its id, so it still cannot run twice). */
export async function retryFailedJob(context: AppLoadContext, queueName: QueueName, jobId: string): Promise<boolean> {
  const job = await context.services.queues[queueName].getJob(jobId);
  if (!job || !(await job.isFailed())) return false;
  await job.retry("failed");
  context.logger.info({ queue: queueName, jobId }, "failed job retried by staff");
  return true;
}

/** How far back the queues page counts what was sent and what was cancelled: the last day's flow, not the table's history. */
const OUTBOX_RECENT_HOURS = 24;

export interface OutboxState {
  /** `sent` and `cancelled`: in the last OUTBOX_RECENT_HOURS hours (every one ever grows with the years, and so would the page). */
  counts: { pending: number; scheduled: number; sent: number; failed: number; cancelled: number };
  /** The hours `sent` and `cancelled` count back. */
  recentHours: number;
  /** When the oldest notification still owed was due (null when none is). */
  oldestPendingSince: string | null;
  failed: Array<{
    key: string;
    queue: string;
    kind: string;
    lastError: string;
    attempts: number;
    failedAt: string | null;
  }>;
}

/** The notification outbox (from PostgreSQL, so it is shown even while Redis is down). */
async function outboxState(context: AppLoadContext): Promise<OutboxState> {
  const { db } = context.services;
  const now = new Date();
  const since = new Date(now.getTime() - OUTBOX_RECENT_HOURS * 3_600_000);
  const owed = { sentAt: null, cancelledAt: null, failedAt: null };
  // Each count reads one index range (the owed rows', the sent ones' since, the failed ones', the cancelled ones' since).
  const [pending, scheduled, sent, failed, cancelled, oldest, failures] = await Promise.all([
    db.outbox.count({ where: { ...owed, availableAt: { lte: now } } }),
    db.outbox.count({ where: { ...owed, availableAt: { gt: now } } }),
    db.outbox.count({ where: { sentAt: { gte: since } } }),
    db.outbox.count({ where: { sentAt: null, failedAt: { not: null } } }),
    db.outbox.count({ where: { sentAt: null, cancelledAt: { gte: since } } }),
    db.outbox.findFirst({
      where: { ...owed, availableAt: { lte: now } },
      orderBy: { availableAt: "asc" },
      select: { availableAt: true },
    }),
    db.outbox.findMany({ where: { sentAt: null, failedAt: { not: null } }, orderBy: { failedAt: "desc" }, take: 50 }),
  ]);
  return {
    counts: { pending, scheduled, sent, failed, cancelled },
    recentHours: OUTBOX_RECENT_HOURS,
    oldestPendingSince: oldest?.availableAt.toISOString() ?? null,
    failed: failures.map((row) => ({
      key: row.key,
      queue: row.queue,
      kind: row.kind,
      lastError: row.lastError ?? "",
      attempts: row.attempts,
      failedAt: row.failedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Sends a notification that failed for good once more: the row is owed again,
 * and its job (same id) is put back in line, or handed over by the outbox's relay if
 * Redis no longer has it (as after a commit: what Redis cannot take is left to the sweeper).
 */
export async function retryNotification(context: AppLoadContext, key: string): Promise<boolean> {
  const { db, queues } = context.services;
  const row = await db.outbox.findUnique({ where: { key } });
  if (!row || row.sentAt || !row.failedAt) return false;
  await db.outbox.update({ where: { key }, data: { failedAt: null } });
  const kind = row.kind as NotificationKind;
  const job = await queues[jobs[kind].queue].getJob(key);
  if (job && (await job.isFailed())) await job.retry("failed");
  else if (!job) {
    const left = await relay({ db, queues, logger: context.logger }, [
      { key, kind, payload: row.payload, availableAt: row.availableAt, priority: row.priority },
    ]);
    // Owed again all the same: the sweeper relays it once Redis takes it.
    if (left.length) throw new Error(`notification ${key} left to the sweeper`);
  }
  context.logger.info({ key }, "failed notification retried by staff");
  return true;
}

/** Whether a job's kind goes through the outbox (its failures are shown and retried there). */
const isNotificationJob = (name: string) =>
  Object.hasOwn(jobs, name) && jobs[name as keyof typeof jobs].delivery === "outbox";

/** /admin/queues' data: the outbox's notifications (from PostgreSQL) and each queue's jobs (from Redis, null while it is down). */
export async function queuesLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [outbox, queues] = await Promise.all([outboxState(context), queueStates(context)]);
  return { outbox, queues };
}
