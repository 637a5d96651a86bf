import { business, formatAddress, type BusinessFacts } from "../business";
import { inboxItemHref } from "../emergency-leads";
import { formatFullDateTime } from "../time";
import { buttonLink, emailLayout, escapeHtml, fieldRows, finePrint } from "./html";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export const footer = (facts: BusinessFacts) => `${facts.name} · ${facts.phone} · ${formatAddress(facts)}`;

export interface ContactForEmail {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  service: string | null;
  message: string;
  createdAt: Date;
  /** An emergency lead (docs/product.md#contact-page): the subject starts "URGENT" and the email says to call now. */
  emergency: boolean;
}

/** To staff: a new message from the contact page, with every field; an emergency's subject starts "URGENT". */
export function contactNotificationEmail(
  contact: ContactForEmail,
  appUrl: string,
  facts: BusinessFacts = business,
): RenderedEmail {
  const name = `${contact.firstName} ${contact.lastName}`.trim();
  const rows = fieldRows([
    ["Name", name],
    ["Email", contact.email],
    ["Phone", contact.phone],
    ["Service", contact.service],
    ["Message", contact.message],
    ["Received", formatFullDateTime(contact.createdAt)],
    ["Reference", `Contact message #${contact.id}`],
  ]);
  const subject = `${contact.emergency ? "URGENT: EMERGENCY contact message" : "New contact message"} from ${name}${contact.service ? ` (${contact.service})` : ""}`;
  const intro = contact.emergency
    ? `EMERGENCY: call ${name}${contact.phone ? ` at ${contact.phone}` : ` (no phone given: ${contact.email})`} now. The message, in the inbox: ${appUrl}${inboxItemHref("contact", contact.id)}`
    : `A visitor sent a message through ${appUrl}/contact. We promised a reply ${facts.contactReplyPromise}.`;
  const style = contact.emergency ? ` style="color:#b91c1c;font-weight:bold"` : "";
  return {
    subject,
    text: `${intro}\n\n${rows.text}\n\nReply to: ${contact.email}\n\n${footer(facts)}\n`,
    html: emailLayout(subject, `<p${style}>${escapeHtml(intro)}</p>${rows.html}`, footer(facts)),
  };
}

/**
 * The greeting of an account email: "Hi <first name>," only when the address's
 * owner proved it (then the name is theirs); otherwise "Hello," alone. Text a
 * registrant typed never goes to an address nobody has proved: it could be
 * anyone's, and the name would be a stranger's words in our email (docs/security.md).
 */
const greeting = (firstName: string | null) => (firstName ? `Hi ${firstName},` : "Hello,");

/**
 * To a user who asked to reset their password. `firstName`: the account's, when
 * its address is verified; null for an unverified account (the greeting is then "Hello,").
 */
export function passwordResetEmail(
  input: { firstName: string | null; resetUrl: string },
  facts: BusinessFacts = business,
): RenderedEmail {
  const subject = `Reset your ${facts.name} password`;
  const text = `${greeting(input.firstName)}\n\nSomeone (hopefully you) asked to reset the password for your ${facts.name} account.\nOpen this link within one hour to choose a new password:\n\n${input.resetUrl}\n\nIf you did not ask for this, you can ignore this email; your password stays the same.\n\n${footer(facts)}\n`;
  const url = escapeHtml(input.resetUrl);
  const html = emailLayout(
    subject,
    `<p>${escapeHtml(greeting(input.firstName))}</p>
<p>Someone (hopefully you) asked to reset the password for your ${escapeHtml(facts.name)} account. The link works once, within one hour.</p>
<p>${buttonLink(input.resetUrl, "Choose a new password")}</p>
${finePrint(`Or paste this address into your browser:<br>${url}`)}
<p>If you did not ask for this, you can ignore this email; your password stays the same.</p>`,
    footer(facts),
  );
  return { subject, text, html };
}

/**
 * To a new account's address: prove it is yours (the link asks before it
 * confirms). Nobody has proved the address yet, so nothing the registrant
 * typed is in it, not even their name: "Hello," alone.
 */
