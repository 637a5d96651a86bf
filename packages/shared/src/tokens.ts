import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** SHA-256 as hex: what the database stores instead of a token. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** A random, URL-safe secret (256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * The password-reset token for a reset row: an HMAC of the row id under the
 * session secret. Web and worker derive the same value, so the token never
 * travels through Redis and a retried email carries the same link.
 */
export function resetTokenFor(resetTokenId: string, secret: string): string {
  return createHmac("sha256", secret).update(`password-reset:${resetTokenId}`).digest("base64url");
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
