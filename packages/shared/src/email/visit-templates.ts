import { business, type BusinessFacts } from "../business";
import { formatClockWords, formatExpectedClock, formatFullDateTime } from "../time";
import { describeVisitTime } from "../booking/visits";
import { buttonLink, emailLayout, escapeHtml, fieldRows, finePrint } from "./html";
import { footer, type BookingForEmail, type RenderedEmail } from "./templates";

/**
 * The customer's emails about a visit (docs/product.md#the-customers-loop).
 * Nobody may have proved the address they go to (a chat visitor typed it), so
 * like the request confirmation they carry fixed wording only: the service,
 * the time, the technician's first name and the business's facts, never a
 * name, an address or words a visitor typed (docs/security.md).
 */

export interface VisitForEmail {
  id: number;
  /**
   * The service, by one of our fixed names (customerServiceName, ../booking/visits.ts): never the
   * summary or details staff wrote, nor where the booking came from.
   */
  service: string;
  scheduledDate: Date;
  durationMinutes: number;
  /** Only our own technician's first name, once one is assigned. */
  technicianFirstName: string | null;
  /** A request staff had not placed yet: its time was never set (the time it held is a placeholder). */
  toBeArranged?: boolean;
}

export interface ManageLinks {
  /** /appointments/{token}: the visit and the windows it can move to. */
  manageUrl: string;
  /** The same page at its cancel step. */
  cancelUrl: string;
}

const TO_BE_ARRANGED = "To be arranged by phone";

/**
 * The visit's facts. `first`: a row before them (the expected arrival of "On my way"); with it the
 * visit's own time is named "Booked …", so the two times cannot be taken for each other.
 */
function visitRows(visit: VisitForEmail, previous?: Date, first?: [string, string]) {
  const time = visit.toBeArranged ? { label: TO_BE_ARRANGED, isWindow: false } : describeVisitTime(visit);
  const timeLabel = time.isWindow ? "Arrival window" : "Time";
  return fieldRows([
    ...(first ? [first] : []),
    ["Visit", `#${visit.id}`],
    ["Service", visit.service],
    [first ? `Booked ${timeLabel.toLowerCase()}` : timeLabel, time.label],
    ...(previous ? [["Previous time", describeVisitTime({ scheduledDate: previous }).label] as [string, string]] : []),
    ["Technician", visit.technicianFirstName ?? "We'll assign your technician before the visit"],
  ]);
}

function manageBlock(links: ManageLinks, facts: BusinessFacts) {
  const text = `Need another time? Reschedule: ${links.manageUrl}\nCan't make it? Cancel: ${links.cancelUrl}\nOr call us at ${facts.phone}.`;
  const html = `<p>${buttonLink(links.manageUrl, "Reschedule")}${buttonLink(links.cancelUrl, "Cancel", "secondary")}</p>
${finePrint(`These links work without signing in until the visit is over. Or call us at ${escapeHtml(facts.phone)}.`)}`;
  return { text, html };
}

const notYou = (facts: BusinessFacts) =>
  `Did not ask for this? Someone may have typed your address by mistake: you can ignore this email, or call ${facts.phone}.`;

function compose(
  subject: string,
  paragraphs: string[],
  blocks: Array<{ text: string; html: string }>,
  closing: string[],
  facts: BusinessFacts,
  unsubscribeUrl?: string,
): RenderedEmail {
  const unsubscribe = unsubscribeUrl
    ? { text: `Stop reminders and review requests: ${unsubscribeUrl}`, url: unsubscribeUrl }
    : null;
  const text = [
    ...paragraphs,
    ...blocks.map((b) => b.text),
    ...closing,
    ...(unsubscribe ? [unsubscribe.text] : []),
    footer(facts),
  ].join("\n\n");
  const html = emailLayout(
    subject,
    [
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      ...blocks.map((b) => b.html),
      ...closing.map((p) => finePrint(escapeHtml(p))),
      ...(unsubscribe
        ? [
            finePrint(
              `<a href="${escapeHtml(unsubscribe.url)}" style="color:#4b5563">Stop reminders and review requests</a> (confirmations and changes to your visits still come).`,
            ),
          ]
        : []),
    ].join("\n"),
    footer(facts),
  );
  return { subject, text: `${text}\n`, html };
}

/** The visit is booked (or was moved, from `previous`): when, who, and the links to move or cancel it. */
export function visitConfirmationEmail(
  visit: VisitForEmail,
  links: ManageLinks,
  reason: "scheduled" | "moved",
  facts: BusinessFacts = business,
  previous?: Date,
): RenderedEmail {
  const time = describeVisitTime(visit);
  const subject =
    reason === "moved"
      ? `Your visit moved to ${time.label} – ${facts.name}`
      : `Your visit is booked: ${time.label} – ${facts.name}`;
  const intro =
    reason === "moved"
      ? `Hello, your ${facts.name} visit has a new time. The details are below, and the calendar file attached replaces the old one.`
      : `Hello, thank you for choosing ${facts.name}. Your visit is booked: ${time.isWindow ? "your technician will arrive in the window below" : "your technician will come at the time below"}. We'll remind you the day before.`;
  const was = reason === "moved" ? previous : undefined;
  return compose(subject, [intro], [visitRows(visit, was), manageBlock(links, facts)], [notYou(facts)], facts);
}

