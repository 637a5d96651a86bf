/**
 * /admin/on-call (docs/product.md#on-call): who is on call now, the shifts from today on, and every staff member's
 * own phone and whether the office's calls ring it; the page's forms (ON_CALL_INTENTS). The writes are
 * @app/shared/calls/on-call.server's, each audited.
 */
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { newShiftSchema, ON_CALL_INTENTS, removeShiftSchema, staffPhoneSchema } from "@app/shared/api/on-call";
import {
  addShift,
  dateOf,
  dayOf,
  onCallAt,
  removeShift,
  setStaffPhone,
  shiftDays,
} from "@app/shared/calls/on-call.server";
import { failure } from "@app/shared/result";
import { personName } from "@app/shared/scheduling/technicians";
import { formatPhone } from "@app/shared/texts/phone";
import { addLocalDays, businessDate } from "@app/shared/time";
import { answer, firstError, intentOf, refused, submissionOf, UNKNOWN_ACTION } from "~/utils/action.server";
import { requireAdmin } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";

/** The rota lists this many shifts ahead (a year of weeks). */
const SHIFTS_SHOWN = 60;

export async function onCallLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const { db } = context.services;
  const today = businessDate();
  const [now, shifts, staff] = await Promise.all([
    onCallAt(db, new Date()),
    db.onCallShift.findMany({
      where: { endsOn: { gte: dateOf(today) } },
      orderBy: { startsOn: "asc" },
      take: SHIFTS_SHOWN,
      include: {
        user: { select: { firstName: true, lastName: true, phone: true } },
        fallback: { select: { firstName: true, lastName: true } },
      },
    }),
    db.user.findMany({
      where: { isActive: true, role: { in: ["admin", "technician"] } },
      orderBy: [{ firstName: "asc" }, { lastName: "asc" }, { id: "asc" }],
      select: { id: true, firstName: true, lastName: true, role: true, phone: true, takesCalls: true },
    }),
  ]);
  return {
    today,
    weekEnd: addLocalDays(today, 6),
    now: {
      first: now.first ? { ...now.first, phone: formatPhone(now.first.phone) } : null,
      then: now.then.map((p) => ({ ...p, phone: formatPhone(p.phone) })),
      fromRota: now.fromRota,
    },
    shifts: shifts.map((s) => {
      const days = { startsOn: dayOf(s.startsOn), endsOn: dayOf(s.endsOn) };
      return {
        id: s.id,
        ...days,
        days: shiftDays(days),
        name: personName(s.user),
        hasPhone: Boolean(s.user.phone),
        fallback: s.fallback ? personName(s.fallback) : null,
      };
    }),
    staff: staff.map((s) => ({
      id: s.id,
      name: personName(s),
      role: s.role,
      phone: s.phone ? formatPhone(s.phone) : "",
      takesCalls: s.takesCalls,
    })),
  };
}

export type OnCallData = Awaited<ReturnType<typeof onCallLoader>>;

/** The page's forms: a shift added or removed, a staff member's phone saved. */
export async function onCallAction(request: Request, context: AppLoadContext) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = intentOf(form);
  if (intent === ON_CALL_INTENTS.add) {
    const submission = submissionOf(form, newShiftSchema);
    if (submission.status !== "success") return refused(submission, { intent });
    return answer(submission, await addShift(context, admin, submission.value), { intent });
  }
  if (intent === ON_CALL_INTENTS.remove) {
    const submission = submissionOf(form, removeShiftSchema);
    if (submission.status !== "success") return refused(submission, { intent, message: firstError(submission) });
    return answer(submission, await removeShift(context, admin, submission.value.shiftId), { intent });
  }
  if (intent === ON_CALL_INTENTS.phone) {
    const submission = submissionOf(form, staffPhoneSchema);
    if (submission.status !== "success") return refused(submission, { intent, message: firstError(submission) });
    return answer(submission, await setStaffPhone(context, admin, submission.value), { intent });
  }
  return answer(null, failure(400, UNKNOWN_ACTION), { intent });
}
