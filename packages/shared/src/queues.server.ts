import { Queue, type JobsOptions } from "bullmq";
import type { Redis } from "ioredis";
import {
  defaultJobOptions,
  jobKey,
  jobPriority,
  jobs,
  parseJobData,
  queueNames,
  type JobData,
  type JobKind,
  type QueueName,
} from "./jobs";

export type Queues = { [Q in QueueName]: Queue };

/** How long a Queue whose start failed waits before it is replaced. */
const RESTART_PAUSE_MS = 500;

/**
 * One BullMQ Queue per queue name on a shared fast-fail connection.
 *
 * A Queue checks the server once when it is made (it waits for the connection,
 * then asks Redis for its version). If Redis drops in that instant, BullMQ
 * keeps the failure for good: every later `add` rejects with it, and leads
 * would wait for the sweeper until the process restarts. So a Queue whose
 * start failed is replaced by a fresh one once the connection is ready again
 * (after a short pause, never in a tight loop); callers always read
 * `queues[name]` at the time they use it.
 */
/** Where a replaced queue is reported (the process's logger). */
export interface QueueRestartLog {
  warn(details: { queue: QueueName; err: string }, message: string): void;
}

export function createQueues(connection: Redis, prefix: string, log?: QueueRestartLog): Queues {
  const queues = {} as Queues;
  const open = (name: QueueName) => {
    const queue = new Queue(name, { connection, prefix: `${prefix}:bull`, defaultJobOptions });
    // Errors of the shared connection are logged by its owner; without a listener an "error" event would throw.
    queue.on("error", () => {});
    queues[name] = queue;
    queue.waitUntilReady().catch(async (error: Error) => {
      // A pause first: the connection may still call itself ready while its socket is already gone,
      // and retrying at once would spin without letting it notice.
      await new Promise((resolve) => setTimeout(resolve, RESTART_PAUSE_MS).unref());
      if (queues[name] !== queue || connection.status === "end") return;
      if (connection.status !== "ready") await new Promise((resolve) => connection.once("ready", resolve));
      if (queues[name] !== queue) return;
      open(name);
      log?.warn({ queue: name, err: error.message }, "queue restarted after Redis dropped while it started");
      queue.close().catch(() => {});
    });
  };
  for (const name of queueNames) open(name);
  return queues;
}

export class EnqueueError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EnqueueError";
  }
}

/**
 * Adds a job after validating its payload against its contract, under the id
 * the contract derives from it (a second add of the same work is a no-op), in
 * its kind's place in line unless `priority` says otherwise (emergencies).
 * Fails within `timeoutMs` when Redis is unreachable. Notifications do not
 * call this directly: they go through the outbox (packages/shared/src/outbox.server.ts).
 */
export async function enqueue<K extends JobKind>(
  queues: Queues,
  kind: K,
  data: JobData<K>,
  options: Pick<JobsOptions, "delay" | "priority"> & { timeoutMs?: number } = {},
) {
  const { queue } = jobs[kind];
  const payload = parseJobData(kind, data);
  const { timeoutMs = 2_000, ...jobOptions } = options;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      queues[queue].add(kind, payload, {
        ...jobOptions,
        priority: jobOptions.priority ?? jobPriority(kind),
        jobId: jobKey(kind, payload),
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new EnqueueError(`Timed out adding ${queue}/${kind}`)), timeoutMs);
      }),
    ]);
  } catch (error) {
    if (error instanceof EnqueueError) throw error;
    throw new EnqueueError(`Could not add ${queue}/${kind}: ${(error as Error).message}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
