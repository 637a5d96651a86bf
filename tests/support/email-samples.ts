/**
 * One rendering of every email the outbox sends (each kind of the `email` queue, and each variant
 * a kind has: an emergency, a moved visit, the office's copy), with the longest values a person
 * gives us: a 60-character email address, a 120-character street address, a long link. The email
 * layout test renders each at a phone's width (tests/e2e/email-layout.spec.ts) and the plain-text
 * test compares each text part with its HTML (tests/unit/email-text-parts.test.ts).
 */
import { jobs, type NotificationKind } from "@app/shared/jobs";
import { estimateApprovedEmail, estimateDeclinedEmail, estimateEmail } from "@app/shared/email/estimate-templates";
import { invoiceEmail, invoiceReminderEmail } from "@app/shared/email/invoice-templates";
import {
  membershipCancelScheduledEmail,
  membershipEndedEmail,
  membershipPaymentFailedEmail,
  membershipPaymentFailedOfficeEmail,
  membershipRenewalReminderEmail,
  membershipRenewedEmail,
  membershipWelcomeEmail,
} from "@app/shared/email/membership-templates";
import {
  paymentFailedEmail,
  paymentFailedOfficeEmail,
  paymentReceiptEmail,
  refundDueOfficeEmail,
} from "@app/shared/email/payment-templates";
import {
  appointmentConfirmationEmail,
  bookingCancelledEmail,
  bookingStaffEmail,
  contactNotificationEmail,
  csvExportEmail,
  emailVerificationEmail,
  passwordResetEmail,
  type RenderedEmail,
} from "@app/shared/email/templates";
import {
  bookingRescheduledEmail,
  reviewRequestEmail,
  visitCancelledEmail,
  visitConfirmationEmail,
  visitOnTheWayEmail,
  visitReminderEmail,
} from "@app/shared/email/visit-templates";

/** The kinds of notification that are emails (their queue is `email`). */
type EmailKind = {
  [K in NotificationKind]: (typeof jobs)[K]["queue"] extends "email" ? K : never;
}[NotificationKind];

export const emailKinds = (Object.keys(jobs) as NotificationKind[]).filter(
  (kind) => jobs[kind].queue === "email" && jobs[kind].delivery === "outbox",
);

const APP = "https://www.bayoucurrentelectric.com";
/** 60 characters. */
const LONG_EMAIL = "marie-therese.boudreaux-landry.fontenot@extremely-long.example";
/** 120 characters. */
const LONG_ADDRESS =
  "12345 Old Hammond Highway, Building C, Apartment 1407, Behind the Magnolia Shopping Center, Baton Rouge, LA 70816-1234 US";
const TOKEN = "q3J9vX2mK7pL0sT5wY8zB1nC4dF6gH0jKlMnOpQrStU";
const manage = { manageUrl: `${APP}/appointments/${TOKEN}`, cancelUrl: `${APP}/appointments/${TOKEN}?step=cancel` };
const unsubscribe = `${APP}/unsubscribe/${TOKEN}`;

/** Friday, December 4, 2026, 10 AM in Baton Rouge: the 10 to 12 window. */
const windowStart = new Date("2026-12-04T16:00:00Z");
/** Thursday, December 3, 2026, 5:00 PM in Baton Rouge: a time, not one of the windows. */
const fivePm = new Date("2026-12-03T23:00:00Z");
const visit = {
  id: 12950,
  service: "Panel Upgrade",
  scheduledDate: windowStart,
  durationMinutes: 120,
  technicianFirstName: "Sam",
};
const booking = {
  id: 12950,
  summary: "Panel upgrade 100A to 200A, replace the meter base",
  details: `Gate code 4417. ${LONG_ADDRESS}`,
  priority: "medium",
  status: "pending",
  scheduledDate: windowStart,
  durationMinutes: 120,
  source: "website",
  customer: { name: "Marie-Thérèse Boudreaux-Landry", email: LONG_EMAIL, phone: "(225) 555-0199" },
};
const contact = {
  id: 88,
  firstName: "Marie-Thérèse",
  lastName: "Boudreaux-Landry",
  email: LONG_EMAIL,
  phone: "(225) 555-0199",
  service: "residential",
  message: `The breaker for the kitchen is warm to the touch. We are at ${LONG_ADDRESS}.`,
  createdAt: new Date("2026-12-02T15:30:00Z"),
  emergency: false,
};
const estimate = {
  number: "EST-2026-0042",
  customerName: "Marie-Thérèse Boudreaux-Landry",
  options: [
    { name: "Good: 200A panel", totalCents: 289_500 },
    { name: "Better: 200A panel and whole-home surge protector", totalCents: 334_900 },
  ],
};
const invoice = {
  number: "INV-2026-0107",
  totalCents: 191_100,
  paidCents: 50_000,
  balanceCents: 141_100,
  sentAt: new Date("2026-12-01T16:00:00Z"),
  online: true,
};
const member = {
  planName: "Generator Care",
  customerName: "Marie-Thérèse Boudreaux-Landry",
  interval: "year" as const,
  priceCents: 18_900,
  discountPercent: 10,
  visitsPerYear: 1,
  renewsOn: "2027-12-05",
  memberUrl: `${APP}/membership/${TOKEN}`,
  paysOnline: true,
};

