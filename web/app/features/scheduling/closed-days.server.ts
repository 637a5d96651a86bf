/**
 * Closed days for the office (docs/product.md#closed-days): the list that /admin/closures and
 * GET /api/closures show (each upcoming closure with the visits already on it, for the office to
 * move), and the page's Add and Remove forms. The closures are written by
 * @app/shared/scheduling/closures.server (the same functions POST and DELETE /api/closures call).
 */
import { CLOSURE_INTENTS } from "./closures-intents";
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { closureDateSchema, newClosureSchema } from "@app/shared/api/scheduling";
import type { Reader } from "@app/shared/db.server";
import { failure } from "@app/shared/result";
import { addClosure, removeClosure } from "@app/shared/scheduling/closures.server";
import { personName } from "@app/shared/scheduling/technicians";
import { businessDate, endOfBusinessDay, formatLocalDate, startOfBusinessDay } from "@app/shared/time";
import { answer, firstError, intentOf, refused, submissionOf, UNKNOWN_ACTION } from "~/utils/action.server";
import { requireAdmin } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";

/**
 * The closures from `from` (today unless given) to `to` (no end unless given), in date order, each
 * with who added it and its visits that are not cancelled (by time). Two queries, whatever the range.
 */
export async function listClosures(db: Reader, range: { from?: string; to?: string } = {}) {
  const from = range.from ?? businessDate();
  const closures = await db.closure.findMany({
    where: { removedAt: null, date: range.to ? { gte: from, lte: range.to } : { gte: from } },
    orderBy: { date: "asc" },
    select: {
      date: true,
      reason: true,
      holiday: true,
      createdAt: true,
      addedBy: { select: { id: true, firstName: true, lastName: true } },
    },
  });
  const visits = closures.length
    ? await db.booking.findMany({
        where: {
          status: { not: "cancelled" },
          OR: closures.map((c) => ({
            scheduledDate: { gte: startOfBusinessDay(c.date), lt: endOfBusinessDay(c.date) },
          })),
        },
        orderBy: [{ scheduledDate: "asc" }, { id: "asc" }],
        select: {
          id: true,
          summary: true,
          status: true,
          priority: true,
          scheduledDate: true,
          customer: { select: { name: true } },
          technician: { select: { firstName: true, lastName: true } },
        },
      })
    : [];
  return closures.map((c) => ({
    date: c.date,
    reason: c.reason,
    holiday: c.holiday,
    addedBy: c.addedBy ? { id: c.addedBy.id, name: personName(c.addedBy) } : null,
    createdAt: c.createdAt.toISOString(),
    visits: visits
      .filter((v) => businessDate(v.scheduledDate) === c.date)
      .map((v) => ({
        id: v.id,
        summary: v.summary,
        status: v.status,
        priority: v.priority,
        scheduledDate: v.scheduledDate.toISOString(),
        customerName: v.customer.name,
        technicianName: v.technician ? personName(v.technician) : null,
      })),
  }));
}

export type ClosureListing = Awaited<ReturnType<typeof listClosures>>[number];

/**
 * /admin/closures' forms: `intent=add-closure` (date, reason: newClosureSchema) and
 * `intent=remove-closure` (date). Each answers the one ActionResult, with the refusal's status.
 */
export async function closuresAction(request: Request, context: AppLoadContext) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = intentOf(form);
  if (intent === CLOSURE_INTENTS.add) {
    const submission = submissionOf(form, newClosureSchema);
    if (submission.status !== "success") return refused(submission, { intent });
    const added = await addClosure(context, admin, submission.value);
    return answer(submission, added, {
      intent,
      message: ({ closure }) => `Closed on ${formatLocalDate(closure.date)} (${closure.reason}).`,
    });
  }
  if (intent === CLOSURE_INTENTS.remove) {
    const submission = submissionOf(form, closureDateSchema);
    if (submission.status !== "success") return refused(submission, { intent, message: firstError(submission) });
    const removed = await removeClosure(context, admin, submission.value.date);
    return answer(submission, removed, {
      intent,
      message: ({ closure }) => `Open again on ${formatLocalDate(closure.date)}.`,
    });
  }
  return answer(null, failure(400, UNKNOWN_ACTION), { intent });
}

/** /admin/closures' data: the closed days from today, with the visits already on each. */
export async function closuresLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return { today: businessDate(), closures: await listClosures(context.services.db) };
}
