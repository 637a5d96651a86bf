import { describe, expect, it } from "vitest";
import { business, createBusinessFacts } from "../business";
import { requireBusinessInstant } from "../time";
import { isGsm7, segmentsOf } from "./gsm7";
import {
  consentRequest,
  estimateText,
  helpReply,
  invoiceText,
  onTheWayText,
  reviewRequestText,
  startReply,
  welcomeReply,
  stopReply,
  TEXT_CONSENT_LABEL,
  textConsentWording,
  visitCancelledText,
  visitConfirmedText,
  visitConfirmedReply,
  manageLinkReply,
  noVisitReply,
  visitReminderText,
} from "./wording";

const at = (date: string, time: string) => requireBusinessInstant(date, time);
/** A manage link as long as the real ones (90 characters). */
const LINK = "https://bayoucurrentelectric.com/appointments/" + "x".repeat(44);
const SHORT_LINK = "https://bce.test/a/1";
/** When a reminder is sent: a day before every visit these tests name (so "tomorrow" whatever today is). */
const SENT = at("2026-11-15", "09:00");

/** Every notice with realistic values (the longest window, a two-digit day, a five-figure amount). */
function notices(link: string, facts = business): Record<string, string> {
  // 2026-12-30 is a Wednesday; its 10 AM - 12 PM window is the longest to write.
  const visit = { windowStart: at("2026-12-30", "10:00"), windowMinutes: 120, link };
  return {
    visitConfirmed: visitConfirmedText(visit, facts),
    visitReminder: visitReminderText(visit, facts, SENT),
    onTheWay: onTheWayText({ technicianFirstName: "Beauregard", arriveAt: at("2026-12-30", "10:13") }, facts),
    estimate: estimateText({ number: "EST-2026-0007", link }, facts),
    invoice: invoiceText({ number: "INV-2026-0042", amount: "$12,450.00", link }, facts),
    reviewRequest: reviewRequestText({ link }, facts),
    visitCancelled: visitCancelledText({ windowStart: at("2026-12-30", "10:00") }, facts),
    confirmedByCustomer: visitConfirmedReply(visit, facts),
    manageLink: manageLinkReply(visit, facts),
    noVisit: noVisitReply(facts),
  };
}