/** Every email kind the outbox sends, each in every variant it has. */
export function emailSamples(): Record<EmailKind, Array<{ name: string; email: RenderedEmail }>> {
  return {
    "contact-notification": [
      { name: "a contact message", email: contactNotificationEmail(contact, APP) },
      { name: "an emergency contact message", email: contactNotificationEmail({ ...contact, emergency: true }, APP) },
    ],
    "account-link": [
      {
        name: "password reset",
        email: passwordResetEmail({ firstName: "Marie", resetUrl: `${APP}/login?token=${TOKEN}` }),
      },
      {
        name: "email confirmation",
        email: emailVerificationEmail({ verifyUrl: `${APP}/verify-email?token=${TOKEN}` }),
      },
    ],
    "booking-staff-notification": [
      { name: "a new booking", email: bookingStaffEmail(booking, APP) },
      { name: "an emergency booking", email: bookingStaffEmail({ ...booking, priority: "emergency" }, APP) },
    ],
    "appointment-confirmation": [
      {
        name: "a request received",
        email: appointmentConfirmationEmail({
          visitId: 12950,
          serviceType: "Panel Upgrade",
          priority: "normal",
          scheduledDate: windowStart,
        }),
      },
      {
        name: "an emergency request received",
        email: appointmentConfirmationEmail({
          visitId: 12951,
          serviceType: "Emergency Electrical Service",
          priority: "emergency",
          scheduledDate: null,
        }),
      },
    ],
    "booking-cancelled-notification": [
      { name: "cancelled by the customer", email: bookingCancelledEmail(booking, APP) },
    ],
    "booking-rescheduled-notification": [
      {
        name: "moved by the customer",
        email: bookingRescheduledEmail({ ...booking, technicianName: "Sam Thibodeaux" }, fivePm, APP),
      },
    ],
    "visit-confirmation": [
      { name: "visit booked", email: visitConfirmationEmail(visit, manage, "scheduled") },
      { name: "visit moved", email: visitConfirmationEmail(visit, manage, "moved", undefined, fivePm) },
    ],
    "visit-reminder": [{ name: "reminder", email: visitReminderEmail(visit, manage, unsubscribe) }],
    "visit-cancelled": [
      { name: "cancelled by the customer", email: visitCancelledEmail(visit, "customer", `${APP}/book`) },
      { name: "cancelled by the office", email: visitCancelledEmail(visit, "staff", `${APP}/book`) },
    ],
    "visit-on-the-way": [
      // Told at 7:33 PM for a visit booked at 5:00 PM: the expected arrival and the booked time differ.
      {
        name: "on the way",
        email: visitOnTheWayEmail({ ...visit, scheduledDate: fivePm }, 30, new Date("2026-12-04T01:33:00Z")),
      },
    ],
    "review-request": [{ name: "review request", email: reviewRequestEmail(visit, unsubscribe) }],
    "estimate-email": [
      {
        name: "estimate",
        email: estimateEmail(estimate, `${APP}/estimates/${TOKEN}`, new Date("2027-01-02T18:00:00Z")),
      },
    ],
    "estimate-approved-email": [
      {
        name: "estimate approved",
        email: estimateApprovedEmail({
          ...estimate,
          optionName: "Better: 200A panel and whole-home surge protector",
          totalCents: 334_900,
          signatureName: "Marie-Thérèse Boudreaux-Landry",
          approvedAt: new Date("2026-12-05T14:12:00Z"),
        }),
      },
    ],
    "estimate-declined-email": [
      {
        name: "estimate declined",
        email: estimateDeclinedEmail(
          {
            ...estimate,
            declinedAt: new Date("2026-12-05T14:12:00Z"),
            reason: "other_contractor",
            note: `We went with a neighbor's electrician. ${LONG_ADDRESS}`,
          },
          `${APP}/admin/estimates/42`,
        ),
      },
    ],
    "invoice-email": [{ name: "invoice", email: invoiceEmail(invoice, `${APP}/invoices/${TOKEN}`) }],
    "invoice-reminder": [
      { name: "invoice reminder", email: invoiceReminderEmail(invoice, `${APP}/invoices/${TOKEN}`) },
    ],
    "payment-receipt-email": [
      {
        name: "payment receipt",
        email: paymentReceiptEmail({
          amountCents: 50_000,
          method: "check",
          reference: "1042",
          receivedAt: new Date("2026-12-05T14:12:00Z"),
          of: { kind: "invoice", number: invoice.number, totalCents: invoice.totalCents, balanceCents: 141_100 },
        }),
      },
    ],
    "payment-failed-email": [
      {
        name: "bank payment failed",
        email: paymentFailedEmail({
          amountCents: 141_100,
          startedAt: new Date("2026-12-05T14:12:00Z"),
          of: { kind: "invoice", number: invoice.number },
          customerUrl: `${APP}/invoices/${TOKEN}`,
        }),
      },
      {
        name: "bank payment failed, the office's copy",
        email: paymentFailedOfficeEmail({
          amountCents: 141_100,
          startedAt: new Date("2026-12-05T14:12:00Z"),
          of: { kind: "invoice", number: invoice.number },
          customerUrl: `${APP}/invoices/${TOKEN}`,
          customerName: "Marie-Thérèse Boudreaux-Landry",
          staffUrl: `${APP}/admin/invoices/107`,
        }),
      },
    ],
    "payment-refund-due-email": [
      {
        name: "refund due",
        email: refundDueOfficeEmail({
          amountCents: 191_100,
          refundDueCents: 50_000,
          method: "card",
          reference: "pi_3QXexample",
          receivedAt: new Date("2026-12-05T14:12:00Z"),
          of: { kind: "invoice", number: invoice.number },
          customerName: "Marie-Thérèse Boudreaux-Landry",
          staffUrl: `${APP}/admin/invoices/107`,
        }),
      },
    ],
    "membership-email": [
      {
        name: "plan welcome, with the receipt",
        email: membershipWelcomeEmail(member, { amountCents: 18_900, method: "card", reference: "in_1QXexample" }),
      },
      {
        name: "plan welcome, enrolled by the office (a check)",
        email: membershipWelcomeEmail(
          { ...member, paysOnline: false, interval: "month", priceCents: 1_700 },
          { amountCents: 1_700, method: "check", reference: "2210" },
        ),
      },
      {
        name: "plan renewed",
        email: membershipRenewedEmail(member, { amountCents: 18_900, method: "card", reference: "in_1QYexample" }),
      },
      { name: "plan payment failed", email: membershipPaymentFailedEmail(member) },
      { name: "plan renewal reminder", email: membershipRenewalReminderEmail(member, 30) },
      { name: "plan cancelled", email: membershipCancelScheduledEmail(member) },
      { name: "plan ended", email: membershipEndedEmail({ ...member, plansUrl: `${APP}/plans` }) },
    ],
    "membership-office-email": [
      {
        name: "plan payment failed, the office's copy",
        email: membershipPaymentFailedOfficeEmail({ ...member, staffUrl: `${APP}/admin/customers/4417` }),
      },
    ],
    "csv-export": [
      {
        name: "export ready",
        email: csvExportEmail({
          what: "bookings",
          rowCount: 104_312,
          filename: "bookings-2026-12-05.csv",
          url: `${APP}/admin/exports/3f1c2a9e-5b7d-4e21-9c0a-8d6f4b2e1a37`,
          expiresAt: new Date("2026-12-12T14:12:00Z"),
        }),
      },
    ],
  };
}

