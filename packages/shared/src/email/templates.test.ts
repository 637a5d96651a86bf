import { describe, expect, it } from "vitest";
import { emailVerificationEmail, passwordResetEmail } from "./templates";

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
