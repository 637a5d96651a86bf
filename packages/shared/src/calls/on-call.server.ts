import { recordAudit } from "../audit-log.server";
import type { Db, Reader } from "../db.server";
import { inTransaction, type ChangeContext } from "../outbox.server";
import { failure, success, type Result } from "../result";
import { personName } from "../scheduling/technicians";
import { formatPhone } from "../texts/phone";
import { businessDate, formatLocalDate } from "../time";

/**
 * Who is on call for emergencies at an instant (docs/product.md#on-call): the shift of that Baton Rouge day (its
 * person, then its fallback), and with no shift, or nobody in it able to take a call, the active admins. Only
 * active staff with a phone of their own can be called or texted; the rest are skipped. The rota is written here
 * too (/admin/on-call), each change audited.
 */
export interface OnCallPerson {
  id: number;
  name: string;
  phone: string;
}

export interface OnCall {
  /** Who is called and paged first: the shift's person, else the first admin with a phone. */
  first: OnCallPerson | null;
  /** Who is called next when the first does not answer: the shift's fallback, else the (other) admins. */
  then: OnCallPerson[];
  /** Whether a shift covers the day (false: the admins, by default). */
  fromRota: boolean;
}

const staffSelect = { id: true, firstName: true, lastName: true, phone: true, isActive: true, role: true } as const;
type Staff = { id: number; firstName: string; lastName: string; phone: string | null; isActive: boolean; role: string };

function reachable(user: Staff | null | undefined): OnCallPerson | null {
  if (!user || !user.isActive || user.role === "customer" || !user.phone) return null;
  return { id: user.id, name: personName(user), phone: user.phone };
}

/** A shift's day as stored (a DATE column, read as UTC midnight) and as a local date, "YYYY-MM-DD". */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);
export const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** The shift covering this instant's Baton Rouge day, if any. */
export function shiftOn(db: Db, at: Date) {
  const day = dateOf(businessDate(at));
  return db.onCallShift.findFirst({
    where: { startsOn: { lte: day }, endsOn: { gte: day } },
    include: { user: { select: staffSelect }, fallback: { select: staffSelect } },
  });
}

export async function onCallAt(db: Db, at: Date): Promise<OnCall> {
  const shift = await shiftOn(db, at);
  const admins = (
    await db.user.findMany({
      where: { role: "admin", isActive: true, phone: { not: null } },
      select: staffSelect,
      orderBy: { id: "asc" },
    })
  )
    .map(reachable)
    .filter((p): p is OnCallPerson => p !== null);
  const primary = reachable(shift?.user);
  const fallback = reachable(shift?.fallback);
  const first = primary ?? fallback ?? admins[0] ?? null;
  const then = (primary && fallback ? [fallback] : admins).filter((p) => p.id !== first?.id);
  return { first, then, fromRota: Boolean(shift) };
}

/** Who changes the rota: the admin signed in. */
interface Actor {
  id: number;
  email: string;
}

/** "on Tue, Dec 1" or "from Tue, Dec 1 to Mon, Dec 7". */
export function shiftDays(shift: { startsOn: string; endsOn: string }): string {
  return shift.startsOn === shift.endsOn
    ? `on ${formatLocalDate(shift.startsOn)}`
    : `from ${formatLocalDate(shift.startsOn)} to ${formatLocalDate(shift.endsOn)}`;
}

/** Active staff (admins and technicians) who can be on call or a fallback. */
async function activeStaff(db: Reader, ids: number[]) {
  return db.user.findMany({
    where: { id: { in: ids }, isActive: true, role: { in: ["admin", "technician"] } },
    select: { id: true, firstName: true, lastName: true, phone: true },
  });
}

/**
 * Puts someone on call for whole days (and their fallback). Refused when one of them is not active staff, or when
 * someone is on call on one of those days already (409): one rota, decided in turn (a lock), the table's exclusion
 * constraint behind it.
 */
