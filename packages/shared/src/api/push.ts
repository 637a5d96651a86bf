import { z } from "../zod";

/**
 * Web Push subscriptions of staff devices (POST and DELETE /api/push/subscriptions):
 * the body is what the browser's `PushSubscription.toJSON()` gives,
 * `{ endpoint, expirationTime?, keys: { p256dh, auth } }`. The keys encrypt
 * every payload (RFC 8291): p256dh is the browser's P-256 public key,
 * uncompressed (65 bytes), auth its 16-byte secret, both base64url.
 */

/** The push service's address for one browser (the longest seen are a few hundred characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 1_000;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** How many bytes a base64url text holds (padding ignored); null when it is not base64url. */
function base64urlBytes(value: string): number | null {
  if (!BASE64URL.test(value)) return null;
  const chars = value.replace(/=+$/, "").length;
  // 4 characters per 3 bytes; a remainder of 1 character cannot encode a byte.
  if (chars % 4 === 1) return null;
  return Math.floor((chars * 3) / 4);
}

/** Base64url of exactly `bytes` bytes, returned without padding (the form the worker and the browser use). */
const base64urlKey = (what: string, bytes: number, extra?: (v: string) => boolean) =>
  z
    .string({ error: `${what} is required` })
    .max(200, `${what} is too long`)
    .refine((v) => base64urlBytes(v) === bytes && (!extra || extra(v)), `${what} must be ${bytes} bytes in base64url`)
    .transform((v) => v.replace(/=+$/, ""));

/** A host the worker must not be sent to in production: an IP address or a name of this machine or network. */
function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return (
    /^[\d.]+$/.test(host) ||
    host.includes(":") ||
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host.endsWith(".local") ||
    host.endsWith(".internal") ||
    !host.includes(".")
  );
}

/**
 * The endpoint: an https address of a push service. Outside production an
 * http address or a local host is accepted too (the tests' stand-in push
 * service runs on 127.0.0.1); in production the worker posts only to https
 * addresses under a public name, never to an IP address or a local name.
 */
function endpointSchema(production: boolean) {
  return z
    .string({ error: "Endpoint is required" })
    .trim()
    .min(1, "Endpoint is required")
    .max(PUSH_ENDPOINT_MAX_LENGTH, "Endpoint is too long")
    .superRefine((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: "custom", message: "Endpoint must be a web address" });
        return;
      }
      const https = url.protocol === "https:";
      if (!https && !(url.protocol === "http:" && !production)) {
        ctx.addIssue({ code: "custom", message: "Endpoint must be an https address" });
      } else if (url.username || url.password) {
        ctx.addIssue({ code: "custom", message: "Endpoint must not carry a user name or password" });
      } else if (production && isLocalHost(url.hostname)) {
        ctx.addIssue({ code: "custom", message: "Endpoint must be a push service's public address" });
      }
    });
}

/** POST /api/push/subscriptions: a browser's subscription. `production` refuses http and local endpoints. */
export function pushSubscriptionSchema({ production }: { production: boolean }) {
  return z.object({
    endpoint: endpointSchema(production),
    /** When the push service will drop it (ms since epoch), or null; informative, not stored. */
    expirationTime: z.number("Expiration time must be a number or null").nullable().optional(),
    keys: z.object(
      {
        // An uncompressed point starts with the byte 0x04, which base64url writes as "B".
        p256dh: base64urlKey("The p256dh key", 65, (v) => v.startsWith("B")),
        auth: base64urlKey("The auth secret", 16),
      },
      { error: "Keys are required (p256dh and auth)" },
    ),
  });
}

export type PushSubscriptionInput = z.infer<ReturnType<typeof pushSubscriptionSchema>>;

/** DELETE /api/push/subscriptions: which device stops receiving alerts. */
export const pushUnsubscribeSchema = z.object({
  endpoint: z
    .string({ error: "Endpoint is required" })
    .trim()
    .min(1, "Endpoint is required")
    .max(PUSH_ENDPOINT_MAX_LENGTH, "Endpoint is too long"),
});