/** The day before: the window, the technician, the links. */
export function visitReminderEmail(
  visit: VisitForEmail,
  links: ManageLinks,
  unsubscribeUrl: string,
  facts: BusinessFacts = business,
): RenderedEmail {
  const time = describeVisitTime(visit);
  const subject = `Reminder: your visit tomorrow, ${time.label} – ${facts.name}`;
  const who = visit.technicianFirstName ? `${visit.technicianFirstName} will` : "Your technician will";
  const intro = `Hello, a reminder from ${facts.name}: ${who} ${time.isWindow ? "arrive in the window below" : "come at the time below"}. Please make sure someone over 18 is home and the electrical panel is easy to reach.`;
  return compose(subject, [intro], [visitRows(visit), manageBlock(links, facts)], [], facts, unsubscribeUrl);
}

/** The visit was cancelled: by the customer with their link, or by our office. */
export function visitCancelledEmail(
  visit: VisitForEmail,
  by: "customer" | "staff",
  bookAgainUrl: string,
  facts: BusinessFacts = business,
): RenderedEmail {
  const subject = visit.toBeArranged
    ? `Your visit #${visit.id} is cancelled – ${facts.name}`
    : `Your visit on ${describeVisitTime(visit).label} is cancelled – ${facts.name}`;
  const intro =
    by === "customer"
      ? `Hello, as you asked, we cancelled your ${facts.name} visit. Nothing more is needed from you.`
      : `Hello, our office cancelled your ${facts.name} visit. If you did not expect this, please call us at ${facts.phone}.`;
  const again = {
    text: `Need us after all? Book a visit: ${bookAgainUrl} or call ${facts.phone}.`,
    html: `<p>${buttonLink(bookAgainUrl, "Book a visit")}</p><p>Or call us at ${escapeHtml(facts.phone)}.</p>`,
  };
  return compose(subject, [intro], [visitRows(visit), again], [notYou(facts)], facts);
}

/**
 * "On my way": the one time the customer now waits for, the expected arrival (when the technician
 * pressed the button, `told`, plus the minutes they chose, to the nearest five minutes in Baton
 * Rouge time: the time module's formatExpectedClock, as the technician's screen says it), first and
 * named "Expected arrival"; the visit's own window or time below it, named "Booked …".
 */
export function visitOnTheWayEmail(
  visit: VisitForEmail,
  minutes: number,
  told: Date,
  facts: BusinessFacts = business,
): RenderedEmail {
  const who = visit.technicianFirstName ?? "Your technician";
  const expected = formatExpectedClock(told, minutes);
  const subject = `${who} is on the way: expected about ${expected} – ${facts.name}`;
  const arrival: [string, string] = [
    "Expected arrival",
    `About ${expected} (${minutes} minutes after ${formatClockWords(told)}, when ${visit.technicianFirstName ?? "your technician"} set out)`,
  ];
  return compose(
    subject,
    [
      `Hello, ${who} is on the way and expects to arrive in about ${minutes} minutes, at about ${expected}.`,
      `Questions, or need a few more minutes? Call us at ${facts.phone}.`,
    ],
    [visitRows(visit, undefined, arrival)],
    [],
    facts,
  );
}

/** After the visit: how did we do? Sent to every customer (review sites forbid asking only the happy ones). */
export function reviewRequestEmail(
  visit: VisitForEmail,
  unsubscribeUrl: string,
  facts: BusinessFacts = business,
): RenderedEmail {
  const subject = `How did we do? – ${facts.name}`;
  const who = visit.technicianFirstName ? `${visit.technicianFirstName}'s` : "our";
  const intro = `Hello, thank you for having ${facts.name} over (visit #${visit.id}, ${visit.service}). Would you take a minute to tell others how ${who} visit went? Every review, good or bad, helps us and your neighbors.`;
  const review = {
    text: `Leave a review: ${facts.reviews.url}`,
    html: `<p>${buttonLink(facts.reviews.url, "Leave a review")}</p>`,
  };
  return compose(
    subject,
    [intro],
    [review],
    [`Something not right? Call us at ${facts.phone} and we'll make it right.`],
    facts,
    unsubscribeUrl,
  );
}

/** To staff: a customer moved their visit with the link in our email. */
export function bookingRescheduledEmail(
  booking: BookingForEmail & { technicianName: string | null },
  from: Date,
  appUrl: string,
  facts: BusinessFacts = business,
): RenderedEmail {
  const time = describeVisitTime(booking);
  const subject = `Booking #${booking.id} moved by the customer to ${time.label}: ${booking.summary} (${booking.customer.name})`;
  const rows = fieldRows([
    ["Booking", `#${booking.id}`],
    ["Summary", booking.summary],
    ["Was", formatFullDateTime(from)],
    ["Now", time.label],
    ["Technician", booking.technicianName ?? "Not assigned"],
    ["Customer", booking.customer.name],
    ["Phone", booking.customer.phone],
    ["Email", booking.customer.email],
  ]);
  const intro = `${booking.customer.name} moved this visit with the link in their confirmation email: ${appUrl}/admin/bookings`;
  return {
    subject,
    text: `${intro}\n\n${rows.text}\n\n${footer(facts)}\n`,
    html: emailLayout(subject, `<p>${escapeHtml(intro)}</p>${rows.html}`, footer(facts)),
  };
}
