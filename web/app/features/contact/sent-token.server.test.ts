import { describe, expect, it } from "vitest";
import { readSentToken, sentLocation, sentToken } from "./sent-token.server";

const env = { SESSION_SECRETS: ["a-secret-long-enough-for-the-test-0123456789"] };
const other = { SESSION_SECRETS: ["another-secret-long-enough-for-the-test-98765"] };
const now = Date.UTC(2026, 2, 10, 15);

describe("the contact page's sent token", () => {
  it("says a message was sent, and whether it was an emergency", () => {
    expect(readSentToken(env, sentToken(env, false, now), now)).toEqual({ emergency: false });
    expect(readSentToken(env, sentToken(env, true, now), now)).toEqual({ emergency: true });
  });

  it("leads to the page with the token and the notice's anchor, and carries nothing the visitor typed", () => {
    const location = sentLocation(env, true);
    expect(location).toMatch(/^\/contact\?sent=e\.[0-9a-z]+\.[\w-]{43}#contact-sent$/);
  });

  it("is refused once expired, forged, signed with another key, or malformed", () => {
    const token = sentToken(env, false, now);
    expect(readSentToken(env, token, now + 29 * 60_000)).not.toBeNull();
    expect(readSentToken(env, token, now + 31 * 60_000)).toBeNull();
    expect(readSentToken(env, token.replace(/^m/, "e"), now)).toBeNull();
    expect(readSentToken(other, token, now)).toBeNull();
    for (const bad of [null, "", "m", "m.1.x", `${token}x`, "x.1.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"])
      expect(readSentToken(env, bad, now)).toBeNull();
  });

  it("is verified by every configured secret (rotation)", () => {
    const token = sentToken(other, false, now);
    expect(readSentToken({ SESSION_SECRETS: [...env.SESSION_SECRETS, ...other.SESSION_SECRETS] }, token, now)).toEqual({
      emergency: false,
    });
  });
});
