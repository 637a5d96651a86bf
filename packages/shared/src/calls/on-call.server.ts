import type { Db } from "../db.server";
import { businessDate } from "../time";

/**
 * Who is on call for emergencies at an instant (docs/product.md#on-call): the shift of that Baton Rouge day (its
 * person, then its fallback), and with no shift, or nobody in it able to take a call, the active admins. Only
 * active staff with a phone of their own can be called or texted; the rest are skipped.
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
  return { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), phone: user.phone };
}

/** The shift covering this instant's Baton Rouge day, if any. */
export function shiftOn(db: Db, at: Date) {
  const day = new Date(`${businessDate(at)}T00:00:00Z`);
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
