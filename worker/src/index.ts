import { Emitter } from "@socket.io/redis-emitter";
import { Worker } from "bullmq";
import { createDb } from "@app/shared/db.server";
import { createMailer, EmailSendError } from "@app/shared/email/send.server";
import { createTextSender } from "@app/shared/texts/text-sender.server";
import { configureBusinessFacts } from "@app/shared/business";
import { loadEnv } from "@app/shared/env.server";
import { isJobKind, jobs, queueNames } from "@app/shared/jobs";
import { createLogger } from "@app/shared/logger.server";
import { delayOutboxRow, markOutboxSent, outboxRowOwed, recordOutboxFailure } from "@app/shared/outbox.server";
import { createQueues } from "@app/shared/queues.server";
import { realtimeKey } from "@app/shared/realtime";
import { createBlockingRedis, createFastFailRedis } from "@app/shared/redis.server";
import { HeldBack, visitorEmailCap } from "@app/shared/visitor-email-cap.server";
import { DelayedError, UnrecoverableError } from "bullmq";
import type { WorkerContext } from "./worker-context";
import { dispatch } from "./registry";
import { startSweeper } from "./sweeper";
import { startHolidays } from "./holidays";
import { startMembershipSweep } from "./memberships";
import { startPlanVisitPlacer } from "./processors/plan-visits";

const env = await loadEnv();
configureBusinessFacts(env.BUSINESS);
const logger = createLogger(env, "worker");
// Chat replies run 64 at a time and each makes a few quick queries: a pool too small makes them queue.
const db = createDb(env.DATABASE_URL, { max: 20 });
const connection = createBlockingRedis(env.REDIS_URL);
const emitterRedis = createBlockingRedis(env.REDIS_URL, { enableAutoPipelining: true });
const producerRedis = createFastFailRedis(env.REDIS_URL);
for (const r of [connection, emitterRedis, producerRedis]) r.on("error", () => {});

const ctx: WorkerContext = {
  env,
  logger,
  db,
  mailer: createMailer({
    db,
    logger,
    transport: env.EMAIL_TRANSPORT,
    apiKey: env.RESEND_API_KEY,
    baseUrl: env.RESEND_BASE_URL,
    from: env.EMAIL_FROM,
    // Email bodies carry reset links: only a developer's own terminal may show them.
    logBodies: env.NODE_ENV === "development",
  }),
  texts: createTextSender({ env, db, logger }),
  emitter: new Emitter(emitterRedis, { key: realtimeKey(env.REDIS_PREFIX) }),
  queues: createQueues(producerRedis, env.REDIS_PREFIX, logger),
  visitorEmails: visitorEmailCap(producerRedis, env.REDIS_PREFIX, env.ANON_REQUESTS_PER_HOUR),
};

/**
 * Jobs at once per queue. Chat replies are short and I/O-bound: many at once keeps the first
 * streamed text quick under load. An email job mostly waits on the provider's answer (100 to 300 ms
 * over the internet): five at once capped a process at about 15 emails a second, and a burst of
 * bookings queued behind them for minutes (docs/benchmarks.md, "Email latency under load").
 */
const concurrency: Record<string, number> = { email: env.EMAIL_CONCURRENCY, chat: 64, notifications: 10 };
/**
 * The provider's rate limit, kept by BullMQ in Redis for every worker process together: sends wait
 * their turn instead of being refused with a 429 and retried with a growing backoff.
 */
const limiter: Partial<Record<string, { max: number; duration: number }>> = {
  email: env.EMAIL_SENDS_PER_SECOND > 0 ? { max: env.EMAIL_SENDS_PER_SECOND, duration: 1_000 } : undefined,
};

