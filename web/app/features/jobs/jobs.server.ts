import type { AppLoadContext } from "@remix-run/node";
import type { BookingStatus, Prisma } from "@app/shared/db.server";
import { personName } from "@app/shared/scheduling/technicians";
import { mapSearchUrl } from "@app/shared/business";
import { formatWindowTimes, windowStartingAt } from "@app/shared/scheduling/windows";
import {
  addLocalDays,
  businessDate,
  formatClockWords,
  formatExpectedClock,
  startOfBusinessDay,
} from "@app/shared/time";
import { failure, success, type Result } from "@app/shared/result";
import { idFrom } from "@app/shared/api/values";
import type { z } from "zod";
import type { onTheWayFormSchema, visitStatusFormSchema, workingDaysFormSchema } from "@app/shared/api/technician-day";
import type { SessionUser } from "~/utils/auth.server";
import { ON_THE_WAY_FROM, statusChangeRefusal } from "@app/shared/booking/visit-status";
import { recordOnTheWay, updateBooking } from "@app/shared/booking/change-booking.server";
import { loadTechnicians, saveWorkingDays } from "@app/shared/scheduling/schedule.server";
import { technicianChoices } from "@app/shared/scheduling/technicians";

/**
 * A technician's day (docs/product.md#technicians-day): their visits today in
 * order, then the coming days, and the two changes they make from the field.
 * A technician sees and changes only their own visits; an admin may open any
 * technician's day.
 */

/** How many days after today the page lists. */
const COMING_DAYS = 6;

/**
 * How many days back a visit still open (pending or in progress) stays on the page: a visit
 * running past midnight, or one not marked done yesterday, is still the technician's to finish.
 */
const EARLIER_DAYS = 7;
const OPEN: BookingStatus[] = ["pending", "in_progress"];

const NOT_YOURS = "You can only see and change your own visits.";

export interface Visit {
  id: number;
  /** Its Baton Rouge day, "YYYY-MM-DD". */
  date: string;
  /** "between 8 AM and 10 AM", or "at 9:30 AM (2 hours)" for a visit outside the windows. */
  when: string;
  /** When it starts, as the visits' list shows it: "8 AM", "9:30 AM". */
  startsAt: string;
  summary: string;
  details: string | null;
  priority: "low" | "medium" | "high" | "emergency";
  status: "pending" | "in_progress" | "completed" | "cancelled";
  customerName: string;
  phone: string;
  address: string | null;
  /** A map search for the address. */
  mapUrl: string | null;
  /** When the customer was told the technician is on the way ("9:12 AM"), and the minutes they were told. */
  onTheWay: { at: string; minutes: number } | null;
  /** Whether the customer gets our emails about this visit ("On my way" among them). */
  emailCustomer: boolean;
}

export interface JobsDay {
  /** "YYYY-MM-DD" */
  date: string;
  visits: Visit[];
}

/** Who the page is about, from the viewer and `?technician=`; a 403 or 404 when it may not be shown. */
async function technicianFor(context: AppLoadContext, viewer: SessionUser, requested: string | null) {
  const id = requested === null ? viewer.id : idFrom(requested);
  if (viewer.role === "technician") {
    if (id !== viewer.id) return failure(403, NOT_YOURS);
    return success({ id: viewer.id, name: personName(viewer) });
  }
  // An admin: the technician asked for, or none yet (the page offers the list).
  if (requested === null) return success(null);
  if (id === null) return failure(404, "Technician not found");
  const technician = await context.services.db.user.findFirst({
    where: { id, role: "technician" },
    select: { id: true, firstName: true, lastName: true },
  });
  return technician
    ? success({ id: technician.id, name: personName(technician) })
    : failure(404, "Technician not found");
}

function describeTime(start: Date, durationMinutes: number): string {
  const window = windowStartingAt(start);
  if (window && durationMinutes === (window.end.getTime() - window.start.getTime()) / 60_000)
    return formatWindowTimes(window);
  const hours =
    durationMinutes % 60 === 0
      ? `${durationMinutes / 60} hour${durationMinutes === 60 ? "" : "s"}`
      : `${durationMinutes} minutes`;
  return `at ${formatClockWords(start)} (${hours})`;
}