export function emailVerificationEmail(input: { verifyUrl: string }, facts: BusinessFacts = business): RenderedEmail {
  const subject = `Confirm your email for ${facts.name}`;
  const text = `${greeting(null)}\n\nSomeone (hopefully you) created a ${facts.name} account with this email address.\nOpen this link within 24 hours and confirm, so your account can show your appointments:\n\n${input.verifyUrl}\n\nIf you did not create this account, do not open the link: without it, nobody can see your appointments through that account.\nQuestions? Call ${facts.phone}.\n\n${footer(facts)}\n`;
  const url = escapeHtml(input.verifyUrl);
  const html = emailLayout(
    subject,
    `<p>${escapeHtml(greeting(null))}</p>
<p>Someone (hopefully you) created a ${escapeHtml(facts.name)} account with this email address. Confirm it within 24 hours, so your account can show your appointments.</p>
<p>${buttonLink(input.verifyUrl, "Confirm my email")}</p>
${finePrint(`Or paste this address into your browser:<br>${url}`)}
<p>If you did not create this account, do not open the link: without it, nobody can see your appointments through that account. Questions? Call ${escapeHtml(facts.phone)}.</p>`,
    footer(facts),
  );
  return { subject, text, html };
}

export interface BookingForEmail {
  id: number;
  summary: string;
  details: string | null;
  priority: string;
  status: string;
  scheduledDate: Date;
  source: string;
  customer: { name: string; email: string; phone: string };
}

/** To staff: a new booking; emergencies get an urgent subject. */
export function bookingStaffEmail(
  booking: BookingForEmail,
  appUrl: string,
  facts: BusinessFacts = business,
): RenderedEmail {
  const emergency = booking.priority === "emergency";
  const subject = `${emergency ? "URGENT: EMERGENCY booking" : "New booking"} #${booking.id}: ${booking.summary} (${booking.customer.name})`;
  const rows = fieldRows([
    ["Booking", `#${booking.id}`],
    ["Summary", booking.summary],
    ["Priority", booking.priority],
    ["Status", booking.status.replace(/_/g, " ")],
    ["Scheduled", formatFullDateTime(booking.scheduledDate)],
    ["Customer", booking.customer.name],
    ["Phone", booking.customer.phone],
    ["Email", booking.customer.email],
    ["Details", booking.details],
    ["Source", booking.source],
  ]);
  const intro = emergency
    ? `EMERGENCY: call ${booking.customer.name} at ${booking.customer.phone} now.`
    : `A new booking is waiting in the calendar: ${appUrl}/admin/bookings`;
  return {
    subject,
    text: `${intro}\n\n${rows.text}\n\n${footer(facts)}\n`,
    html: emailLayout(
      subject,
      `<p style="${emergency ? "color:#b91c1c;font-weight:bold" : ""}">${escapeHtml(intro)}</p>${rows.html}`,
      footer(facts),
    ),
  };
}

/** To staff: a customer cancelled their pending booking from the portal. */
export function bookingCancelledEmail(
  booking: BookingForEmail,
  appUrl: string,
  facts: BusinessFacts = business,
): RenderedEmail {
  const subject = `Booking #${booking.id} cancelled by the customer: ${booking.summary} (${booking.customer.name})`;
  const rows = fieldRows([
    ["Booking", `#${booking.id}`],
    ["Summary", booking.summary],
    ["Priority", booking.priority],
    ["Was scheduled", formatFullDateTime(booking.scheduledDate)],
    ["Customer", booking.customer.name],
    ["Phone", booking.customer.phone],
    ["Email", booking.customer.email],
    ["Source", booking.source],
  ]);
  const intro = `${booking.customer.name} cancelled this booking from their account; the slot is free again: ${appUrl}/admin/bookings`;
  return {
    subject,
    text: `${intro}\n\n${rows.text}\n\n${footer(facts)}\n`,
    html: emailLayout(subject, `<p>${escapeHtml(intro)}</p>${rows.html}`, footer(facts)),
  };
}

export interface AppointmentForEmail {
  /** The visit the request made (its booking): the one number the customer and staff know it by. */
  visitId: number;
  serviceType: string;
  priority: string;
  scheduledDate: Date | null;
}

