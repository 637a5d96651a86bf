import type { AppLoadContext } from "@remix-run/node";
import { queueNames, type QueueName } from "@app/shared/jobs";

export interface QueueState {
  name: QueueName;
  counts: { waiting: number; active: number; delayed: number; failed: number; completed: number };
  failed: Array<{ id: string; name: string; failedReason: string; attemptsMade: number; finishedOn: string | null; data: string }>;
}

/** What each queue holds now, with its most recent failures (kept after the last attempt). */
export async function queueStates(context: AppLoadContext): Promise<QueueState[] | null> {
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
          failed: failed.filter(Boolean).map((job) => ({
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

export function isQueueName(value: unknown): value is QueueName {
  return typeof value === "string" && (queueNames as string[]).includes(value);
}
