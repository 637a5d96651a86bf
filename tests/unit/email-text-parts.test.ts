import { describe, expect, it } from "vitest";
import { emailKinds, emailSamples, missingFromText } from "../support/email-samples";

/**
 * Every email carries a plain-text part (sent as Resend's `text`) that says what its HTML says: a
 * reader whose mail app shows text, or reads it aloud, gets every link, time, date, amount, phone
 * number and visit number. The emails the worker really sends are checked the same way in
 * tests/integration/email-delivery.test.ts.
 */
describe("the plain-text part of every email", () => {
  const samples = emailSamples();

  it("covers every kind of email the outbox sends", () => {
    expect(Object.keys(samples).sort()).toEqual([...emailKinds].sort());
  });

  for (const [kind, variants] of Object.entries(samples))
    for (const { name, email } of variants)
      it(`${kind} (${name}): the text part carries the HTML's links, times and numbers`, () => {
        expect(email.text.trim().length).toBeGreaterThan(0);
        expect(missingFromText(email)).toEqual([]);
      });
});