/**
 * To the address given with an appointment request that staff still have to
 * place (no window chosen, or an emergency); a visit in a chosen window gets
 * its visit confirmation instead (visit-templates.ts). Nobody proved that
 * address belongs to the person who typed it, so the email carries fixed
 * wording only: the service (from our fixed list), the time, the visit
 * number and the business's facts, never text the visitor wrote (docs/security.md).
 */
export function appointmentConfirmationEmail(
  request: AppointmentForEmail,
  facts: BusinessFacts = business,
): RenderedEmail {
  if (request.priority === "emergency") return emergencyRequestEmail(request, facts);
  const subject = `We received your appointment request – ${facts.name}`;
  const rows = fieldRows([
    ["Visit", `#${request.visitId}`],
    ["Service", request.serviceType],
    ["Requested time", request.scheduledDate ? formatFullDateTime(request.scheduledDate) : "To be arranged by phone"],
    ["Priority", request.priority],
  ]);
  const intro = `Hello, thank you for choosing ${facts.name}. Your appointment request is in, and our office will call you ${facts.contactReplyPromise} to confirm the time.`;
  return requestEmail(subject, intro, rows, `Questions? Call ${facts.phone}.`, facts);
}

/**
 * An emergency request: the office is calling them now, and the emergency line is the first thing to do.
 * No time: an emergency has none until staff place it (the 9:00 AM the request holds meanwhile is a placeholder).
 */
function emergencyRequestEmail(request: AppointmentForEmail, facts: BusinessFacts): RenderedEmail {
  const subject = `Emergency request received: our office is calling you now – ${facts.name}`;
  const rows = fieldRows([
    ["Visit", `#${request.visitId}`],
    ["Service", request.serviceType],
    ["Priority", "Emergency"],
  ]);
  const intro = `Hello, your emergency request is in, and our office is calling you now at the phone number you gave.`;
  const call = `Don't wait for our call: our emergency line answers ${facts.emergency.available} at ${facts.phone}. If anything is sparking, smoking or burning, stay away from it and call now.`;
  return requestEmail(subject, intro, rows, call, facts);
}

function requestEmail(
  subject: string,
  intro: string,
  rows: ReturnType<typeof fieldRows>,
  next: string,
  facts: BusinessFacts,
): RenderedEmail {
  const notYou = `Did not ask for this? Someone may have typed your address by mistake: you can ignore this email, or call ${facts.phone}.`;
  return {
    subject,
    text: `${intro}\n\n${rows.text}\n\n${next}\n\n${notYou}\n\n${footer(facts)}\n`,
    html: emailLayout(
      subject,
      `<p>${escapeHtml(intro)}</p>${rows.html}<p>${escapeHtml(next)}</p>${finePrint(escapeHtml(notYou))}`,
      footer(facts),
    ),
  };
}

/** To the staff member who asked: their CSV export is ready, with its link (docs/decisions/022-exports-that-finish.md). */
export function csvExportEmail(
  input: { what: string; rowCount: number; filename: string; url: string; expiresAt: Date },
  facts: BusinessFacts = business,
): RenderedEmail {
  const rows = `${input.rowCount.toLocaleString("en-US")} ${input.what}`;
  const subject = `Your export of ${rows} is ready`;
  const until = formatFullDateTime(input.expiresAt);
  const text = `Your export of ${rows} (${input.filename}) is ready. Download it while signed in to ${facts.name}, until ${until}:\n\n${input.url}\n\nThe link works only for you.\n\n${footer(facts)}\n`;
  const html = emailLayout(
    subject,
    `<p>Your export of ${escapeHtml(rows)} (${escapeHtml(input.filename)}) is ready. Download it while signed in, until ${escapeHtml(until)}.</p>
<p>${buttonLink(input.url, "Download the CSV")}</p>
${finePrint(`Or paste this address into your browser:<br>${escapeHtml(input.url)}`)}
<p>The link works only for you.</p>`,
    footer(facts),
  );
  return { subject, text, html };
}
