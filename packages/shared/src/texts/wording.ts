/**
 * The words of every text (docs/product.md#texts): the consent the customer gives under an unticked
 * checkbox, the replies carriers require to STOP, START, HELP and the office's request, and the
 * notices about visits, estimates and invoices. Every text names the business (all but STOP's reply,
 * worded as carriers ask, begin with its name), is GSM-7 (./gsm7.ts) and, with its link, fits one
 * segment where it can: when the words and the link together would take two, the notice says less.
 * Dates and times are Baton Rouge time (../time.ts). Each function takes the business facts last
 * (../business.ts). Pure and safe for the browser.
 */
import { business, type BusinessFacts } from "../business";
import { formatCents } from "../money/money";
import { businessDate, businessParts, formatClockWords, formatExpectedClock, slotEnd, WEEKDAYS } from "../time";
import { windowStartingAt } from "../scheduling/windows";
import { gsm7Safe, segmentsOf } from "./gsm7";

/** The checkbox's label; it starts unticked (docs/product.md#texts). */
export const TEXT_CONSENT_LABEL = "Text me about my visits";

/** How many texts a customer may get about one visit, as the consent and START's reply promise. */
const MESSAGES_PER_VISIT = 6;
const FREQUENCY = `Up to ${MESSAGES_PER_VISIT} messages per visit.`;
const RATES = "Msg & data rates may apply.";

/**
 * The first of the wordings (fullest first) that is one segment once made GSM-7, else the last, the
 * leanest: a long link or business name costs words, never a second segment if fewer words avoid it.
 */
