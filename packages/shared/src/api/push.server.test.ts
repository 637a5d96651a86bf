import { createECDH, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pushSubscriptionSchema } from "./push.server";

const ecdh = createECDH("prime256v1");
const keys = { p256dh: ecdh.generateKeys("base64url", "uncompressed"), auth: randomBytes(16).toString("base64url") };
const subscription = (endpoint: string) => ({ endpoint, expirationTime: null, keys });
const publicOnly = pushSubscriptionSchema({ extraHosts: [] });
/** PUSH_SERVICE_HOSTS=127.0.0.1:8443,push.example.net (a test stand-in, an extra service). */
const withExtras = pushSubscriptionSchema({
  extraHosts: [
    { host: "127.0.0.1", port: 8443 },
    { host: "push.example.net", port: 443 },
  ],
});

const endpointError = (schema: typeof publicOnly, endpoint: string) => {
  const result = schema.safeParse(subscription(endpoint));
  return result.success ? null : result.error.issues.find((i) => i.path[0] === "endpoint")?.message;
};

describe("pushSubscriptionSchema", () => {
  it("takes what browsers hand over, padded or not, and keeps the keys unpadded", () => {
    const endpoint = "https://fcm.googleapis.com/fcm/send/abc:APA91b";
    expect(publicOnly.parse(subscription(endpoint))).toEqual(subscription(endpoint));
    const padded = publicOnly.parse({ endpoint, keys: { p256dh: `${keys.p256dh}=`, auth: `${keys.auth}==` } });
    expect(padded.keys).toEqual(keys);
  });

  it("takes https endpoints of the public push services (trailing dots normalised)", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/x",
      "https://android.googleapis.com/gcm/send/x",
      "https://updates.push.services.mozilla.com/wpush/v2/x",
      "https://push.services.mozilla.com/wpush/v2/x",
      "https://web.push.apple.com/QGx",
      "https://api.push.apple.com/3/device/x",
      "https://wns2-par02p.notify.windows.com/w/?token=x",
      "https://FCM.googleapis.com./fcm/send/x",
      "https://fcm.googleapis.com:443/fcm/send/x",
    ]) {
      expect(endpointError(publicOnly, endpoint), endpoint).toBeNull();
    }
  });

  it("refuses every other address: the ones the review used, local names, IP addresses, look-alikes", () => {
    for (const endpoint of [
      // Trust review finding 9.
      "https://localhost.:3999/x",
      "https://metadata.google.internal./computeMetadata/v1/",
      "https://foo.internal./x",
      "https://127.0.0.1.nip.io/x",
      "https://127.0.0.1:8443/push/x",
      "https://[::1]/push/x",
      "https://169.254.169.254/latest/meta-data/",
      "https://redis/push/x",
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "https://fcm.googleapis.com.evil.example/x",
      "https://evilfcm.googleapis.com/x",
      "https://push.apple.com.evil.example/x",
      "https://evilpush.apple.com/x",
      "https://fcm.googleapis.com@127.0.0.1/x",
      "https://user:secret@fcm.googleapis.com/fcm/send/x",
      "ftp://fcm.googleapis.com/x",
    ]) {
      expect(endpointError(publicOnly, endpoint), endpoint).toEqual(expect.any(String));
    }
  });

  it("takes PUSH_SERVICE_HOSTS's hosts, on their port only", () => {
    expect(endpointError(withExtras, "https://127.0.0.1:8443/push/x")).toBeNull();
    expect(endpointError(withExtras, "https://push.example.net/x")).toBeNull();
    expect(endpointError(withExtras, "https://push.example.net./x")).toBeNull();
    expect(endpointError(withExtras, "https://127.0.0.1:8444/push/x")).toEqual(expect.any(String));
    expect(endpointError(withExtras, "https://127.0.0.1/push/x")).toEqual(expect.any(String));
    expect(endpointError(withExtras, "http://127.0.0.1:8443/push/x")).toEqual(expect.any(String));
    expect(endpointError(withExtras, "https://sub.push.example.net/x")).toEqual(expect.any(String));
  });

  it("refuses keys of the wrong size or shape", () => {
    const endpoint = "https://fcm.googleapis.com/fcm/send/x";
    for (const bad of [
      { p256dh: keys.p256dh.slice(1), auth: keys.auth },
      { p256dh: `C${keys.p256dh.slice(1)}`, auth: keys.auth },
      { p256dh: keys.p256dh, auth: randomBytes(32).toString("base64url") },
      { p256dh: keys.p256dh, auth: "abc+/def" },
    ]) {
      expect(publicOnly.safeParse({ endpoint, keys: bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
