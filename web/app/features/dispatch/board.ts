/**
 * The dispatch board's content (docs/product.md#dispatch-board), built from the rows its loader
 * read (board.server.ts): a lane per active technician with their working hours and visits, the
 * "Unassigned / to be placed" column, each visit as its card shows it, in arrival-window order
 * with emergencies first, flagged when it needs the office, and marked when its customer is a member
 * (docs/product.md#plans). Pure: the page and
 * `GET /api/dispatch` render the same answer, and it is unit-tested beside.
 */
import type { bookingPriorities, bookingStatuses } from "@app/shared/api/choices";
import { isLive } from "@app/shared/booking/visits";
import type { MemberMark } from "@app/shared/plans/member-marks";
import { personName, type ScheduledTechnician } from "@app/shared/scheduling/technicians";
import { formatWindowRange, windowsOn, windowStartingAt } from "@app/shared/scheduling/windows";
import { workingHoursOn, worksOn, type WorkingHours } from "@app/shared/scheduling/working-hours";
import {
  addLocalDays,
  BUSINESS_TIME_ZONE,
  businessDate,
  formatClockWords,
  formatShortWeekdayDate,
  localTimeOf,
  localWeekday,
  requireBusinessInstant,
  slotEnd,
  WEEKDAYS,
} from "@app/shared/time";

type BookingPriority = (typeof bookingPriorities)[number];
type BookingStatus = (typeof bookingStatuses)[number];

/** A booking as the board's loader reads it. */
export interface BoardRow {
  id: number;
  summary: string;
  priority: BookingPriority;
  status: BookingStatus;
  scheduledDate: Date;
  durationMinutes: number;
  needsPlacing: boolean;
  address: string | null;
  technicianId: number | null;
  technicianDroppedAt: Date | null;
  customerId: number;
  customer: { name: string } | null;
  technician: (ScheduledTechnician & { isActive: boolean }) | null;
}

/** Why a card needs the office: its technician does not work that day, or the customer's move left it without one. */
interface DispatchFlag {
  kind: "technician-off" | "customer-moved";
  message: string;
}

/** A visit as its card shows it. */
export interface DispatchVisit {
  id: number;
  summary: string;
  priority: BookingPriority;
  status: BookingStatus;
  emergency: boolean;
  /** ISO 8601. */
  scheduledDate: string;
  end: string;
  /** The Baton Rouge day, "YYYY-MM-DD". */
  date: string;
  /** The arrival window's start ("10:00") when the visit is in one, else null (an exact time). */
  window: string | null;
  /** "10 AM – 12 PM", or "9:30 AM" for an exact time. */
  time: string;
  durationMinutes: number;
  needsPlacing: boolean;
  address: string | null;
  customerName: string | null;
  /** The customer's plans when they are a member (the card's "Member" badge), else null. */
  member: MemberMark | null;
  technicianId: number | null;
  technicianName: string | null;
  flags: DispatchFlag[];
}

export interface DispatchLane {
  id: number;
  name: string;
  /** One entry per day shown (one for a day, seven for a week). */
  workingHours: WorkingHours[];
  visits: DispatchVisit[];
}

/** A day of the board with its arrival windows (the slots a card can be dropped on). */
interface DispatchDay {
  date: string;
  /** "Friday, Dec 4". */
  label: string;
  windows: Array<{ value: string; label: string; start: string; end: string }>;
}

export interface DispatchBoard {
  date: string;
  view: "day" | "week";
  timeZone: string;
  days: DispatchDay[];
  technicians: DispatchLane[];
  /** The day's (or week's) visits nobody active has. */
  unassigned: DispatchVisit[];
  /** Requests of earlier days still to be placed: they wait whichever day is shown, apart from the day's own. */
  waiting: DispatchVisit[];
}

/** The days a board shows: the day, or the week from Sunday holding it (weeks start on Sunday, like the calendar). */
export function boardDates(date: string, view: "day" | "week"): string[] {
  if (view === "day") return [date];
  const sunday = addLocalDays(date, -localWeekday(date));
  return Array.from({ length: 7 }, (_, i) => addLocalDays(sunday, i));
}

