import { business, chatServiceOptions, type BusinessFacts } from "../business";
import { formatWindow, formatWindowRange, windowStartingAt } from "../scheduling/windows";
import {
  addLocalDays,
  businessDate,
  formatClockWords,
  formatFullDateTime,
  formatLocalDate,
  localWeekday,
  requireBusinessInstant,
  slotEnd,
  WEEKDAYS,
} from "../time";

/**
 * The rules about a visit (docs/product.md#the-customers-loop): when it counts
 * as scheduled, when its reminder is due, when its links stop working, how
 * emails name its time, and where a request nobody placed yet waits. Pure: the
 * booking changes (./change-booking.server.ts) and the worker's emails both read it.
 */

export interface VisitState {
  status: string;
  scheduledDate: Date;
  durationMinutes: number;
  needsPlacing: boolean;
}

/** Not cancelled and not done: the visit is still going to happen (or is happening). */
export const isLive = (v: Pick<VisitState, "status">) => v.status !== "cancelled" && v.status !== "completed";

/** A visit with a time the customer was told: live and placed (a window chosen, or a time staff set). */
export const isScheduled = (v: Pick<VisitState, "status" | "needsPlacing">) => isLive(v) && !v.needsPlacing;

/** When the visit is over: its links stop working then. */
export const visitEnd = (v: Pick<VisitState, "scheduledDate" | "durationMinutes">) =>
  slotEnd(v.scheduledDate, v.durationMinutes);

/** `hour`:00 in Baton Rouge on the day before the visit's Baton Rouge date. */
export function reminderDueAt(visitStart: Date, hour: number): Date {
  return requireBusinessInstant(addLocalDays(businessDate(visitStart), -1), hour * 60);
}

/** When the visit's reminder is owed, or null (not scheduled, started already, or that moment has passed). */
export function reminderFor(v: VisitState, hour: number, now: Date): Date | null {
  if (!isScheduled(v) || v.status !== "pending") return null;
  const due = reminderDueAt(v.scheduledDate, hour);
  return due > now ? due : null;
}

/** "Tuesday, Dec 8, 10 AM – 12 PM" for a visit in an arrival window, else its start ("Tuesday, December 8, 2026 at 3:30 PM"). */
export function describeVisitTime(v: Pick<VisitState, "scheduledDate">): { label: string; isWindow: boolean } {
  const window = windowStartingAt(v.scheduledDate);
  return window
    ? { label: formatWindow(window), isWindow: true }
    : { label: formatFullDateTime(v.scheduledDate), isWindow: false };
}

/**
 * A visit's time as the staff pages show it, from its schedule alone (never from text written when it
 * was booked, which a move leaves behind): its Baton Rouge day ("Wednesday, December 2, 2026") and its
 * arrival window ("12 PM – 2 PM") or, at an exact time, from its start to its end ("8 PM – 10 PM").
 */
export function visitSchedule(v: Pick<VisitState, "scheduledDate" | "durationMinutes">): {
  day: string;
  /** "Arrival window" or "Time". */
  label: string;
  time: string;
} {
  const window = windowStartingAt(v.scheduledDate);
  const day = formatLocalDate(businessDate(v.scheduledDate));
  if (window) return { day, label: "Arrival window", time: formatWindowRange(window) };
  return {
    day,
    label: "Time",
    time: `${formatClockWords(v.scheduledDate)} – ${formatClockWords(visitEnd(v))}`,
  };
}

/** What a customer is told the visit is for when its summary names none of our services. */
export const GENERAL_SERVICE: (typeof chatServiceOptions)[number] = "General Electrical Service";

/**
 * The service a customer is told a visit is for (emails, calendar files, the manage page, the
 * portal): one of our fixed service names, never staff's words (docs/product.md#the-customers-loop).
 * A request's summary is its service (from the fixed list); a summary staff wrote counts only for
 * the service name it starts with ("Panel upgrade 100A to 200A" is "Panel Upgrade"); anything else
 * ("Replace two bathroom GFCI outlets (phone call)") is "General Electrical Service".
 */
export function customerServiceName(summary: string): string {
  const text = summary.trim().toLowerCase();
  const named = chatServiceOptions.find((option) => {
    const name = option.toLowerCase();
    return text === name || (text.startsWith(name) && !/[\p{L}\p{N}]/u.test(text.charAt(name.length)));
  });
  return named ?? GENERAL_SERVICE;
}

/** The first word of a name, for "Sam is on the way". */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The minutes a technician may announce with "On my way". */
export const ON_THE_WAY_MINUTES = [15, 30, 45, 60] as const;

/**
 * When a chat appointment request names no date: 9:00 AM on the next day the
 * office is open (tomorrow at the earliest), in the business's time zone.
 */
export function nextBusinessSlot(now: Date, facts: BusinessFacts = business): Date {
  const today = businessDate(now);
  for (let offset = 1; offset <= 8; offset++) {
    const day = addLocalDays(today, offset);
    const name = WEEKDAYS[localWeekday(day)]!;
    const open = facts.hours.some((h) => h.opens && h.days.includes(name));
    if (open) return requireBusinessInstant(day, "09:00");
  }
  return new Date(now.getTime() + 24 * 3600 * 1000);
}