describe("notice texts", () => {
  it("begin with the business's name, are GSM-7, and fit one segment with a 90-character link", () => {
    expect(LINK).toHaveLength(90);
    for (const [name, text] of Object.entries(notices(LINK))) {
      expect(text.startsWith(`${business.name}: `), name).toBe(true);
      expect(isGsm7(text), name).toBe(true);
      expect(segmentsOf(text), `${name}: ${text}`).toMatchObject({ encoding: "GSM-7", segments: 1 });
      if (!["onTheWay", "visitCancelled", "noVisit"].includes(name)) expect(text.endsWith(LINK), name).toBe(true);
    }
  });

  it("fit one segment in every arrival window of a day", () => {
    for (const time of ["08:00", "10:00", "12:00", "14:00", "16:00"]) {
      const visit = { windowStart: at("2026-12-30", time), windowMinutes: 120, link: LINK };
      for (const text of [visitConfirmedText(visit), visitReminderText(visit, undefined, SENT)])
        expect(segmentsOf(text).segments, text).toBe(1);
    }
  });

  it("take no more than two segments for a 40-character business name", () => {
    const facts = createBusinessFacts({ name: "Bayou Current Electric of Baton Rouge LA" });
    expect(facts.name).toHaveLength(40);
    for (const [name, text] of Object.entries(notices(LINK, facts))) {
      expect(text.startsWith(`${facts.name}: `), name).toBe(true);
      expect(isGsm7(text), name).toBe(true);
      expect(segmentsOf(text).segments, `${name}: ${text}`).toBeLessThanOrEqual(2);
    }
  });

  it("make a name with curly quotes or dashes GSM-7", () => {
    const facts = createBusinessFacts({ name: "Boudreaux’s Electric – Baton Rouge" });
    for (const [name, text] of Object.entries(notices(LINK, facts))) {
      expect(text.startsWith("Boudreaux's Electric - Baton Rouge: "), name).toBe(true);
      expect(isGsm7(text), name).toBe(true);
    }
  });

  it("say more when the link is short", () => {
    const visit = { windowStart: at("2026-12-01", "08:00"), windowMinutes: 120, link: SHORT_LINK };
    expect(visitConfirmedText(visit)).toBe(
      `Bayou Current Electric: your visit is booked for Tue Dec 1, 8-10 AM. Manage: ${SHORT_LINK}`,
    );
    expect(visitReminderText(visit, undefined, SENT)).toBe(
      `Bayou Current Electric: reminder, your visit is tomorrow, Tue Dec 1, 8-10 AM. Reply C to confirm. Manage: ${SHORT_LINK}`,
    );
    expect(estimateText({ number: "EST-2026-0007", link: SHORT_LINK })).toBe(
      `Bayou Current Electric: your estimate EST-2026-0007 is ready. View and approve it here: ${SHORT_LINK}`,
    );
    expect(invoiceText({ number: "INV-2026-0042", amount: "$1,250.00", link: SHORT_LINK })).toBe(
      `Bayou Current Electric: your invoice INV-2026-0042 for $1,250.00 is ready. View it here: ${SHORT_LINK}`,
    );
    expect(reviewRequestText({ link: SHORT_LINK })).toBe(
      `Bayou Current Electric: thank you for choosing us! If you have a minute, we'd love a review: ${SHORT_LINK}`,
    );
  });

  it("say less, never take a second segment, when the link is long", () => {
    const visit = { windowStart: at("2026-12-01", "08:00"), windowMinutes: 120, link: LINK };
    expect(visitConfirmedText(visit)).toBe(`Bayou Current Electric: visit booked Tue Dec 1, 8-10 AM. Manage: ${LINK}`);
    expect(visitReminderText(visit, undefined, SENT)).toBe(
      `Bayou Current Electric: visit tomorrow, Tue Dec 1, 8-10 AM. Manage: ${LINK}`,
    );
    expect(estimateText({ number: "EST-2026-0007", link: LINK })).toBe(
      `Bayou Current Electric: your estimate EST-2026-0007 is ready: ${LINK}`,
    );
    expect(invoiceText({ number: "INV-2026-0042", amount: "$1,250.00", link: LINK })).toBe(
      `Bayou Current Electric: invoice INV-2026-0042 for $1,250.00 is ready: ${LINK}`,
    );
  });

  it("write windows without an en dash, in Baton Rouge time", () => {
    const text = (date: string, time: string, minutes = 120) =>
      visitConfirmedText({ windowStart: at(date, time), windowMinutes: minutes, link: SHORT_LINK });
    expect(text("2026-12-01", "10:00")).toContain("Tue Dec 1, 10 AM-12 PM.");
    expect(text("2026-12-01", "12:00")).toContain("Tue Dec 1, 12-2 PM.");
    expect(text("2026-12-01", "16:00")).toContain("Tue Dec 1, 4-6 PM.");
    expect(text("2026-12-01", "08:30")).toContain("Tue Dec 1, 8:30-10:30 AM.");
    expect(text("2026-12-01", "11:00", 90)).toContain("Tue Dec 1, 11 AM-12:30 PM.");
    // A visit at an exact time (a window of 0 minutes): its start alone.
    expect(text("2026-12-01", "15:30", 0)).toContain("Tue Dec 1, 3:30 PM.");
    expect(
      visitReminderText({ windowStart: at("2026-12-01", "15:30"), windowMinutes: 0, link: LINK }, undefined, SENT),
    ).toContain("visit tomorrow, Tue Dec 1, 3:30 PM.");
    // Summer time (CDT) and winter time (CST) alike; the Monday after the autumn change.
    expect(text("2026-07-04", "08:00")).toContain("Sat Jul 4, 8-10 AM.");
    expect(text("2026-11-02", "08:00")).toContain("Mon Nov 2, 8-10 AM.");
    // An evening window late in Baton Rouge is the next day in UTC.
    expect(text("2026-09-30", "19:30")).toContain("Wed Sep 30, 7:30-9:30 PM.");
  });

  it("tell the expected time of a technician on the way, to the nearest five minutes", () => {
    expect(onTheWayText({ technicianFirstName: "Sam", arriveAt: at("2026-12-01", "10:13") })).toBe(
      "Bayou Current Electric: Sam is on the way, expected about 10:15 AM.",
    );
    expect(onTheWayText({ technicianFirstName: " Sam ", arriveAt: at("2026-12-01", "14:58") })).toBe(
      "Bayou Current Electric: Sam is on the way, expected about 3 PM.",
    );
    expect(onTheWayText({ technicianFirstName: "", arriveAt: at("2026-12-01", "09:00") })).toBe(
      "Bayou Current Electric: Your technician is on the way, expected about 9 AM.",
    );
    expect(onTheWayText({ technicianFirstName: null, arriveAt: at("2026-12-01", "09:00") })).toBe(
      "Bayou Current Electric: Your technician is on the way, expected about 9 AM.",
    );
  });

  it("name a cancelled visit's time and the phone to rebook", () => {
    expect(visitCancelledText({ windowStart: at("2026-12-01", "08:00") })).toBe(
      "Bayou Current Electric: your visit on Tue Dec 1 at 8 AM is cancelled. To rebook, call (225) 555-0142.",
    );
  });
});

