/**
 * Closed days, written (docs/product.md#closed-days): the business's holidays added for every year
 * the schedule reaches, and the closures an admin adds and removes, each audited. The schedule reads
 * them with `loadClosures` (./schedule.server.ts); the holidays' dates are ./closures.ts.
 *
 * A removed closure keeps its row with `removedAt` set: the holidays are added with "insert, do
 * nothing on conflict", so a holiday an admin removed is never brought back by the next year's run.
 */
import { recordAudit } from "../audit-log.server";
import type { Reader } from "../db.server";
import type { ChangeContext } from "../outbox.server";
import { failure, success, type Result } from "../result";
import { closedDayWords, holidaysOf, holidayYears, type ClosedDay } from "./closures";
import { lockSchedule } from "./schedule-lock.server";

/**
 * Adds the holidays of this year and of each year the booking horizon reaches; those already
 * there, or removed by an admin, are left as they are. Idempotent: `npm run setup` (every
 * environment) and the worker (on start, then daily) call it. How many it added.
 */
export async function ensureHolidays(db: Reader, now = new Date()): Promise<number> {
  const data = holidayYears(now)
    .flatMap(holidaysOf)
    .map((h) => ({ date: h.date, reason: h.reason, holiday: true, createdAt: now }));
  const { count } = await db.closure.createMany({ data, skipDuplicates: true });
  return count;
}

/** Who changes the closures: the admin signed in. */
interface Actor {
  id: number;
  email: string;
}

/** A closure as the admin API answers it. */
export interface ClosureRecord extends ClosedDay {
  createdAt: Date;
  addedById: number | null;
}

/**
 * An admin closes a day: a new closure, or one removed earlier written afresh (its new reason, by
 * this admin). A day already closed is refused (409, on the date field). One statement decides,
 * so two admins adding the same day at once get one closure and one refusal.
 */
export async function addClosure(
  context: ChangeContext,
  actor: Actor,
  input: { date: string; reason: string },
  now = new Date(),
): Promise<Result<{ closure: ClosureRecord }>> {
  const { db } = context.services;
  const added = await db.$transaction(async (tx) => {
    // In turn with every write that holds a window: a customer's visit in flight is either written
    // before the day closes (and listed on it for the office to move) or refused with the closure.
    await lockSchedule(tx);
    const [row] = await tx.$queryRaw<ClosureRecord[]>`
      INSERT INTO "Closure" ("date", "reason", "holiday", "addedById", "createdAt")
      VALUES (${input.date}, ${input.reason}, false, ${actor.id}, ${now})
      ON CONFLICT ("date") DO UPDATE
        SET "reason" = EXCLUDED."reason", "holiday" = false, "addedById" = EXCLUDED."addedById",
            "createdAt" = EXCLUDED."createdAt", "removedAt" = NULL
        WHERE "Closure"."removedAt" IS NOT NULL
      RETURNING "date", "reason", "holiday", "addedById", "createdAt"`;
    if (!row) return null;
    await recordAudit(tx, {
      actor,
      action: "closure.added",
      targetType: "closure",
      targetId: row.date,
      details: { reason: row.reason },
    });
    return row;
  });
  if (added) return success({ closure: added }, 201);
  const existing = await db.closure.findUnique({ where: { date: input.date } });
  const message = existing ? `${closedDayWords(existing)} already` : "That day is already closed";
  return failure(409, message, { errors: { date: message } });
}

/** An admin opens a closed day again (404 when it is not closed). The row stays, marked removed. */
export async function removeClosure(
  context: ChangeContext,
  actor: Actor,
  date: string,
  now = new Date(),
): Promise<Result<{ closure: ClosedDay }>> {
  const { db } = context.services;
  const removed = await db.$transaction(async (tx) => {
    const closure = await tx.closure.findFirst({
      where: { date, removedAt: null },
      select: { date: true, reason: true, holiday: true },
    });
    if (!closure) return null;
    const written = await tx.closure.updateMany({ where: { date, removedAt: null }, data: { removedAt: now } });
    if (written.count !== 1) return null;
    await recordAudit(tx, {
      actor,
      action: "closure.removed",
      targetType: "closure",
      targetId: date,
      details: { reason: closure.reason, holiday: closure.holiday },
    });
    return closure;
  });
  return removed ? success({ closure: removed }) : failure(404, "No closure on that day");
}
