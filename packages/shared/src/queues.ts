import { Queue, type JobsOptions } from "bullmq";
import type { Redis } from "ioredis";
import { defaultJobOptions, jobContracts, queueNames, type JobData, type JobName, type QueueName } from "./jobs";

export type Queues = { [Q in QueueName]: Queue };

export function createQueues(connection: Redis, prefix: string): Queues {
  const entries = queueNames.map((name) => [name, new Queue(name, { connection, prefix: `${prefix}:bull`, defaultJobOptions })]);
  return Object.fromEntries(entries) as Queues;
}

export class EnqueueError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EnqueueError";
  }
}

/**
 * Adds a job after validating its payload against the shared contract. Fails
 * within `timeoutMs` when Redis is unreachable; callers that have already
 * stored their row treat that as "the sweeper will send it later".
 */
export async function enqueue<Q extends QueueName, N extends JobName<Q>>(
  queues: Queues,
  queue: Q,
  name: N,
  data: JobData<Q, N>,
  options: JobsOptions & { jobId: string },
  timeoutMs = 2_000,
) {
  const schema = (jobContracts[queue] as Record<string, { parse(v: unknown): unknown }>)[name];
  if (!schema) throw new EnqueueError(`No job "${name}" on queue "${queue}"`);
  const payload = schema.parse(data);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      queues[queue].add(name, payload, options),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new EnqueueError(`Timed out adding ${queue}/${name}`)), timeoutMs);
      }),
    ]);
  } catch (error) {
    if (error instanceof EnqueueError) throw error;
    throw new EnqueueError(`Could not add ${queue}/${name}: ${(error as Error).message}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
