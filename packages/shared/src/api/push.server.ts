import { z } from "../zod";
import { pushEndpointProblem, type PushServiceHost } from "./push-services.server";

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

/**
 * The endpoint: an https address on a public push service's host
 * (./push-services.ts), or on a host PUSH_SERVICE_HOSTS adds (`extraHosts`,
 * the environment's `PUSH_SERVICE_HOSTS`).
 */
function endpointSchema(extraHosts: readonly PushServiceHost[]) {
  return z
    .string({ error: "Endpoint is required" })
    .trim()
    .min(1, "Endpoint is required")
    .max(PUSH_ENDPOINT_MAX_LENGTH, "Endpoint is too long")
    .superRefine((value, ctx) => {
      const problem = pushEndpointProblem(value, extraHosts);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** POST /api/push/subscriptions: a browser's subscription, its endpoint on a push service (`extraHosts`: PUSH_SERVICE_HOSTS). */
export function pushSubscriptionSchema({ extraHosts }: { extraHosts: readonly PushServiceHost[] }) {
  return z.object({
    endpoint: endpointSchema(extraHosts),
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
