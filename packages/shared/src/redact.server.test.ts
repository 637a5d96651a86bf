import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { redactUrl, secretRef } from "./redact.server";

describe("redactUrl", () => {
  it.each([
    // Reset and verification links.
    ["/login?token=abc.DEF-123", "/login?token=[redacted]"],
    ["/verify-email?token=abc", "/verify-email?token=[redacted]"],
    ["/login?next=%2Faccount&token=abc&x=1", "/login?next=%2Faccount&token=[redacted]&x=1"],
    ["/login?TOKEN=abc", "/login?TOKEN=[redacted]"],
    ["/login?%74oken=abc", "/login?%74oken=[redacted]"],
    ["/login?token=a&token=b", "/login?token=[redacted]&token=[redacted]"],
    // socket.io's session id.
    ["/socket.io/?EIO=4&transport=polling&sid=Zx9Yw", "/socket.io/?EIO=4&transport=polling&sid=[redacted]"],
    // Calendar feeds: everything after /calendar/.
    ["/calendar/0f8fad5b-d9cb-469f-a165-70867728950e.c2lnbmF0dXJl.ics", "/calendar/[redacted]"],
    ["/calendar/a/b/c?x=1", "/calendar/[redacted]?x=1"],
    ["/Calendar/abc.ics", "/Calendar/[redacted]"],
    ["/%63alendar/abc.ics", "/%63alendar/[redacted]"],
    // Chat session ids.
    ["/api/chat/chat_AbCdEf123456/message", "/api/chat/[redacted]/message"],
    ["/api/chat/chat_AbCdEf123456/messages?after=3", "/api/chat/[redacted]/messages?after=3"],
    ["/api/chat/chat_AbCdEf123456", "/api/chat/[redacted]"],
    ["/API/Chat/chat_AbCdEf123456/book-appointment", "/API/Chat/[redacted]/book-appointment"],
    // Appointment links.
    ["/appointments/tok_123", "/appointments/[redacted]"],
    ["/estimates/tok_123", "/estimates/[redacted]"],
    ["/estimates/tok_123/deposit", "/estimates/[redacted]/deposit"],
    ["/invoices/tok_123/pay?paid=1", "/invoices/[redacted]/pay?paid=1"],
    ["/unsubscribe/tok_456", "/unsubscribe/[redacted]"],
    ["/membership/tok_789?joined=1", "/membership/[redacted]?joined=1"],
    ["/appointments/tok_123/cancel?token=x", "/appointments/[redacted]/cancel?token=[redacted]"],
    // Absolute addresses keep their origin.
    ["http://127.0.0.1:3000/login?token=abc", "http://127.0.0.1:3000/login?token=[redacted]"],
  ])("%s → %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    "/",
    "/contact",
    "/services/panel-upgrades?utm_source=x",
    "/api/chat/session",
    "/calendar",
    "/admin/calendar?month=2026-11",
    "/login?tokens=1",
    "/login?token",
  ])("leaves %s as it is", (url) => {
    expect(redactUrl(url)).toBe(url);
  });

  it("never throws on addresses that do not decode", () => {
    expect(redactUrl("/login?%E0%A4%A=1&token=%ZZ")).toBe("/login?%E0%A4%A=1&token=[redacted]");
    expect(redactUrl("/%E0%A4%A/x")).toBe("/%E0%A4%A/x");
  });
});

describe("secretRef", () => {
  it("is the first 12 hex characters of the SHA-256, never the secret", () => {
    const id = "chat_AbCdEf123456";
    expect(secretRef(id)).toBe(createHash("sha256").update(id).digest("hex").slice(0, 12));
    expect(secretRef(id)).toMatch(/^[0-9a-f]{12}$/);
    expect(secretRef(id)).not.toContain("AbCdEf");
    expect(secretRef("chat_other")).not.toBe(secretRef(id));
  });
});
