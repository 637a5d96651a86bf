/**
 * The dashboard's day (docs/product.md#dashboard): today's visits by technician, the requests still
 * to be placed, the open emergencies (bookings and leads), the missed calls to return, the plan visits the worker could
 * not place (docs/product.md#plans) and this week's numbers. Each part is one
 * indexed query, all sent at once; lists are bounded, so the page costs the same with 100,000 bookings.
 */
import type { AppLoadContext } from "@remix-run/node";
import { describeVisitTime } from "@app/shared/booking/visits";
import { inboxItemHref } from "@app/shared/emergency-leads";
import { acknowledgeEmergencyLeads } from "@app/shared/emergency-leads.server";
import { leadKey } from "@app/shared/lead-keys";
import { groupLeads, type OpenLead } from "./emergency-groups";
import { callsToReturn } from "~/features/calls/public.server";
import { listVisitsToPlace } from "@app/shared/plans/plan-visits.server";
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

/** The most open emergency leads of each kind the dashboard reads to group (a flood from one visitor is one row). */
const LEADS_READ = 50;

/** A lead as the page receives it: no email or browser (they only tell people apart, on the server). */
const forPage = ({ email: _email, browser: _browser, ...lead }: OpenLead) => lead;

/**
 * The open emergency leads (contact messages and chats nobody has marked handled in the inbox nor
 * dismissed here), one row per person (./emergency-groups.ts): who (where known), what they said, their
 * phone, newest first; ten rows at most, and how many leads are open in all. Each kind is one bounded,
 * indexed read; a chat's words are its visitor's message that read as the emergency (the last one
 * before it was raised).
 */
async function openEmergencyLeads(context: AppLoadContext) {
  const { db } = context.services;
  const [contacts, chats, [counted]] = await Promise.all([
    db.contactMessage.findMany({
      where: { emergency: true, handledAt: null, emergencyAcknowledgedAt: null },
      orderBy: { createdAt: "desc" },
      take: LEADS_READ,
      select: { id: true, firstName: true, lastName: true, email: true, phone: true, message: true, createdAt: true },
    }),
    db.$queryRaw<
      Array<{
        id: string;
        at: Date;
        ip: string | null;
        userAgent: string | null;
        said: string | null;
        name: string | null;
        phone: string | null;
        email: string | null;
      }>
    >`
      SELECT s.id, s."emergencyAt" AS at, s.ip, s."userAgent", m.message AS said,
             r."customerName" AS name, r."customerPhone" AS phone, r."customerEmail" AS email
        FROM "ChatSession" s
        LEFT JOIN LATERAL (
          SELECT message FROM "ChatMessage"
           WHERE "sessionId" = s.id AND sender = 'user'
           ORDER BY ("createdAt" <= s."emergencyAt") DESC, "createdAt" DESC
           LIMIT 1) m ON TRUE
        LEFT JOIN LATERAL (
          SELECT "customerName", "customerPhone", "customerEmail" FROM "AppointmentRequest"
           WHERE "chatSessionId" = s.id ORDER BY id DESC LIMIT 1) r ON TRUE
       WHERE s."emergencyAt" IS NOT NULL AND s."handledAt" IS NULL AND s."emergencyAcknowledgedAt" IS NULL
       ORDER BY s."emergencyAt" DESC
       LIMIT ${LEADS_READ}`,
    db.$queryRaw<Array<{ n: number }>>`
      SELECT (SELECT count(*) FROM "ContactMessage"
               WHERE emergency AND "handledAt" IS NULL AND "emergencyAcknowledgedAt" IS NULL)::int
           + (SELECT count(*) FROM "ChatSession"
               WHERE "emergencyAt" IS NOT NULL AND "handledAt" IS NULL AND "emergencyAcknowledgedAt" IS NULL)::int AS n`,
  ]);
  const leads: OpenLead[] = [
    ...contacts.map((c) => ({
      key: leadKey("contact", c.id),
      kind: "contact" as const,
      name: `${c.firstName} ${c.lastName}`.trim(),
      phone: c.phone,
      email: c.email,
      browser: null,
      said: clip(c.message),
      at: c.createdAt.toISOString(),
      href: inboxItemHref("contact", c.id),
    })),
    ...chats.map((s) => ({
      key: leadKey("chat", s.id),
      kind: "chat" as const,
      name: s.name,
      phone: s.phone,
      email: s.email,
      browser: s.ip || s.userAgent ? `${s.ip ?? ""} ${s.userAgent ?? ""}` : null,
      said: s.said ? clip(s.said) : null,
      at: s.at.toISOString(),
      href: inboxItemHref("chat", s.id),
    })),
  ];
  const groups = groupLeads(leads, LIST_LIMIT).map((g) => ({
    ...g,
    latest: forPage(g.latest),
    earlier: g.earlier.map(forPage),
  }));
  return { groups, total: counted?.n ?? 0 };
}

/** Everything the top of the dashboard shows, for the Baton Rouge day of `now`. */
export async function dashboardToday(context: AppLoadContext, now = new Date()) {
  const { db } = context.services;
  const open = { status: { in: [...OPEN_STATUSES] } };
  const toPlace = { needsPlacing: true, ...open };
  const emergencies = { priority: "emergency" as const, ...open };
  const [today, placing, placingCount, emergencyBookings, emergencyCount, leads, week, calls, planVisits] =
    await Promise.all([
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
      callsToReturn(db),
      listVisitsToPlace(db, LIST_LIMIT + 1),
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
    calls,
    /** Plan visits with no open window near their date (the first ten; `more` when there are others). */
    planVisits: { visits: planVisits.slice(0, LIST_LIMIT), more: planVisits.length > LIST_LIMIT },
  };
}

export type DashboardToday = Awaited<ReturnType<typeof dashboardToday>>;

/** The dashboard's Dismiss: the leads' alerts acknowledged (stored, audited, told to every staff page). */
export function dismissEmergencyAlerts(
  context: AppLoadContext,
  admin: { id: number; email: string },
  leads: readonly string[],
) {
  return acknowledgeEmergencyLeads(context, admin, leads);
}