const workers = queueNames.map((queue) => {
  const worker = new Worker(
    queue,
    async (job, token) => {
      const log = logger.child({
        queue,
        job: job.name,
        jobId: job.id,
        requestId: (job.data as { requestId?: string }).requestId,
      });
      const kind = job.name;
      if (!isJobKind(kind) || jobs[kind].queue !== queue)
        throw new UnrecoverableError(`No job "${kind}" on queue "${queue}"`);
      // A notification runs only while its outbox row is owed: not sent already, not cancelled since.
      const outboxKey = jobs[kind].delivery === "outbox" ? job.id! : null;
      try {
        if (outboxKey) {
          const owed = await outboxRowOwed(db, outboxKey);
          if (owed.state === "early") {
            // Never before its time (a reminder at 9:00 is not sent at 8:59): back to waiting until then.
            await job.moveToDelayed(owed.availableAt.getTime(), token);
            throw new DelayedError();
          }
          if (owed.state !== "owed") return { skipped: owed.state };
        }
        const result = await dispatch({ ...ctx, logger: log }, kind, job.data);
        if (outboxKey) await markOutboxSent(db, outboxKey);
        log.debug({ result }, "job done");
        return result;
      } catch (error) {
        if (error instanceof DelayedError) throw error;
        if (error instanceof HeldBack && outboxKey) {
          // The visitors' hourly email cap is spent, or the email must follow another not sent yet (a review
          // request its visit's invoice): held, not dropped; it goes when it may.
          log.info({ until: error.until.toISOString(), why: error.message }, "email held back");
          await delayOutboxRow(db, outboxKey, error.until);
          await job.moveToDelayed(error.until.getTime(), token);
          throw new DelayedError();
        }
        if (error instanceof EmailSendError && error.rateLimitedForMs !== null) {
          // The provider's limit was reached all the same (another sender on the account): the job waits as long
          // as the provider asks, without spending an attempt, and every worker holds off its next sends as long
          // (BullMQ keeps that pause where a limiter is set: EMAIL_SENDS_PER_SECOND).
          const until = Date.now() + error.rateLimitedForMs;
          log.info({ waitMs: error.rateLimitedForMs }, "email provider rate limit reached; sending waits");
          await ctx.queues[queue].rateLimit(error.rateLimitedForMs);
          await job.moveToDelayed(until, token);
          throw new DelayedError();
        }
        const final =
          error instanceof UnrecoverableError ||
          (error instanceof EmailSendError && !error.retryable) ||
          job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        log.warn({ err: (error as Error).message, attempt: job.attemptsMade + 1 }, "job failed");
        if (outboxKey) {
          await recordOutboxFailure(db, outboxKey, {
            attempts: job.attemptsMade + 1,
            error: (error as Error).message,
            final,
          }).catch(() => {});
        }
        if (error instanceof EmailSendError && !error.retryable) throw new UnrecoverableError(error.message);
        throw error;
      }
    },
    {
      connection,
      prefix: `${env.REDIS_PREFIX}:bull`,
      concurrency: concurrency[queue] ?? 5,
      limiter: limiter[queue],
      lockDuration: env.JOB_LOCK_MS,
      stalledInterval: Math.max(1_000, Math.floor(env.JOB_LOCK_MS / 2)),
    },
  );
  worker.on("error", (error) => logger.debug({ err: error.message, queue }, "worker connection error"));
  worker.on("failed", (job, error) => {
    if (job && job.attemptsMade >= (job.opts.attempts ?? 1))
      logger.error({ queue, job: job.name, jobId: job.id, err: error.message }, "job failed for good");
  });
  return worker;
});

const sweeper = startSweeper(ctx);
const holidays = startHolidays(ctx);
const memberships = startMembershipSweep(ctx);
const planVisits = startPlanVisitPlacer(ctx);
logger.info({ queues: queueNames }, "worker started");

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "worker shutting down; finishing jobs in flight");
  const force = setTimeout(() => {
    logger.warn("shutdown timed out; exiting");
    process.exit(1);
  }, 20_000);
  force.unref();
  await Promise.all([sweeper.stop(), holidays.stop(), memberships.stop(), planVisits.stop()]);
  await Promise.allSettled(workers.map((w) => w.close()));
  await Promise.allSettled(Object.values(ctx.queues).map((q) => q.close()));
  await db.$disconnect();
  for (const r of [connection, emitterRedis, producerRedis]) r.disconnect();
  logger.info("worker stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