type BookingRow = Prisma.BookingGetPayload<{ include: { customer: true } }>;

/** A booking as the page shows it. */
function visitOf(b: BookingRow): Visit {
  return {
    id: b.id,
    date: businessDate(b.scheduledDate),
    when: describeTime(b.scheduledDate, b.durationMinutes),
    startsAt: formatClockWords(b.scheduledDate),
    summary: b.summary,
    details: b.details,
    priority: b.priority,
    status: b.status,
    customerName: b.customer.name,
    phone: b.customer.phone,
    address: b.address,
    mapUrl: b.address ? mapSearchUrl(b.address) : null,
    onTheWay:
      b.onTheWayAt && b.onTheWayMinutes ? { at: formatClockWords(b.onTheWayAt), minutes: b.onTheWayMinutes } : null,
    emailCustomer: b.emailCustomer,
  };
}

/** Visits by their day, in the order given. */
function byDay(visits: Visit[]): JobsDay[] {
  const days: JobsDay[] = [];
  for (const visit of visits) {
    const day = days.at(-1);
    if (day?.date === visit.date) day.visits.push(visit);
    else days.push({ date: visit.date, visits: [visit] });
  }
  return days;
}

/**
 * The page's data: the technician's visits from today on, by day (today first, then the six
 * coming days), the visits of the last EARLIER_DAYS days still open, or the technicians for an
 * admin to choose from. "Today" is the business's day when the page is asked for (`now`).
 */
export async function technicianDay(
  context: AppLoadContext,
  viewer: SessionUser,
  requested: string | null,
  now = new Date(),
): Promise<
  Result<{
    technician: { id: number; name: string; workingDays: number[] } | null;
    technicians: Array<{ id: number; name: string }>;
    /** Open visits of the days before today, oldest first, by day. */
    earlier: JobsDay[];
    days: JobsDay[];
    today: string;
  }>
> {
  const { db } = context.services;
  const who = await technicianFor(context, viewer, requested);
  if (!who.ok) return who;
  const today = businessDate(now);
  const technicians = viewer.role === "admin" ? technicianChoices(await loadTechnicians(db)) : [];
  if (!who.value) return success({ technician: null, technicians, earlier: [], days: [], today });

  const technicianId = who.value.id;
  const [user, bookings, stillOpen] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: technicianId }, select: { workingDays: true } }),
    db.booking.findMany({
      where: {
        technicianId,
        status: { not: "cancelled" },
        scheduledDate: { gte: startOfBusinessDay(today), lt: startOfBusinessDay(addLocalDays(today, COMING_DAYS + 1)) },
      },
      include: { customer: true },
      orderBy: [{ scheduledDate: "asc" }, { id: "asc" }],
    }),
    db.booking.findMany({
      where: {
        technicianId,
        status: { in: OPEN },
        scheduledDate: { gte: startOfBusinessDay(addLocalDays(today, -EARLIER_DAYS)), lt: startOfBusinessDay(today) },
      },
      include: { customer: true },
      orderBy: [{ scheduledDate: "asc" }, { id: "asc" }],
    }),
  ]);
  const days: JobsDay[] = Array.from({ length: COMING_DAYS + 1 }, (_, i) => ({
    date: addLocalDays(today, i),
    visits: [],
  }));
  for (const b of bookings) days.find((d) => d.date === businessDate(b.scheduledDate))?.visits.push(visitOf(b));
  return success({
    technician: { ...who.value, workingDays: user.workingDays },
    technicians,
    earlier: byDay(stillOpen.map(visitOf)),
    days,
    today,
  });
}

/**
 * One visit as the page shows it, read again after a form of the page changed it (the answer
 * carries it, so the page shows what the server now holds at once): null when the viewer may not
 * see it (another technician's).
 */
