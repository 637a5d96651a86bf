/**
 * The dashboard's day (docs/product.md#dashboard): today's visits by technician, the requests still
 * to be placed, the open emergencies (bookings and leads) and this week's numbers. Each part is one
 * indexed query, all sent at once; lists are bounded, so the page costs the same with 100,000 bookings.
 */
import type { AppLoadContext } from "@remix-run/node";
import { describeVisitTime } from "@app/shared/booking/visits";
import { inboxItemHref } from "@app/shared/emergency-leads";
import { formatWindowRange, windowStartingAt } from "@app/shared/scheduling/windows";
import { businessWeek, endOfBusinessDay, formatTime, startOfBusinessDay } from "@app/shared/time";

/** At most this many of today's visits are listed (a day has far fewer); the rest are counted. */
const TODAY_LIMIT = 200;
/** Each of the other lists shows this many, soonest (or newest) first, and counts the rest. */
const LIST_LIMIT = 10;
const SUMMARY_MAX = 140;

/** Still to be done: neither completed nor cancelled. */
const OPEN_STATUSES = ["pending", "in_progress"] as const;

const clip = (text: string) => (text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1)}…` : text);

const visitSelect = {
  id: true,
  summary: true,
  status: true,
  priority: true,
  scheduledDate: true,
  technicianId: true,
  technician: { select: { firstName: true, lastName: true } },
  customer: { select: { name: true, phone: true } },
} as const;

type VisitRow = {
  id: number;
  summary: string;
  status: "pending" | "in_progress" | "completed" | "cancelled";
  priority: "low" | "medium" | "high" | "emergency";
  scheduledDate: Date;
  technicianId: number | null;
  technician: { firstName: string; lastName: string } | null;
  customer: { name: string; phone: string };
};

/** A visit as the dashboard lists it; `when` is the arrival window ("10 AM – 12 PM") or the time, or the day too. */
function visitItem(row: VisitRow, withDay: boolean) {
  const window = windowStartingAt(row.scheduledDate);
  const when = withDay
    ? describeVisitTime(row).label
    : window
      ? formatWindowRange(window)
      : formatTime(row.scheduledDate);
  return {
    id: row.id,
    href: `/admin/bookings/${row.id}`,
    when,
    summary: clip(row.summary),
    status: row.status,
    emergency: row.priority === "emergency",
    customerName: row.customer.name,
    customerPhone: row.customer.phone,
  };
}

export type DashboardVisit = ReturnType<typeof visitItem>;

/** Today's visits (not cancelled, placed) in time order, one group per technician, the unassigned apart. */
function byTechnician(rows: VisitRow[]) {
  const groups = new Map<number, { technicianId: number; name: string; visits: DashboardVisit[] }>();
  const unassigned: DashboardVisit[] = [];
  for (const row of rows) {
    const item = visitItem(row, false);
    if (row.technicianId === null || !row.technician) {
      unassigned.push(item);
      continue;
    }
    const group = groups.get(row.technicianId) ?? {
      technicianId: row.technicianId,
      name: `${row.technician.firstName} ${row.technician.lastName}`.trim(),
      visits: [],
    };
    group.visits.push(item);
    groups.set(row.technicianId, group);
  }
  const technicians = [...groups.values()].sort((a, b) => a.name.localeCompare(b.name));
  return { technicians, unassigned };
}

/** The week's figures, in one statement: each count reads an index of its own. */
async function weekNumbers(context: AppLoadContext, now: Date) {
  const { from, to } = businessWeek(now);
  const [row] = await context.services.db.$queryRaw<
    Array<{ booked: bigint; completed: bigint; cancelled: bigint; leads: bigint }>
  >`
    select
      (select count(*) from "Booking" where "createdAt" >= ${from} and "createdAt" < ${to}) as booked,
      (select count(*) from "Booking" where "scheduledDate" >= ${from} and "scheduledDate" < ${to}
          and status = 'completed') as completed,
      (select count(*) from "Booking" where "scheduledDate" >= ${from} and "scheduledDate" < ${to}
          and status = 'cancelled') as cancelled,
      (select count(*) from "ContactMessage" where "createdAt" >= ${from} and "createdAt" < ${to})
        + (select count(*) from "AppointmentRequest" where "createdAt" >= ${from} and "createdAt" < ${to}) as leads`;
  return {
    booked: Number(row?.booked ?? 0),
    completed: Number(row?.completed ?? 0),
    cancelled: Number(row?.cancelled ?? 0),
    leads: Number(row?.leads ?? 0),
  };
}

/** Emergency contact messages and chats nobody has marked handled yet, newest first. */
async function openEmergencyLeads(context: AppLoadContext) {
  const { db } = context.services;
  const [contacts, chats] = await Promise.all([
    db.contactMessage.findMany({
      where: { emergency: true, handledAt: null },
      orderBy: { createdAt: "desc" },
      take: LIST_LIMIT,
      select: { id: true, firstName: true, lastName: true, phone: true, message: true, createdAt: true },
    }),
    db.chatSession.findMany({
      where: { emergencyAt: { not: null }, handledAt: null },
      orderBy: { emergencyAt: "desc" },
      take: LIST_LIMIT,
      select: {
        id: true,
        emergencyAt: true,
        appointmentRequests: { orderBy: { id: "desc" }, take: 1, select: { customerName: true, customerPhone: true } },
      },
    }),
  ]);
  const leads = [
    ...contacts.map((c) => ({
      key: `contact:${c.id}`,
      kind: "contact" as const,
      name: `${c.firstName} ${c.lastName}`.trim(),
      phone: c.phone,
      summary: clip(c.message),
      at: c.createdAt,
      href: inboxItemHref("contact", c.id),
    })),
    ...chats.map((s) => ({
      key: `chat:${s.id}`,
      kind: "chat" as const,
      name: s.appointmentRequests[0]?.customerName ?? "Website chat visitor",
      phone: s.appointmentRequests[0]?.customerPhone ?? null,
      summary: "An emergency in the chat: open it to take the conversation over.",
      at: s.emergencyAt!,
      href: inboxItemHref("chat", s.id),
    })),
  ];
  return leads.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, LIST_LIMIT);
}

/** Everything the top of the dashboard shows, for the Baton Rouge day of `now`. */
export async function dashboardToday(context: AppLoadContext, now = new Date()) {
  const { db } = context.services;
  const open = { status: { in: [...OPEN_STATUSES] } };
  const toPlace = { needsPlacing: true, ...open };
  const emergencies = { priority: "emergency" as const, ...open };
  const [today, placing, placingCount, emergencyBookings, emergencyCount, leads, week] = await Promise.all([
    db.booking.findMany({
      where: {
        scheduledDate: { gte: startOfBusinessDay(now), lt: endOfBusinessDay(now) },
        status: { not: "cancelled" },
        needsPlacing: false,
      },
      orderBy: [{ scheduledDate: "asc" }, { id: "asc" }],
      take: TODAY_LIMIT,
      select: visitSelect,
    }),
    db.booking.findMany({ where: toPlace, orderBy: { scheduledDate: "asc" }, take: LIST_LIMIT, select: visitSelect }),
    db.booking.count({ where: toPlace }),
    db.booking.findMany({
      where: emergencies,
      orderBy: { scheduledDate: "asc" },
      take: LIST_LIMIT,
      select: visitSelect,
    }),
    db.booking.count({ where: emergencies }),
    openEmergencyLeads(context),
    weekNumbers(context, now),
  ]);
  return {
    today: { ...byTechnician(today), more: today.length === TODAY_LIMIT },
    toPlace: { visits: placing.map((r) => visitItem(r, true)), total: placingCount },
    emergencies: {
      bookings: emergencyBookings.map((r) => visitItem(r, true)),
      bookingTotal: emergencyCount,
      leads,
    },
    week,
  };
}

export type DashboardToday = Awaited<ReturnType<typeof dashboardToday>>;
