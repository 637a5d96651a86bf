import { createECDH, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pushSubscriptionSchema } from "./push";

const ecdh = createECDH("prime256v1");
const keys = { p256dh: ecdh.generateKeys("base64url", "uncompressed"), auth: randomBytes(16).toString("base64url") };
const subscription = (endpoint: string) => ({ endpoint, expirationTime: null, keys });
const production = pushSubscriptionSchema({ production: true });
const development = pushSubscriptionSchema({ production: false });

const endpointError = (schema: typeof production, endpoint: string) => {
  const result = schema.safeParse(subscription(endpoint));
  return result.success ? null : result.error.issues.find((i) => i.path[0] === "endpoint")?.message;
};

describe("pushSubscriptionSchema", () => {
  it("takes what browsers hand over, padded or not, and keeps the keys unpadded", () => {
    const endpoint = "https://fcm.googleapis.com/fcm/send/abc:APA91b";
    expect(production.parse(subscription(endpoint))).toEqual(subscription(endpoint));
    const padded = production.parse({ endpoint, keys: { p256dh: `${keys.p256dh}=`, auth: `${keys.auth}==` } });
    expect(padded.keys).toEqual(keys);
  });

  it("in production, posts only to https addresses under a public name", () => {
    expect(endpointError(production, "https://updates.push.services.mozilla.com/wpush/v2/x")).toBeNull();
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/x",
      "https://127.0.0.1:8443/push/x",
      "https://[::1]/push/x",
      "https://localhost/push/x",
      "https://redis/push/x",
      "https://metadata.internal/x",
      "https://user:secret@fcm.googleapis.com/fcm/send/x",
    ]) {
      expect(endpointError(production, endpoint), endpoint).toEqual(expect.any(String));
    }
  });

  it("outside production, also takes a local stand-in, over http too", () => {
    expect(endpointError(development, "https://127.0.0.1:8443/push/x")).toBeNull();
    expect(endpointError(development, "http://127.0.0.1:8080/push/x")).toBeNull();
    expect(endpointError(development, "ftp://127.0.0.1/push/x")).toEqual(expect.any(String));
  });

  it("refuses keys of the wrong size or shape", () => {
    const endpoint = "https://fcm.googleapis.com/fcm/send/x";
    for (const bad of [
      { p256dh: keys.p256dh.slice(1), auth: keys.auth },
      { p256dh: `C${keys.p256dh.slice(1)}`, auth: keys.auth },
      { p256dh: keys.p256dh, auth: randomBytes(32).toString("base64url") },
      { p256dh: keys.p256dh, auth: "abc+/def" },
    ]) {
      expect(production.safeParse({ endpoint, keys: bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
