import { createHmac, hkdfSync } from "node:crypto";
import { safeEqual } from "./tokens";

/**
 * One secret (SESSION_SECRET), a separate key for each purpose. Each key is
 * derived with HKDF-SHA256, so a key leaked from one use (say, a calendar
 * feed's signature) says nothing about another (the session cookie), and no
 * purpose ever uses the secret itself. SESSION_SECRET may list several
 * secrets to rotate: the first signs, every one verifies.
 * See docs/decisions/005-sessions-and-tokens.md.
 */
export type KeyPurpose = "session-cookie" | "device-cookie" | "calendar-feed" | "token-seal";

const SALT = "bayou-current/v1";
const derived = new Map<string, Buffer>();

/** The 32-byte key for one purpose under one secret. */
export function deriveKey(secret: string, purpose: KeyPurpose): Buffer {
  const cacheKey = `${purpose}\u0000${secret}`;
  let key = derived.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, SALT, `bayou-current:${purpose}`, 32));
    derived.set(cacheKey, key);
  }
  return key;
}

/** The keys of a purpose for every configured secret, newest (signing) first. */
export function purposeKeys(secrets: readonly string[], purpose: KeyPurpose): Buffer[] {
  return secrets.map((secret) => deriveKey(secret, purpose));
}

/** HMAC-SHA256 of a message under a purpose's key, base64url. */
export function signFor(key: Buffer, message: string): string {
  return createHmac("sha256", key).update(message).digest("base64url");
}

/** Whether a signature matches the message under any of the purpose's keys (rotation). */
export function verifyFor(keys: readonly Buffer[], message: string, signature: string): boolean {
  return keys.some((key) => safeEqual(signFor(key, message), signature));
}