function fitted(...wordings: [string, ...string[]]): string {
  const safe = wordings.map(gsm7Safe);
  return safe.find((text) => segmentsOf(text).segments <= 1) ?? safe[safe.length - 1]!;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** The Baton Rouge day of an instant, short: "Tue Dec 1". */
function shortDay(instant: Date): string {
  const p = businessParts(instant);
  return `${WEEKDAYS[p.weekday]!.slice(0, 3)} ${MONTHS[p.month - 1]!} ${p.day}`;
}

/**
 * An arrival window, short and without an en dash: "8-10 AM", "10 AM-12 PM", "8:30-10:30 AM"; a visit
 * at an exact time (a window of 0 minutes) is its start alone, "3:30 PM".
 */
function shortWindow(start: Date, minutes: number): string {
  const from = formatClockWords(start);
  if (minutes <= 0) return from;
  const to = formatClockWords(slotEnd(start, minutes));
  const [clock, half] = from.split(" ");
  return half && to.endsWith(` ${half}`) ? `${clock}-${to}` : `${from}-${to}`;
}

/** A visit's day and window, as the confirmation and the answers to C and R say it: "Tue Dec 1, 8-10 AM". */
function dayAndWindow(start: Date, minutes: number): string {
  return `${shortDay(start)}, ${shortWindow(start, minutes)}`;
}

// ---------------------------------------------------------------------------
// Consent and the replies carriers require

/**
 * What the consent checkbox says under its label: who texts, about what, how often, that rates may
 * apply, how to stop or get help, and that consent is not a condition of purchase.
 */
export function textConsentWording(facts: BusinessFacts = business): string {
  return [
    `${facts.name} will text the number you gave about your visits: visit confirmations, reminders, on-the-way notices, estimates, invoices, a review request after a visit and replies to your messages.`,
    FREQUENCY,
    RATES,
    "Reply STOP to opt out, HELP for help.",
    "Consent is not a condition of purchase.",
  ].join(" ");
}

/** The answer to HELP (or INFO): what the texts are, the business's own two words ("C", "R"), the phone, STOP. */
export function helpReply(facts: BusinessFacts = business): string {
  return fitted(
    `${facts.name}: texts about visits, estimates and invoices. Reply C to confirm your next visit, R for its link, STOP to opt out. Help: ${facts.phone}.`,
    `${facts.name}: texts about your visits, estimates and invoices. For help, call ${facts.phone}. Reply STOP to opt out.`,
  );
}

/** The answer to STOP (or any opt-out word): the last text the number gets until START. */
export function stopReply(facts: BusinessFacts = business): string {
  return gsm7Safe(
    `You're unsubscribed from ${facts.name} texts. No more messages will be sent. Reply START to resubscribe.`,
  );
}

/** The answer to START (or UNSTOP, YES, Y). */
export function startReply(facts: BusinessFacts = business): string {
  return gsm7Safe(
    `${facts.name}: you're resubscribed to visit texts. ${FREQUENCY} ${RATES} Reply HELP for help, STOP to opt out.`,
  );
}

/** The answer to YES (or START) from a number that had not opted out: agreed, first time. */
export function welcomeReply(facts: BusinessFacts = business): string {
  return gsm7Safe(
    `${facts.name}: thanks, we'll text you about your visits. ${FREQUENCY} ${RATES} Reply HELP for help, STOP to opt out.`,
  );
}

/** The office's one-time request to text a customer who has not agreed yet; YES agrees. */
export function consentRequest(facts: BusinessFacts = business): string {
  return gsm7Safe(`${facts.name}: may we text you about your visits? Reply YES to agree, STOP to opt out. ${RATES}`);
}

// ---------------------------------------------------------------------------
// Notices

export interface VisitTextInput {
  /** The arrival window's (or the visit's) start. */
  windowStart: Date;
  /** The window's length; 0 for a visit at an exact time. */
  windowMinutes: number;
  /** The visit's manage link. */
  link: string;
}

/** A visit's time as a text says it: its arrival window, or its exact time (a window of 0 minutes). */
export function visitTextInput(scheduledDate: Date, link: string): VisitTextInput {
  const window = windowStartingAt(scheduledDate);
  return {
    windowStart: scheduledDate,
    windowMinutes: window ? (window.end.getTime() - window.start.getTime()) / 60_000 : 0,
    link,
  };
}

/** A visit booked: "…: your visit is booked for Tue Dec 1, 8-10 AM. Manage: {link}". */
export function visitConfirmedText(
  { windowStart, windowMinutes, link }: VisitTextInput,
  facts: BusinessFacts = business,
): string {
  const when = dayAndWindow(windowStart, windowMinutes);
  return fitted(
    `${facts.name}: your visit is booked for ${when}. Manage: ${link}`,
    `${facts.name}: visit booked ${when}. Manage: ${link}`,
    `${facts.name}: booked ${when}: ${link}`,
  );
}

/**
 * The day before: "…: visit tomorrow, Tue Dec 1, 8-10 AM. Manage: {link}". Said "today" when it goes on the
 * visit's own day (a reminder held through the quiet hours until 8 AM). `now`: when it is sent.
 */
export function visitReminderText(
  { windowStart, windowMinutes, link }: VisitTextInput,
  facts: BusinessFacts = business,
  now: Date = new Date(),
): string {
  const day = shortDay(windowStart);
  const when = businessDate(now) === businessDate(windowStart) ? "today" : "tomorrow";
  const window = shortWindow(windowStart, windowMinutes);
  return fitted(
    `${facts.name}: reminder, your visit is ${when}, ${day}, ${window}. Reply C to confirm. Manage: ${link}`,
    `${facts.name}: reminder, your visit is ${when}, ${day}, ${window}. Manage: ${link}`,
    `${facts.name}: visit ${when}, ${day}, ${window}. Manage: ${link}`,
    `${facts.name}: visit ${when}, ${window}. Manage: ${link}`,
    `${facts.name}: visit ${when}, ${window}: ${link}`,
  );
}

/**
 * A yearly membership's renewal reminder (docs/product.md#plans), 30 and 7 days before: the plan, the date, the
 * price, and the member's page (to change the card or cancel).
 */
export function membershipRenewalText(
  { planName, renewsOn, priceCents, link }: { planName: string; renewsOn: Date; priceCents: number; link: string },
  facts: BusinessFacts = business,
): string {
  const day = shortDay(renewsOn);
  const price = formatCents(priceCents);
  return fitted(
    `${facts.name}: your ${planName} membership renews ${day} for ${price}. Card or cancel: ${link}`,
    `${facts.name}: ${planName} renews ${day}, ${price}. Manage: ${link}`,
    `${facts.name}: ${planName} renews ${day}: ${link}`,
  );
}

/**
 * "…: Sam is on the way, expected about 10:15 AM." (to the nearest five minutes); "Your technician"
 * when the visit has no technician's name.
 */
export function onTheWayText(
  { technicianFirstName, arriveAt }: { technicianFirstName: string | null; arriveAt: Date },
  facts: BusinessFacts = business,
): string {
  const who = technicianFirstName?.trim() || "Your technician";
  return fitted(
    `${facts.name}: ${who} is on the way, expected about ${formatExpectedClock(arriveAt, 0)}.`,
    `${facts.name}: ${who} is on the way, about ${formatExpectedClock(arriveAt, 0)}.`,
  );
}

/** An estimate sent: "…: your estimate EST-2026-0007 is ready: {link}". */
export function estimateText(
  { number, link }: { number: string; link: string },
  facts: BusinessFacts = business,
): string {
  return fitted(
    `${facts.name}: your estimate ${number} is ready. View and approve it here: ${link}`,
    `${facts.name}: your estimate ${number} is ready: ${link}`,
    `${facts.name}: estimate ${number}: ${link}`,
  );
}

/** An invoice sent, its amount already formatted ("$1,250.00"): "…: invoice INV-2026-0042 for $1,250.00 is ready: {link}". */
export function invoiceText(
  { number, amount, link }: { number: string; amount: string; link: string },
  facts: BusinessFacts = business,
): string {
  return fitted(
    `${facts.name}: your invoice ${number} for ${amount} is ready. View it here: ${link}`,
    `${facts.name}: invoice ${number} for ${amount} is ready: ${link}`,
    `${facts.name}: invoice ${number}, ${amount}: ${link}`,
  );
}

/** After a visit: "…: thanks for choosing us! Would you review us? {link}". */
export function reviewRequestText({ link }: { link: string }, facts: BusinessFacts = business): string {
  return fitted(
    `${facts.name}: thank you for choosing us! If you have a minute, we'd love a review: ${link}`,
    `${facts.name}: thanks for choosing us! Would you review us? ${link}`,
    `${facts.name}: thanks! Please review us: ${link}`,
  );
}

/** A visit cancelled: "…: your visit on Tue Dec 1 at 8 AM is cancelled. To rebook, call (225) 555-0142.". */
export function visitCancelledText({ windowStart }: { windowStart: Date }, facts: BusinessFacts = business): string {
  const when = `${shortDay(windowStart)} at ${formatClockWords(windowStart)}`;
  return fitted(
    `${facts.name}: your visit on ${when} is cancelled. To rebook, call ${facts.phone}.`,
    `${facts.name}: your visit on ${when} is cancelled.`,
  );
}

// ---------------------------------------------------------------------------
// The answers to "C" and "R" (./keywords.ts)

/** "C": the customer's next visit is confirmed: "…: thanks, your visit Tue Dec 1, 8-10 AM is confirmed. Manage: {link}". */
export function visitConfirmedReply(
  { windowStart, windowMinutes, link }: VisitTextInput,
  facts: BusinessFacts = business,
): string {
  const when = dayAndWindow(windowStart, windowMinutes);
  return fitted(
    `${facts.name}: thanks, your visit ${when} is confirmed. Manage: ${link}`,
    `${facts.name}: confirmed, ${when}. Manage: ${link}`,
    `${facts.name}: confirmed ${when}: ${link}`,
  );
}

/** "R": the next visit's manage link: "…: your visit Tue Dec 1, 8-10 AM. Move or cancel it here: {link}". */
export function manageLinkReply({ windowStart, windowMinutes, link }: VisitTextInput, facts: BusinessFacts = business) {
  const when = dayAndWindow(windowStart, windowMinutes);
  return fitted(
    `${facts.name}: your visit ${when}. Move or cancel it here: ${link}`,
    `${facts.name}: visit ${when}. Manage: ${link}`,
    `${facts.name}: ${when}: ${link}`,
  );
}

/** "C" or "R" from a number with no visit to come (or no customer record). */
export function noVisitReply(facts: BusinessFacts = business): string {
  return fitted(
    `${facts.name}: we found no upcoming visit for this number. To book one, reply here or call ${facts.phone}.`,
    `${facts.name}: no upcoming visit for this number. Call ${facts.phone}.`,
  );
}

// ---------------------------------------------------------------------------
// Calls (docs/product.md#calls)

/** A call nobody answered: "…: sorry we missed your call! Book online at {link} or reply here and we'll help." */
export function missedCallText({ link }: { link: string }, facts: BusinessFacts = business): string {
  return fitted(
    `${facts.name}: sorry we missed your call! Book online at ${link} or reply here and we'll help right away.`,
    `${facts.name}: sorry we missed you! Book online at ${link} or reply here.`,
    `${facts.name}: sorry we missed you! Reply here or book: ${link}`,
  );
}

// ---------------------------------------------------------------------------
// The assistant over text (docs/product.md#texts, "The assistant over text")

/** The arrival windows offered by text: "…: we can come 1) Tue Dec 1, 8-10 AM 2) … Reply 1, 2 or 3 to book." */
export function windowsOfferText(
  windows: ReadonlyArray<{ start: Date; minutes: number }>,
  facts: BusinessFacts = business,
): string {
  const list = windows.map((w, i) => `${i + 1}) ${dayAndWindow(w.start, w.minutes)}`).join(" ");
  const choices =
    windows.length === 1
      ? "1"
      : `${windows
          .slice(0, -1)
          .map((_, i) => i + 1)
          .join(", ")} or ${windows.length}`;
  return gsm7Safe(`${facts.name}: we can come ${list}. Reply ${choices} to book, or call ${facts.phone}.`);
}

/** No window to offer: call us. */
export function noWindowsText(facts: BusinessFacts = business): string {
  return gsm7Safe(
    `${facts.name}: we have no open arrival windows to book by text right now. Call ${facts.phone} and we'll find a time.`,
  );
}

/** A window chosen by text, booked: "…: booked! Visit #12, Tue Dec 1, 8-10 AM. Manage: {link}". */
export function textBookedReply(
  { visitId, windowStart, windowMinutes, link }: VisitTextInput & { visitId: number },
  facts: BusinessFacts = business,
): string {
  const when = dayAndWindow(windowStart, windowMinutes);
  return fitted(
    `${facts.name}: booked! Visit #${visitId}, ${when}. We'll arrive in that window. Move or cancel: ${link}`,
    `${facts.name}: booked! Visit #${visitId}, ${when}. Manage: ${link}`,
  );
}

/** The window chosen was taken meanwhile: the next ones are offered instead (with `windowsOfferText`). */
export const WINDOW_TAKEN_TEXT = "That time was just taken.";

/** An emergency in a text: the on-call is paged, and what to do meanwhile. */
export function emergencyTextReply(facts: BusinessFacts = business): string {
  return gsm7Safe(
    `${facts.name}: we're paging our technician on call now; they'll call you at this number. If there's fire, smoke or sparking, leave the building and call 911. Our line: ${facts.phone}`,
  );
}

/** Staff took the conversation over from the assistant. */
export function personAnsweringText(facts: BusinessFacts = business): string {
  return gsm7Safe(`${facts.name}: a member of our team is answering you now.`);
}

/**
 * An answer of the assistant, made a text: one paragraph, the business's name first, the sentences that fit in
 * about two segments, then `ending` (an offer to book), GSM-7.
 */
export function assistantText(message: string, ending = "", facts: BusinessFacts = business): string {
  const flat = message.replace(/\s*\n+\s*/g, " ").trim();
  const sentences = flat.split(/(?<=[.!?])\s+/);
  let text = `${facts.name}: `;
  const room = 300 - ending.length;
  for (const sentence of sentences) {
    if ((text + sentence).length > room && text.length > facts.name.length + 2) break;
    text += `${sentence} `;
  }
  return gsm7Safe(`${text}${ending}`.trim());
}
