import { POOL_WAIT_MS, type Db, type Prisma } from "./db.server";
import { jobKey, jobs, parseJobData, type JobData, type NotificationKind } from "./jobs";
import type { Logger } from "./logger.server";
import { enqueue, type Queues } from "./queues.server";

/**
 * The notification outbox (docs/decisions/008-notification-outbox.md).
 *
 * Every notification is a row of the Outbox table, written by `outbox.add()`
 * inside the transaction of the business change that causes it: both are
 * stored, or neither. After the commit the relay hands the new rows to BullMQ
 * under their deterministic keys; if Redis cannot take them, the worker's
 * sweeper does once it can. The worker runs a row's handler unless the row
 * was sent or cancelled meanwhile, then records it sent (or its failure).
 */

type Tx = Prisma.TransactionClient;

export interface OutboxEntry {
  key: string;
  kind: NotificationKind;
  payload: unknown;
  availableAt: Date;
  priority: number | null;
}

export interface AddOptions {
  /** Not before this instant (reminders, follow-ups). A new time needs a new key: see jobs.ts. */
  availableAt?: Date;
  /** 1 overtakes everything waiting (emergency alerts). */
  priority?: number;
  /** What it is about, e.g. `booking:12`: `cancel(subject)` drops what is still owed about it. */
  subject?: string;
}

/**
 * Collects the notifications a transaction owes and writes them with one
 * statement at its end (`flush`, called by `withOutbox`): a transaction holds
 * its connection from BEGIN to COMMIT, so every statement saved shortens that.
 */
export class Outbox {
  /** What the transaction added, once flushed (keys that existed already are left out). */
  readonly written: OutboxEntry[] = [];
  private pending: Array<OutboxEntry & { queue: string; subject: string | null }> = [];

  constructor(private readonly tx: Tx) {}

  /** Owes a notification. Adding one whose key exists already is a no-op (returns its key all the same). */
  add<K extends NotificationKind>(kind: K, data: JobData<K>, options: AddOptions = {}): string {
    const payload = parseJobData(kind, data);
    const key = jobKey(kind, payload);
    if (this.pending.some((p) => p.key === key)) return key;
    this.pending.push({
      key,
      kind,
      payload,
      queue: jobs[kind].queue,
      subject: options.subject ?? null,
      availableAt: options.availableAt ?? new Date(),
      priority: options.priority ?? null,
    });
    return key;
  }

  /**
   * Cancels the notifications still owed about a subject (all kinds, or those listed). A listed email's text
   * twin ("visit-text" or "document-text" whose `notice` is that email's kind) is cancelled with it.
   */
  async cancel(subject: string, kinds?: NotificationKind[]): Promise<number> {
    const twinOf = (p: { kind: NotificationKind; payload: unknown }) =>
      p.kind === "visit-text" || p.kind === "document-text" ? (p.payload as { notice: NotificationKind }).notice : null;
    const matches = (p: { subject: string | null; kind: NotificationKind; payload: unknown }) =>
      p.subject === subject && (!kinds || kinds.includes(p.kind) || kinds.includes(twinOf(p)!));
    const dropped = this.pending.filter(matches).length;
    this.pending = this.pending.filter((p) => !matches(p));
    const twins = (kinds ?? []).map((notice) => ({
      kind: { in: ["visit-text", "document-text"] },
      payload: { path: ["notice"], equals: notice },
    }));
    const { count } = await this.tx.outbox.updateMany({
      where: {
        subject,
        sentAt: null,
        cancelledAt: null,
        ...(kinds ? { OR: [{ kind: { in: kinds } }, ...twins] } : {}),
      },
      data: { cancelledAt: new Date() },
    });
    return count + dropped;
  }

  /** Writes what was added (one statement); part of the transaction. */
  async flush(): Promise<void> {
    if (!this.pending.length) return;
    const rows = this.pending;
    this.pending = [];
    const created = await this.tx.outbox.createManyAndReturn({
      data: rows.map((r) => ({
        key: r.key,
        kind: r.kind,
        queue: r.queue,
        payload: r.payload as Prisma.InputJsonValue,
        subject: r.subject,
        priority: r.priority,
        availableAt: r.availableAt,
      })),
      skipDuplicates: true,
      select: { key: true },
    });
    const fresh = new Set(created.map((c) => c.key));
    for (const { key, kind, payload, availableAt, priority } of rows) {
      if (fresh.has(key)) this.written.push({ key, kind, payload, availableAt, priority });
    }
  }
}

export interface OutboxDeps {
  db: Db;
  queues: Queues;
  logger: Pick<Logger, "warn">;
}

/**
 * How long a change may wait for a database connection, and run. Prisma's
 * defaults (2 s and 5 s) fail requests with a 500 when a burst queues them
 * behind the pool; a transaction waits as long as a single query would.
 */
const TRANSACTION_LIMITS = { maxWait: POOL_WAIT_MS, timeout: 20_000 };

/**
 * The one way to make a change that owes notifications: `work` runs in a
 * transaction with an outbox bound to it; after the commit what it added is
 * relayed to BullMQ, or left to the sweeper when Redis cannot take it.
 */
