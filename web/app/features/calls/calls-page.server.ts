/**
 * /admin/calls (docs/product.md#calls): every call to the business's number, newest first, or only those still to
 * call back; who called (their record, when the number matched one), answered or missed, the text-back, the booking
 * that followed, the text thread; and the "Called back" button. The write is @app/shared/calls/calls.server's.
 */
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { calledBackFormSchema } from "@app/shared/api/calls";
import { markCalledBack, TO_CALL_BACK } from "@app/shared/calls/calls.server";
import type { Prisma, Reader } from "@app/shared/db.server";
import { personName } from "@app/shared/scheduling/technicians";
import { formatPhone, textablePhone } from "@app/shared/texts/phone";
import { textThreadKey } from "@app/shared/texts/webhooks.server";
import { answer, firstError, readSubmission, refused } from "~/utils/action.server";
import { requireAdmin } from "~/utils/auth.server";

const CALLS_PER_PAGE = 50;
/** The dashboard's Today lists this many calls to return, newest first, and counts the rest. */
const TODAY_LIMIT = 10;

export type CallsShown = "all" | "to-call-back";

const callSelect = {
  id: true,
  phone: true,
  outcome: true,
  afterHours: true,
  textBack: true,
  emergencyAt: true,
  createdAt: true,
  calledBackAt: true,
  bookingId: true,
  customer: { select: { id: true, name: true } },
  calledBackBy: { select: { firstName: true, lastName: true } },
} satisfies Prisma.PhoneCallSelect;

type CallRow = Prisma.PhoneCallGetPayload<{ select: typeof callSelect }>;

/** A call as the pages show it: what happened, in words the office reads, and where to go next. */
function callItem(row: CallRow, threads: Set<string>) {
  const number = textablePhone(row.phone);
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    phone: number ? formatPhone(number) : "Number withheld",
    tel: number,
    customer: row.customer,
    outcome: row.outcome,
    afterHours: row.afterHours,
    emergency: row.emergencyAt !== null,
    textBack: row.textBack,
    bookingId: row.bookingId,
    thread: number && threads.has(number) ? `/admin/inbox?item=${encodeURIComponent(textThreadKey(number))}` : null,
    toCallBack: row.outcome === "missed" && !row.calledBackAt && row.bookingId === null,
    calledBack: row.calledBackAt
      ? { at: row.calledBackAt.toISOString(), by: row.calledBackBy ? personName(row.calledBackBy) : null }
      : null,
  };
}

export type CallItem = ReturnType<typeof callItem>;

/** The calls' rows with which of their numbers have a text thread (one query for the page). */
async function withThreads(db: Reader, rows: CallRow[]) {
  const numbers = [...new Set(rows.map((r) => textablePhone(r.phone)).filter((n): n is string => n !== null))];
  const threads = numbers.length
    ? await db.textThread.findMany({ where: { phone: { in: numbers } }, select: { phone: true } })
    : [];
  const known = new Set(threads.map((t) => t.phone));
  return rows.map((row) => callItem(row, known));
}

/** A page of calls, newest first: all of them, or those still to call back. */
async function listCalls(db: Reader, { shown, page }: { shown: CallsShown; page: number }) {
  const where = shown === "to-call-back" ? TO_CALL_BACK : {};
  const [total, toCallBack] = await Promise.all([
    db.phoneCall.count({ where }),
    db.phoneCall.count({ where: TO_CALL_BACK }),
  ]);
  const pages = Math.max(1, Math.ceil(total / CALLS_PER_PAGE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await db.phoneCall.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (current - 1) * CALLS_PER_PAGE,
    take: CALLS_PER_PAGE,
    select: callSelect,
  });
  return { calls: await withThreads(db, rows), total, toCallBack, page: current, pages };
}

/** The dashboard's "Calls to return": the newest missed calls still to call back, and how many there are. */
export async function callsToReturn(db: Reader) {
  const [rows, total] = await Promise.all([
    db.phoneCall.findMany({
      where: TO_CALL_BACK,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: TODAY_LIMIT,
      select: callSelect,
    }),
    db.phoneCall.count({ where: TO_CALL_BACK }),
  ]);
  return { calls: await withThreads(db, rows), total };
}

export async function callsLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const shown: CallsShown = params.get("show") === "to-call-back" ? "to-call-back" : "all";
  const page = Number.parseInt(params.get("page") ?? "1", 10) || 1;
  return { shown, ...(await listCalls(context.services.db, { shown, page })) };
}

/** "Called back" (calledBackFormSchema); every outcome is shown on the page. */
export async function callsAction(request: Request, context: AppLoadContext) {
  const admin = await requireAdmin(request, context);
  const { submission } = await readSubmission(request, calledBackFormSchema);
  if (submission.status !== "success") return refused(submission, { message: firstError(submission) });
  return answer(submission, await markCalledBack(context, admin, submission.value.callId), {
    intent: "called-back",
  });
}