/**
 * What a reader must find in an email whichever part their mail app shows: every link, clock time,
 * date, amount, phone number and number with "#" in the HTML part. The HTML is ours (the layout in
 * packages/shared/src/email/html.ts), so a tag-level reading suffices.
 */
function essentialFacts(html: string): string[] {
  const body = html.slice(html.indexOf("<body"));
  const links = [...body.matchAll(/href="([^"]+)"/g)].map((m) => decode(m[1]!));
  const visible = decode(body.replace(/<!--[\s\S]*?-->/g, " ").replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");
  const patterns = [
    /\b\d{1,2}(?::\d{2})? ?[AP]M\b/g, // 8 AM, 5:00 PM
    /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}\b/g, // Dec 4, December 4
    /\$[\d,]+(?:\.\d{2})?/g, // $1,911.00
    /\(\d{3}\) \d{3}-\d{4}/g, // (225) 555-0142
    /#\d+/g, // #12950
    /https?:\/\/\S+/g, // a link written out
  ];
  const facts = patterns.flatMap((p) => [...visible.matchAll(p)].map((m) => m[0].replace(/[.,:;)]+$/, "")));
  return [...new Set([...links, ...facts])];
}

/** The facts of the HTML part that its plain-text part lacks (none for a good email). */
export function missingFromText(email: { html?: string; text?: string }): string[] {
  const text = (email.text ?? "").replace(/\s+/g, " ");
  return essentialFacts(email.html ?? "").filter((fact) => !text.includes(fact));
}

function decode(s: string): string {
  return s
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}
