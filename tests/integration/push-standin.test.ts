import { Agent } from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import {
  createSubscriptionKeys,
  decryptPushBody,
  startPushStandin,
  verifyVapid,
  type PushStandin,
} from "../support/push-standin";

/**
 * The push-service stand-in the push alert tests rely on (tests/support/push-standin.ts):
 * it decrypts what the `web-push` library encrypts, checks VAPID as a push
 * service does, and answers 410 for a subscription made "gone".
 */

describe("the push stand-in's decryption", () => {
  it("reads what web-push encrypts, short and long", () => {
    const keys = createSubscriptionKeys();
    for (const text of ['{"title":"EMERGENCY: sparks"}', "é".repeat(1_800)]) {
      const { cipherText } = webpush.encrypt(keys.p256dh, keys.auth, text, "aes128gcm");
      expect(decryptPushBody(cipherText, keys).toString("utf8")).toBe(text);
    }
  });

  it("refuses a body encrypted for another subscription", () => {
    const keys = createSubscriptionKeys();
    const other = createSubscriptionKeys();
    const { cipherText } = webpush.encrypt(other.p256dh, other.auth, "secret", "aes128gcm");
    expect(() => decryptPushBody(cipherText, keys)).toThrow();
  });
});

describe("the push stand-in's VAPID check", () => {
  const vapid = webpush.generateVAPIDKeys();
  const audience = "https://127.0.0.1:4430";
  const header = (keys = vapid, aud = audience) =>
    webpush.getVapidHeaders(aud, "mailto:staff@test.example.com", keys.publicKey, keys.privateKey, "aes128gcm")
      .Authorization;

  it("accepts a JWT signed by the key it names, for this origin", () => {
    const checked = verifyVapid(header(), audience);
    expect(checked.vapidPublicKey).toBe(vapid.publicKey);
    expect(checked.claims.sub).toBe("mailto:staff@test.example.com");
  });

  it("refuses another audience, another key's signature, and an expired token", () => {
    expect(() => verifyVapid(header(vapid, "https://elsewhere.example"), audience)).toThrow(/aud/);
    const forged = header(webpush.generateVAPIDKeys()).replace(/k=[\w-]+$/, `k=${vapid.publicKey}`);
    expect(() => verifyVapid(forged, audience)).toThrow(/signature/);
    expect(() => verifyVapid(header(), audience, Date.now() + 25 * 3600_000)).toThrow(/expired/);
  });
});

describe("the push stand-in over HTTPS", () => {
  let standin: PushStandin;
  let agent: Agent;
  const vapidDetails = { subject: "mailto:staff@test.example.com", ...webpush.generateVAPIDKeys() };
  beforeAll(async () => {
    standin = await startPushStandin();
    agent = new Agent({ ca: standin.ca });
  });
  afterAll(async () => {
    agent?.destroy();
    await standin?.close();
  });

  it("records what web-push sends, and answers 410 once the subscription is gone", async () => {
    const subscription = standin.subscribe();
    const sent = await webpush.sendNotification(subscription, JSON.stringify({ title: "Hello" }), {
      vapidDetails,
      agent,
      TTL: 60,
      urgency: "high",
    });
    expect(sent.statusCode).toBe(201);
    expect(standin.list(subscription.endpoint)).toEqual([
      expect.objectContaining({
        payload: { title: "Hello" },
        vapidPublicKey: vapidDetails.publicKey,
        headers: expect.objectContaining({ ttl: "60", urgency: "high", "content-encoding": "aes128gcm" }),
      }),
    ]);

    standin.gone(subscription.endpoint);
    await expect(webpush.sendNotification(subscription, "again", { vapidDetails, agent })).rejects.toMatchObject({
      statusCode: 410,
    });
    expect(standin.rejected).toEqual([]);
  });
});
