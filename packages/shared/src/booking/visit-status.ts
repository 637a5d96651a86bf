import { business } from "../business";

/**
 * The visit's state machine (docs/product.md#booking-rules): which status may
 * follow which, for each kind of actor, and what a refused change says.
 * Every path that changes a visit's status or time asks here, through
 * `updateBooking` (./change-booking.server.ts), which also
 * makes the change conditional on the status it read, so the decision always
 * applies to the state it was made on. Pure: no database, no clock.
 */

export const VISIT_STATUSES = ["pending", "in_progress", "completed", "cancelled"] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/**
 * Who is changing the visit: `staff` (an admin: the staff pages, the admin API, an admin on
 * /jobs), `technician` (their own visit, from /jobs), `customer` (their manage link or the
 * portal), `system` (the worker; it changes no status today).
 */
export type StatusActor = "staff" | "technician" | "customer" | "system";

/** For each actor and each status: the statuses that actor may set next (the same status is never listed). */
export const VISIT_TRANSITIONS: Readonly<Record<StatusActor, Readonly<Record<VisitStatus, readonly VisitStatus[]>>>> = {
  // The specification (its section 4): an admin sets any status whatever the current one. What each
  // target owes (emails, reminders, the invoice, the time taken back) is docs/product.md#booking-rules;
  // a cancelled visit brought back must take its time again (./change-booking.server.ts).
  staff: {
    pending: ["in_progress", "completed", "cancelled"],
    in_progress: ["pending", "completed", "cancelled"],
    completed: ["pending", "in_progress", "cancelled"],
    cancelled: ["pending", "in_progress", "completed"],
  },
  technician: {
    pending: ["in_progress"],
    in_progress: ["completed"],
    completed: [],
    cancelled: [],
  },
  customer: {
    pending: ["cancelled"],
    in_progress: [],
    completed: [],
    cancelled: [],
  },
  system: {
    pending: [],
    in_progress: [],
    completed: [],
    cancelled: [],
  },
};

/** The statuses in which each actor may move a visit to another time. */
export const TIME_CHANGEABLE: Readonly<Record<StatusActor, readonly VisitStatus[]>> = {
  staff: VISIT_STATUSES,
  technician: [],
  customer: ["pending"],
  system: [],
};

/** The statuses in which a technician may tell the customer they are on the way. */
export const ON_THE_WAY_FROM: readonly VisitStatus[] = ["pending", "in_progress"];

/** What the office calls each status. */
export const staffStatusLabel: Record<VisitStatus, string> = {
  pending: "Pending",
  in_progress: "In progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** What the customer calls each status (the manage page). */
export const customerStatusLabel: Record<VisitStatus, string> = {
  pending: "Booked",
  in_progress: "In progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

/**
 * A visit's status as its customer is told it (the manage page, the portal): a pending request
 * staff still have to place is "Requested" (its time is not set yet), otherwise the status's
 * customer label. Whether a technician is assigned never changes it: the technician is named beside it.
 */
export function customerVisitStatus(visit: { status: VisitStatus; needsPlacing: boolean }): string {
  return visit.status === "pending" && visit.needsPlacing ? "Requested" : customerStatusLabel[visit.status];
}

/** The statuses this actor may set a visit in `from` to. */
export const nextStatuses = (actor: StatusActor, from: VisitStatus): readonly VisitStatus[] =>
  VISIT_TRANSITIONS[actor][from];

/** Facts about the visit that change what a refusal says. */
export interface RefusalContext {
  /** The customer cancelled it themselves (`cancelledByCustomerAt`). */
  cancelledByCustomer?: boolean;
}

/** What the customer is told when their visit cannot be changed online any more. */
function customerRefusal(from: VisitStatus): string {
  return from === "cancelled"
    ? `This visit is cancelled already. To book another, call us at ${business.phone}.`
    : `This visit is ${customerStatusLabel[from].toLowerCase()} and can no longer be changed online. Please call us at ${business.phone}.`;
}

const cancelledBy = (context: RefusalContext) =>
  `This visit was cancelled by ${context.cancelledByCustomer ? "the customer" : "the office"}`;

/**
 * Why `actor` may not set a visit in `from` to `to`, in words for that person; null when they
 * may. Setting the status a visit has already is no change: staff and technicians may (nothing
 * happens), a customer is told it is too late (cancelling a cancelled visit).
 */
export function statusChangeRefusal(
  actor: StatusActor,
  from: VisitStatus,
  to: VisitStatus,
  context: RefusalContext = {},
): string | null {
  if (from === to && (actor === "staff" || actor === "technician")) return null;
  if (nextStatuses(actor, from).includes(to)) return null;
  switch (actor) {
    case "customer":
      return customerRefusal(from);
    case "technician":
      if (from === "cancelled") return `${cancelledBy(context)}. Check with the office before going.`;
      if (from === "completed") return "This visit is completed already.";
      if (from === "pending" && to === "completed") return "Start the visit before marking it completed.";
      return `Only the office can set a visit to ${staffStatusLabel[to].toLowerCase()}.`;
    case "staff":
      // Never reached while staff may set every status; kept so a narrower table still says why.
      return `A ${staffStatusLabel[from].toLowerCase()} visit cannot be set to ${staffStatusLabel[to].toLowerCase()}.`;
    case "system":
      return `A visit's status is not changed automatically (it is ${staffStatusLabel[from].toLowerCase()}).`;
  }
}

/** Why `actor` may not move a visit in `from` to another time, or null when they may. */
export function timeChangeRefusal(actor: StatusActor, from: VisitStatus, context: RefusalContext = {}): string | null {
  if (TIME_CHANGEABLE[actor].includes(from)) return null;
  if (actor === "customer") return customerRefusal(from);
  if (from === "cancelled") return `${cancelledBy(context)}.`;
  return "Only the office can move a visit.";
}
