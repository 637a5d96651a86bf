import ical, { ICalCalendarMethod, ICalEventStatus, type ICalEventData } from "ical-generator";
import { personName } from "./scheduling/technicians";
import { business, type BusinessFacts } from "./business";
import { icsZoneHint, slotEnd } from "./time";

/**
 * iCalendar (RFC 5545) for bookings: the staff feed and the attachment of confirmation emails.
 * Times are written as UTC instants (exact in every calendar app); the feed names Baton Rouge's
 * zone for display only. (A zone name alone, without VTIMEZONE data, made the generator write
 * the server's own local digits as floating times, which calendar apps read as Baton Rouge time.)
 */

export interface IcsBooking {
  id: number;
  summary: string;
  details: string | null;
  priority: string;
  status: string;
  scheduledDate: Date;
  updatedAt?: Date;
  customer?: { name: string; phone: string; email: string } | null;
  /** How long the visit keeps its technician busy (default: an hour). */
  durationMinutes?: number;
  address?: string | null;
  technician?: { firstName: string; lastName: string } | null;
}

const VISIT_MINUTES = 60;

const statusOf = (status: string) =>
  status === "cancelled"
    ? ICalEventStatus.CANCELLED
    : status === "pending"
      ? ICalEventStatus.TENTATIVE
      : ICalEventStatus.CONFIRMED;

function domainOf(appUrl: string) {
  try {
    return new URL(appUrl).hostname;
  } catch {
    return "bayoucurrent.local";
  }
}

/** The staff calendar feed: every booking in the window, one event each, stable UIDs so updates replace. */
export function bookingsCalendar(bookings: IcsBooking[], options: { appUrl: string; facts?: BusinessFacts }): string {
  const facts = options.facts ?? business;
  const calendar = ical({
    name: `${facts.name} bookings`,
    prodId: { company: facts.name, product: "bookings", language: "EN" },
    x: [icsZoneHint],
    ttl: 15 * 60,
  });
  const domain = domainOf(options.appUrl);
  for (const b of bookings) {
    const priority = b.priority === "emergency" ? "EMERGENCY: " : b.priority === "high" ? "High: " : "";
    calendar.createEvent({
      id: `booking-${b.id}@${domain}`,
      start: b.scheduledDate,
      end: slotEnd(b.scheduledDate, b.durationMinutes ?? VISIT_MINUTES),
      summary: `${priority}#${b.id} ${b.summary}${b.customer ? ` (${b.customer.name})` : ""}`,
      location: b.address ?? null,
      description: [
        b.details,
        b.customer ? `Customer: ${b.customer.name}, ${b.customer.phone}, ${b.customer.email}` : null,
        b.technician ? `Technician: ${personName(b.technician)}` : "Technician: not assigned",
        `Status: ${b.status.replace(/_/g, " ")}`,
        `${options.appUrl}/admin/calendar`,
      ]
        .filter(Boolean)
        .join("\n"),
      status: statusOf(b.status),
      stamp: b.updatedAt ?? new Date(),
      sequence: b.updatedAt ? Math.floor(b.updatedAt.getTime() / 1000) % 2_000_000_000 : 0,
    });
  }
  return calendar.toString();
}

/** A calendar of one event, as an email attaches it (fixed wording only, like the email). */
function singleEvent(
  product: string,
  facts: BusinessFacts,
  event: Omit<ICalEventData, "organizer">,
  method: ICalCalendarMethod = ICalCalendarMethod.PUBLISH,
): string {
  const calendar = ical({
    name: facts.name,
    prodId: { company: facts.name, product, language: "EN" },
    method,
  });
  calendar.createEvent({ ...event, organizer: { name: facts.name, email: facts.email } });
  return calendar.toString();
}

/** The UID of a visit's event: the request's tentative event and every confirmation of the visit share it. */
const visitUid = (bookingId: number, appUrl: string) => `visit-${bookingId}@${domainOf(appUrl)}`;

/**
 * A requested visit, attached to the "request received" email: fixed wording only, like the email.
 * The event is the visit's own (its UID), so the confirmation sent once staff place the request
 * replaces it in the calendar (a higher SEQUENCE) instead of adding a second event.
 */