export async function withOutbox<T>(deps: OutboxDeps, work: (tx: Tx, outbox: Outbox) => Promise<T>): Promise<T> {
  let outbox: Outbox | undefined;
  const result = await deps.db.$transaction(async (tx) => {
    // A fresh outbox per attempt: only the attempt that commits is relayed.
    outbox = new Outbox(tx);
    const result = await work(tx, outbox);
    await outbox.flush();
    return result;
  }, TRANSACTION_LIMITS);
  if (outbox?.written.length) await relay(deps, outbox.written);
  return result;
}

/**
 * What a change made for a request needs: the database, the queues its notifications are relayed
 * to, and the request's log and id. The web's load context (web/app/context.ts) has this shape, so
 * a route passes its `context` as it is.
 */
export interface ChangeContext {
  services: { db: Db; queues: Queues };
  logger: Pick<Logger, "warn">;
  requestId?: string;
}

/** `withOutbox` for a change made for a request. */
export function inTransaction<T>(context: ChangeContext, work: (tx: Tx, outbox: Outbox) => Promise<T>): Promise<T> {
  const { db, queues } = context.services;
  return withOutbox({ db, queues, logger: context.logger }, work);
}

/**
 * Hands rows to BullMQ (delayed ones with their delay). Never throws: the
 * sweeper retries. Returns the keys it could not hand over (none when Redis took them all).
 */
export async function relay(deps: OutboxDeps, entries: readonly OutboxEntry[]): Promise<string[]> {
  const now = Date.now();
  const results = await Promise.allSettled(
    entries.map((e) =>
      enqueue(deps.queues, e.kind, e.payload as JobData<typeof e.kind>, {
        delay: Math.max(0, e.availableAt.getTime() - now),
        priority: e.priority ?? undefined,
      }),
    ),
  );
  const failed = results.flatMap((r, i) => {
    if (r.status !== "rejected") return [];
    const reason: unknown = r.reason;
    return [{ key: entries[i]!.key, err: reason instanceof Error ? reason.message : String(reason) }];
  });
  if (failed.length) {
    deps.logger.warn(
      { keys: failed.map((f) => f.key), err: failed[0]!.err },
      "notifications stored; relay left to the sweeper",
    );
  }
  return failed.map((f) => f.key);
}

/**
 * Re-relays what is owed and due but not sent: rows the relay could not hand
 * over (Redis down), and rows whose job was lost. The ids are the same, so a
 * row whose job is still queued or running is not queued twice.
 */
export async function sweepOutbox(
  deps: Omit<OutboxDeps, "logger">,
  options: { graceMs: number; batch?: number },
): Promise<number> {
  const cutoff = new Date(Date.now() - options.graceMs);
  const rows = await deps.db.outbox.findMany({
    where: { sentAt: null, cancelledAt: null, failedAt: null, availableAt: { lte: cutoff } },
    select: { kind: true, payload: true, priority: true },
    orderBy: { availableAt: "asc" },
    take: options.batch ?? 200,
  });
  for (const row of rows) {
    const kind = row.kind as NotificationKind;
    await enqueue(deps.queues, kind, row.payload as JobData<typeof kind>, { priority: row.priority ?? undefined });
  }
  return rows.length;
}

/**
 * Whether the worker should run a row's job now: not sent, not cancelled, not
 * missing, and due (`early` with the instant it is due otherwise: a job that
 * reached the worker before its time, say re-added without its delay, waits).
 */
export async function outboxRowOwed(
  db: Db,
  key: string,
  now = new Date(),
): Promise<{ state: "owed" | "sent" | "cancelled" | "missing" } | { state: "early"; availableAt: Date }> {
  const row = await db.outbox.findUnique({
    where: { key },
    select: { sentAt: true, cancelledAt: true, availableAt: true },
  });
  if (!row) return { state: "missing" };
  if (row.sentAt) return { state: "sent" };
  if (row.cancelledAt) return { state: "cancelled" };
  if (row.availableAt > now) return { state: "early", availableAt: row.availableAt };
  return { state: "owed" };
}

/**
 * A row whose send is held back (the visitor email cap): owed again from `until`, so neither
 * BullMQ nor the sweeper runs it before then.
 */
export async function delayOutboxRow(db: Db, key: string, until: Date): Promise<void> {
  await db.outbox.updateMany({ where: { key, sentAt: null }, data: { availableAt: until } });
}

export async function markOutboxSent(db: Db, key: string): Promise<void> {
  await db.outbox.updateMany({ where: { key, sentAt: null }, data: { sentAt: new Date(), failedAt: null } });
}

/** A failed run: counted, its error kept; `final` when BullMQ will not try again. */
export async function recordOutboxFailure(
  db: Db,
  key: string,
  failure: { attempts: number; error: string; final: boolean },
) {
  await db.outbox.updateMany({
    where: { key, sentAt: null },
    data: {
      attempts: failure.attempts,
      lastError: failure.error.slice(0, 1_000),
      ...(failure.final ? { failedAt: new Date() } : {}),
    },
  });
}