/** Emergencies first, then by time (the arrival windows' order), then by number. */
export function byDispatchOrder(a: DispatchVisit, b: DispatchVisit): number {
  return Number(b.emergency) - Number(a.emergency) || a.scheduledDate.localeCompare(b.scheduledDate) || a.id - b.id;
}

/** Why a visit needs the office, in words. */
function visitFlags(row: BoardRow): DispatchFlag[] {
  if (!isLive(row)) return [];
  const flags: DispatchFlag[] = [];
  const date = businessDate(row.scheduledDate);
  const technician = row.technician;
  if (technician && !technician.isActive)
    flags.push({ kind: "technician-off", message: `${personName(technician)} is no longer active` });
  else if (technician && !worksOn(technician, date))
    flags.push({
      kind: "technician-off",
      message: `${personName(technician)} does not work ${WEEKDAYS[localWeekday(date)]}s`,
    });
  if (!row.technicianId && row.technicianDroppedAt)
    flags.push({
      kind: "customer-moved",
      message: "The customer moved it to a time its technician was not free: assign one",
    });
  return flags;
}

function dispatchVisit(row: BoardRow, members: ReadonlyMap<number, MemberMark>): DispatchVisit {
  const window = windowStartingAt(row.scheduledDate);
  const end = slotEnd(row.scheduledDate, row.durationMinutes);
  return {
    id: row.id,
    summary: row.summary,
    priority: row.priority,
    status: row.status,
    emergency: row.priority === "emergency",
    scheduledDate: row.scheduledDate.toISOString(),
    end: end.toISOString(),
    date: businessDate(row.scheduledDate),
    window: window ? localTimeOf(window.start) : null,
    time: window ? formatWindowRange(window) : formatClockWords(row.scheduledDate),
    durationMinutes: row.durationMinutes,
    needsPlacing: row.needsPlacing,
    address: row.address,
    customerName: row.customer?.name ?? null,
    member: members.get(row.customerId) ?? null,
    technicianId: row.technicianId,
    technicianName: row.technician ? personName(row.technician) : null,
    flags: visitFlags(row),
  };
}

function dispatchDay(date: string): DispatchDay {
  return {
    date,
    label: formatShortWeekdayDate(requireBusinessInstant(date, 12 * 60)),
    windows: windowsOn(date).map((w) => ({
      value: localTimeOf(w.start),
      label: formatWindowRange(w),
      start: w.start.toISOString(),
      end: w.end.toISOString(),
    })),
  };
}

/**
 * The board of `dates` (one day, or a week): a lane per active technician (in `technicians`'
 * order) with their working hours each day and their visits; every other visit (nobody assigned,
 * or someone no longer active) in `unassigned` when it is on those dates, in `waiting` when it is a
 * request of an earlier day still to be placed. Cancelled visits are not on the board. `members`: the
 * members among the rows' customers, by customer id (membersAmong).
 */
export function buildBoard(input: {
  date: string;
  view: "day" | "week";
  dates: readonly string[];
  technicians: readonly ScheduledTechnician[];
  rows: readonly BoardRow[];
  members?: ReadonlyMap<number, MemberMark>;
}): DispatchBoard {
  const members = input.members ?? new Map<number, MemberMark>();
  const visits = input.rows.filter((r) => r.status !== "cancelled").map((row) => dispatchVisit(row, members));
  const laneIds = new Set(input.technicians.map((t) => t.id));
  const technicians = input.technicians.map((t) => ({
    id: t.id,
    name: personName(t),
    workingHours: input.dates.map((date) => workingHoursOn(t, date)),
    visits: visits.filter((v) => v.technicianId === t.id).sort(byDispatchOrder),
  }));
  const nobody = visits.filter((v) => v.technicianId === null || !laneIds.has(v.technicianId)).sort(byDispatchOrder);
  const first = input.dates[0]!;
  return {
    date: input.date,
    view: input.view,
    timeZone: BUSINESS_TIME_ZONE,
    days: input.dates.map(dispatchDay),
    technicians,
    unassigned: nobody.filter((v) => v.date >= first),
    waiting: nobody.filter((v) => v.date < first),
  };
}
