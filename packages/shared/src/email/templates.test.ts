import { describe, expect, it } from "vitest";
import { business } from "../business";
import {
  appointmentConfirmationEmail,
  contactNotificationEmail,
  emailVerificationEmail,
  passwordResetEmail,
} from "./templates";
import { visitCancelledEmail, visitOnTheWayEmail } from "./visit-templates";

describe("account emails", () => {
  it("the verification email greets with 'Hello,' alone: the address is not proved yet", () => {
    const email = emailVerificationEmail({ verifyUrl: "https://example.com/verify-email?token=t" });
    expect(email.text).toMatch(/^Hello,\n/);
    expect(email.html).toContain("<p>Hello,</p>");
  });

  it("a reset email greets by name only when given one (a verified account), else 'Hello,'", () => {
    const unverified = passwordResetEmail({ firstName: null, resetUrl: "https://example.com/login?token=t" });
    expect(unverified.text).toMatch(/^Hello,\n/);
    expect(unverified.html).toContain("<p>Hello,</p>");
    const verified = passwordResetEmail({ firstName: "Clovis", resetUrl: "https://example.com/login?token=t" });
    expect(verified.text).toMatch(/^Hi Clovis,\n/);
    expect(verified.html).toContain("<p>Hi Clovis,</p>");
  });
});

describe("emergencies", () => {
  const placeholder = new Date("2026-11-27T15:00:00Z"); // 9:00 AM in Baton Rouge: where a request waits to be placed

  it("an emergency request's confirmation: the office is calling now, the emergency line, no time", () => {
    const email = appointmentConfirmationEmail({
      visitId: 7,
      serviceType: "Emergency Electrical Service",
      priority: "emergency",
      scheduledDate: placeholder,
    });
    expect(email.subject).toBe(`Emergency request received: our office is calling you now – ${business.name}`);
    for (const body of [email.text, email.html]) {
      expect(body).toContain("our office is calling you now");
      expect(body).toContain(business.phone);
      expect(body).not.toMatch(/Requested time|24 hours|9:00 AM|November 27/);
    }
  });

  it("an ordinary request's confirmation keeps its requested time and the call-back promise", () => {
    const email = appointmentConfirmationEmail({
      visitId: 8,
      serviceType: "Panel Upgrade",
      priority: "normal",
      scheduledDate: placeholder,
    });
    expect(email.text).toContain("Visit: #8");
    expect(email.text).toContain("Requested time");
    expect(email.text).toContain("9:00 AM");
    expect(email.text).toContain("within 24 hours");
  });

  it("an emergency contact message's staff email starts URGENT and says to call them now, with the inbox link", () => {
    const contact = {
      id: 31,
      firstName: "Delphine",
      lastName: "Guidry",
      email: "d@example.com",
      phone: "(225) 555-0177",
      service: "residential",
      message: "Sparks coming from the outlet",
      createdAt: placeholder,
    };
    const urgent = contactNotificationEmail({ ...contact, emergency: true }, "https://example.com");
    expect(urgent.subject).toBe("URGENT: EMERGENCY contact message from Delphine Guidry (residential)");
    expect(urgent.text).toMatch(
      /^EMERGENCY: call Delphine Guidry at \(225\) 555-0177 now\. The message, in the inbox: https:\/\/example\.com\/admin\/inbox\?item=contact%3A31\n/,
    );
    const plain = contactNotificationEmail({ ...contact, emergency: false }, "https://example.com");
    expect(plain.subject).toBe("New contact message from Delphine Guidry (residential)");
    expect(plain.text).not.toContain("EMERGENCY");
  });
});

describe("the customer's visit emails", () => {
  const visit = {
    id: 342,
    service: "Outlet Installation",
    scheduledDate: new Date("2026-06-12T21:00:00Z"), // Friday 4:00 PM CDT: the 4 to 6 window
    durationMinutes: 120,
    technicianFirstName: "Sam",
  };

  it("On my way gives the minutes and the clock time they make", () => {
    const email = visitOnTheWayEmail(visit, 30, new Date("2026-06-12T19:13:27Z")); // told at 2:13 PM
    expect(email.subject).toBe(`Sam is on the way: expected about 2:45 PM – ${business.name}`);
    expect(email.text).toContain("Sam is on the way and expects to arrive in about 30 minutes, at about 2:45 PM.");
    expect(email.text).toContain("Expected arrival: About 2:45 PM (30 minutes after 2:13 PM, when Sam set out)");
    expect(email.text).toContain("Visit: #342");
  });

  it("On my way says one expected arrival, and names the booked time apart from it", () => {
    // Booked for 5:00 PM, a time and not a window; the technician sets out at 7:33 PM for 30 minutes.
    const late = { ...visit, scheduledDate: new Date("2026-06-12T22:00:00Z") };
    const email = visitOnTheWayEmail(late, 30, new Date("2026-06-13T00:33:00Z"));
    for (const body of [email.text, email.html.replace(/<[^>]+>/g, " ")]) {
      expect(body).toMatch(/Expected arrival:?\s+About 8:05 PM/);
      expect(body).toMatch(/Booked time:?\s+Friday, June 12, 2026 at 5:00 PM/);
      expect(body).not.toMatch(/around|(^|\s)Time:?\s/);
    }
    expect(email.subject).toContain("expected about 8:05 PM");
    // A visit in a window: the booked window, named so.
    expect(visitOnTheWayEmail(visit, 15, new Date("2026-06-12T19:13:27Z")).text).toContain(
      "Booked arrival window: Friday, Jun 12, between 4 PM and 6 PM",
    );
  });

  it("a cancellation names the window, or only the visit's number when its time was never set", () => {
    const cancelled = visitCancelledEmail(visit, "customer", "https://example.com/book");
    expect(cancelled.subject).toBe(
      `Your visit on Friday, Jun 12, between 4 PM and 6 PM is cancelled – ${business.name}`,
    );
    const request = visitCancelledEmail({ ...visit, toBeArranged: true }, "staff", "https://example.com/book");
    expect(request.subject).toBe(`Your visit #342 is cancelled – ${business.name}`);
    expect(request.text).toContain("Time: To be arranged by phone");
    expect(request.text).not.toContain("4 PM");
  });
});