export function appointmentInvite(
  appointment: { serviceType: string; scheduledDate: Date; bookingId: number },
  options: { appUrl: string; facts?: BusinessFacts },
): string {
  const facts = options.facts ?? business;
  return singleEvent("appointments", facts, {
    id: visitUid(appointment.bookingId, options.appUrl),
    start: appointment.scheduledDate,
    end: slotEnd(appointment.scheduledDate, VISIT_MINUTES),
    summary: `${facts.name}: ${appointment.serviceType} (requested)`,
    description: `Visit #${appointment.bookingId}: requested visit, to be confirmed by phone within 24 hours. Questions: ${facts.phone}.`,
    status: ICalEventStatus.TENTATIVE,
  });
}

/** What a visit's calendar event is made of: the visit, its service as the customer is told it. */
interface VisitEvent {
  id: number;
  /** The service's customer-facing name (customerServiceName, ./booking/visits.ts), never staff's words. */
  service: string;
  scheduledDate: Date;
  durationMinutes: number;
  updatedAt: Date;
  calendarSequence: number | null;
}

/**
 * The customer's visit as a calendar event, attached to its confirmation: one
 * UID per visit and a sequence that grows with each change, so a calendar that
 * imported it replaces the old time when the visit moves. Fixed wording only.
 */
export function visitInvite(
  visit: VisitEvent,
  options: { appUrl: string; manageUrl: string; facts?: BusinessFacts },
): string {
  const facts = options.facts ?? business;
  return singleEvent("visits", facts, {
    id: visitUid(visit.id, options.appUrl),
    start: visit.scheduledDate,
    end: slotEnd(visit.scheduledDate, visit.durationMinutes),
    summary: `${facts.name}: ${visit.service}`,
    description: `Visit #${visit.id}: your technician arrives in this window. Reschedule or cancel: ${options.manageUrl}. Questions: ${facts.phone}.`,
    status: ICalEventStatus.CONFIRMED,
    stamp: visit.updatedAt,
    sequence: visitSequence(visit),
  });
}

/**
 * The visit's cancellation, attached to the "visit cancelled" email: the same UID as every
 * invitation of the visit, `METHOD:CANCEL`, `STATUS:CANCELLED` and the SEQUENCE the cancellation
 * raised (`nextVisitSequence`), so a calendar that has the event removes it. The attendee is the
 * address the email goes to (calendar apps apply a cancellation to the attendee it names).
 */
export function visitCancellation(
  visit: VisitEvent,
  options: { appUrl: string; attendeeEmail: string; facts?: BusinessFacts },
): string {
  const facts = options.facts ?? business;
  return singleEvent(
    "visits",
    facts,
    {
      id: visitUid(visit.id, options.appUrl),
      start: visit.scheduledDate,
      end: slotEnd(visit.scheduledDate, visit.durationMinutes),
      summary: `Cancelled: ${facts.name}: ${visit.service}`,
      description: `Visit #${visit.id} is cancelled. Questions: ${facts.phone}.`,
      status: ICalEventStatus.CANCELLED,
      stamp: visit.updatedAt,
      sequence: visitSequence(visit),
      attendees: [{ email: options.attendeeEmail }],
    },
    ICalCalendarMethod.CANCEL,
  );
}

/**
 * The SEQUENCE of a visit's event: its `calendarSequence` once it has moved or been cancelled (or
 * reopened), else the second of its last change (what every visit's event carried before those
 * counted, so none goes backwards).
 */
function visitSequence(visit: { updatedAt: Date; calendarSequence: number | null }): number {
  return visit.calendarSequence ?? Math.floor(visit.updatedAt.getTime() / 1000) % 2_000_000_000;
}

/**
 * The SEQUENCE a change that calendars must take (a move, a cancellation, a reopening) gives the
 * visit's event: above every one sent so far, including those numbered by a change's second.
 */
export function nextVisitSequence(
  before: { updatedAt: Date; calendarSequence: number | null },
  now = new Date(),
): number {
  return Math.max(Math.floor(now.getTime() / 1000) % 2_000_000_000, visitSequence(before) + 1);
}