export async function addShift(
  context: ChangeContext,
  actor: Actor,
  input: { userId: number; fallbackId?: number; startsOn: string; endsOn: string },
): Promise<Result<{ message: string }>> {
  return inTransaction(context, async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('on-call-rota'))`;
    const ids = [input.userId, ...(input.fallbackId ? [input.fallbackId] : [])];
    const people = await activeStaff(tx, ids);
    const person = people.find((p) => p.id === input.userId);
    if (!person) return failure(400, "Choose an active staff member.", { errors: { userId: "Not active staff" } });
    if (input.fallbackId && !people.some((p) => p.id === input.fallbackId))
      return failure(400, "Choose an active staff member as the fallback.", {
        errors: { fallbackId: "Not active staff" },
      });
    const clash = await tx.onCallShift.findFirst({
      where: { startsOn: { lte: dateOf(input.endsOn) }, endsOn: { gte: dateOf(input.startsOn) } },
      include: { user: { select: { firstName: true, lastName: true } } },
      orderBy: { startsOn: "asc" },
    });
    if (clash) {
      const message = `${personName(clash.user)} is on call ${shiftDays({ startsOn: dayOf(clash.startsOn), endsOn: dayOf(clash.endsOn) })}: remove that shift first.`;
      return failure(409, message, { errors: { startsOn: message } });
    }
    const shift = await tx.onCallShift.create({
      data: {
        userId: input.userId,
        fallbackId: input.fallbackId ?? null,
        startsOn: dateOf(input.startsOn),
        endsOn: dateOf(input.endsOn),
      },
    });
    const days = shiftDays(input);
    await recordAudit(tx, {
      actor,
      action: "on_call.shift_added",
      targetType: "on_call_shift",
      targetId: shift.id,
      details: { name: personName(person), days },
    });
    const warning = person.phone ? "" : ` They have no phone on file: add it below, or the admins are called.`;
    return success({ message: `${personName(person)} is on call ${days}.${warning}` });
  });
}

/** Takes a shift off the rota (its days fall back to the admins). */
export async function removeShift(
  context: ChangeContext,
  actor: Actor,
  shiftId: number,
): Promise<Result<{ message: string }>> {
  return inTransaction(context, async (tx) => {
    const shift = await tx.onCallShift.findUnique({
      where: { id: shiftId },
      include: { user: { select: { firstName: true, lastName: true } } },
    });
    if (!shift) return failure(404, "That shift was removed already.");
    await tx.onCallShift.delete({ where: { id: shiftId } });
    const days = shiftDays({ startsOn: dayOf(shift.startsOn), endsOn: dayOf(shift.endsOn) });
    await recordAudit(tx, {
      actor,
      action: "on_call.shift_removed",
      targetType: "on_call_shift",
      targetId: shiftId,
      details: { name: personName(shift.user), days },
    });
    return success({ message: `${personName(shift.user)} is no longer on call ${days}.` });
  });
}

/** A staff member's own phone (E.164, or none) and whether the office's calls ring it in office hours. */
export async function setStaffPhone(
  context: ChangeContext,
  actor: Actor,
  input: { userId: number; phone?: string; takesCalls: boolean },
): Promise<Result<{ message: string }>> {
  return inTransaction(context, async (tx) => {
    const [person] = await activeStaff(tx, [input.userId]);
    if (!person) return failure(404, "That staff member was not found.");
    const phone = input.phone ?? null;
    const user = await tx.user.update({
      where: { id: input.userId },
      data: { phone, takesCalls: input.takesCalls },
      select: { email: true },
    });
    await recordAudit(tx, {
      actor,
      action: "user.phone_changed",
      targetType: "user",
      targetId: input.userId,
      details: { email: user.email, phone, takesCalls: input.takesCalls },
    });
    const rings = input.takesCalls ? " The office's calls ring it." : "";
    return success({
      message: phone
        ? `Saved ${personName(person)}'s phone, ${formatPhone(phone)}.${rings}`
        : `${personName(person)} has no phone now.`,
    });
  });
}