export async function visitOfViewer(context: AppLoadContext, viewer: SessionUser, bookingId: number) {
  const booking = await context.services.db.booking.findUnique({
    where: { id: bookingId },
    include: { customer: true },
  });
  if (!booking || (viewer.role !== "admin" && booking.technicianId !== viewer.id)) return null;
  return visitOf(booking);
}

/** The visit a field action is about, if the viewer may act on it (their own, or any for an admin); else the 404 or 403. */
async function viewersVisit(context: AppLoadContext, viewer: SessionUser, bookingId: number) {
  const booking = await context.services.db.booking.findUnique({
    where: { id: bookingId },
    select: { technicianId: true, status: true, emailCustomer: true, onTheWayAt: true, cancelledByCustomerAt: true },
  });
  if (!booking) return failure(404, "Visit not found");
  if (viewer.role !== "admin" && booking.technicianId !== viewer.id) return failure(403, NOT_YOURS);
  return success(booking);
}

/** Sets one of the technician's visits to in progress or completed (an admin may do it for anyone's). */
export async function setVisitStatus(
  context: AppLoadContext,
  viewer: SessionUser,
  { bookingId, status }: z.output<typeof visitStatusFormSchema>,
) {
  const visit = await viewersVisit(context, viewer, bookingId);
  if (!visit.ok) return visit;
  // The visit's state machine decides (packages/shared/src/booking/visit-status.ts): a technician only starts a
  // visit still pending and completes one in progress; an admin here is staff.
  const updated = await updateBooking(
    context,
    bookingId,
    { status },
    { id: viewer.id, email: viewer.email },
    { by: viewer.role === "admin" ? "staff" : "technician" },
  );
  if (!updated.ok) return updated;
  return success({
    bookingId,
    message: status === "completed" ? `Visit #${bookingId} is completed.` : `Visit #${bookingId} is in progress.`,
  });
}

/** A technician's working days (0 = Sunday); an empty list means they take no visits. */
export async function setWorkingDays(
  context: AppLoadContext,
  viewer: SessionUser,
  { days }: z.output<typeof workingDaysFormSchema>,
) {
  if (viewer.role !== "technician") return failure(403, "Only technicians set their working days.");
  const workingDays = await saveWorkingDays(context.services.db, viewer.id, days);
  return success({ workingDays, message: "Your working days are saved." });
}

/** Visits the customer may still be told the technician is on the way to (the visit's state machine). */
const ANNOUNCEABLE: BookingStatus[] = [...ON_THE_WAY_FROM];
const ALREADY_TOLD = "The customer was already told you're on the way.";

/**
 * "On my way": the customer is emailed at once that the technician arrives in
 * about N minutes, once per visit (`recordOnTheWay`, the booking domain's).
 */
export async function announceOnTheWay(
  context: AppLoadContext,
  viewer: SessionUser,
  { bookingId, minutes }: z.output<typeof onTheWayFormSchema>,
) {
  const visit = await viewersVisit(context, viewer, bookingId);
  if (!visit.ok) return visit;
  const booking = visit.value;
  if (booking.onTheWayAt) return failure(409, ALREADY_TOLD);
  if (booking.status === "cancelled")
    return failure(
      409,
      `${statusChangeRefusal("technician", "cancelled", "in_progress", { cancelledByCustomer: booking.cancelledByCustomerAt !== null })} The customer was not emailed.`,
    );
  if (!ANNOUNCEABLE.includes(booking.status))
    return failure(409, `This visit is ${booking.status.replace(/_/g, " ")}: the customer was not emailed.`);
  if (!booking.emailCustomer) return failure(409, "This customer does not get our emails: call them instead.");
  const told = new Date();
  const announced = await recordOnTheWay(context, bookingId, minutes, { id: viewer.id, email: viewer.email }, told);
  if (!announced) return failure(409, ALREADY_TOLD);
  return success({
    bookingId,
    message: `The customer is being emailed that you'll arrive in about ${minutes} minutes, around ${formatExpectedClock(told, minutes)}.`,
  });
}