describe("consent and the replies carriers require", () => {
  it("label the consent checkbox and disclose what the customer agrees to", () => {
    expect(TEXT_CONSENT_LABEL).toBe("Text me about my visits");
    const wording = textConsentWording();
    for (const words of [
      "Bayou Current Electric",
      "visit confirmations, reminders, on-the-way notices, estimates, invoices, a review request after a visit and replies to your messages",
      "Up to 6 messages per visit.",
      "Msg & data rates may apply.",
      "Reply STOP to opt out, HELP for help.",
      "Consent is not a condition of purchase.",
    ])
      expect(wording).toContain(words);
    expect(textConsentWording(createBusinessFacts({ name: "Acadiana Power" }))).toMatch(/^Acadiana Power will text/);
  });

  it("answer HELP, STOP and START, and ask for consent, in one GSM-7 segment", () => {
    const replies = {
      help: helpReply(),
      stop: stopReply(),
      start: startReply(),
      welcome: welcomeReply(),
      consent: consentRequest(),
    };
    for (const [name, text] of Object.entries(replies)) {
      expect(text, name).toContain(business.name);
      expect(segmentsOf(text), `${name}: ${text}`).toMatchObject({ encoding: "GSM-7", segments: 1 });
    }
    expect(replies.help).toBe(
      "Bayou Current Electric: texts about visits, estimates and invoices. Reply C to confirm your next visit, R for its link, STOP to opt out. Help: (225) 555-0142.",
    );
    expect(replies.stop).toBe(
      "You're unsubscribed from Bayou Current Electric texts. No more messages will be sent. Reply START to resubscribe.",
    );
    expect(replies.start).toMatch(/^Bayou Current Electric: you're resubscribed/);
    for (const words of ["Up to 6 messages per visit.", "Msg & data rates may apply.", "HELP", "STOP"]) {
      expect(replies.start).toContain(words);
      expect(replies.welcome).toContain(words);
    }
    expect(replies.consent).toMatch(/^Bayou Current Electric: may we text you about your visits\?/);
    for (const words of ["Reply YES to agree, STOP to opt out.", "Msg & data rates may apply."])
      expect(replies.consent).toContain(words);
  });

  it("use the configured name and phone", () => {
    const facts = createBusinessFacts({ name: "Acadiana Power", phone: "(337) 555-0123" });
    expect(helpReply(facts)).toContain("Acadiana Power: ");
    expect(helpReply(facts)).toContain("Help: (337) 555-0123.");
    expect(stopReply(facts)).toContain("from Acadiana Power texts");
    expect(startReply(facts)).toMatch(/^Acadiana Power: /);
    expect(consentRequest(facts)).toMatch(/^Acadiana Power: /);
  });
});

describe("a reminder held through the quiet hours", () => {
  it("says today when it goes on the visit's own day", () => {
    const visit = { windowStart: at("2026-12-01", "10:00"), windowMinutes: 120, link: LINK };
    expect(visitReminderText(visit, undefined, at("2026-12-01", "08:00"))).toContain(
      "visit today, Tue Dec 1, 10 AM-12 PM",
    );
    expect(visitReminderText(visit, undefined, at("2026-11-30", "21:59"))).toContain("visit tomorrow");
  });
});

describe("the answers to C and R", () => {
  const visit = { windowStart: at("2026-12-01", "08:00"), windowMinutes: 120, link: SHORT_LINK };

  it("name the visit and carry its manage link", () => {
    expect(visitConfirmedReply(visit)).toBe(
      `Bayou Current Electric: thanks, your visit Tue Dec 1, 8-10 AM is confirmed. Manage: ${SHORT_LINK}`,
    );
    expect(manageLinkReply(visit)).toBe(
      `Bayou Current Electric: your visit Tue Dec 1, 8-10 AM. Move or cancel it here: ${SHORT_LINK}`,
    );
  });

  it("say so, with the phone, when the number has no visit to come", () => {
    expect(noVisitReply()).toContain("no upcoming visit for this number");
    expect(noVisitReply()).toContain(business.phone);
  });

  it("a reminder with a short link asks for the C", () => {
    expect(visitReminderText(visit, undefined, at("2026-11-30", "09:00"))).toContain("Reply C to confirm.");
  });
});
