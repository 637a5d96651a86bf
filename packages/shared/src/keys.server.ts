import { createECDH, createHmac, hkdfSync } from "node:crypto";
import { safeEqual } from "./tokens.server";

/**
 * One secret (SESSION_SECRET), a separate key for each purpose. Each key is
 * derived with HKDF-SHA256, so a key leaked from one use (say, a calendar
 * feed's signature) says nothing about another (the session cookie), and no
 * purpose ever uses the secret itself. SESSION_SECRET may list several
 * secrets to rotate: the first signs, every one verifies.
 * See docs/decisions/005-sessions-and-tokens.md.
 */
export type KeyPurpose =
  | "session-cookie"
  | "device-cookie"
  | "calendar-feed"
  | "token-seal"
  | "unsubscribe"
  | "vapid-development"
  | "contact-sent"
  | "booking-confirmation"
  | "job-photo-url"
  | "csv-export-link";

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

/**
 * The key a link's token is sealed under (the newest secret's "token-seal" key), for a row that keeps
 * its token until the worker has emailed it (tokens.server.ts `sealToken`).
 */
export function tokenSealKey(env: { SESSION_SECRETS: readonly string[] }): Buffer {
  return purposeKeys(env.SESSION_SECRETS, "token-seal")[0]!;
}

/** Every key a sealed token may be under (rotation), newest first, to unseal it (tokens.server.ts `unsealToken`). */
export function tokenSealKeys(env: { SESSION_SECRETS: readonly string[] }): Buffer[] {
  return purposeKeys(env.SESSION_SECRETS, "token-seal");
}

/** HMAC-SHA256 of a message under a purpose's key, base64url. */
export function signFor(key: Buffer, message: string): string {
  return createHmac("sha256", key).update(message).digest("base64url");
}

/** Whether a signature matches the message under any of the purpose's keys (rotation). */
export function verifyFor(keys: readonly Buffer[], message: string, signature: string): boolean {
  return keys.some((key) => safeEqual(signFor(key, message), signature));
}

/**
 * Outside production, a VAPID key pair derived from the session secret (so
 * every process of one checkout agrees on it, and nobody has to make one).
 * Production sets VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (see .env.example).
 */
export function developmentVapidKeys(secret: string): { publicKey: string; privateKey: string } {
  const ecdh = createECDH("prime256v1");
  // 32 bytes from HKDF are below the curve order with overwhelming probability; setPrivateKey checks.
  ecdh.setPrivateKey(deriveKey(secret, "vapid-development"));
  return { publicKey: ecdh.getPublicKey("base64url", "uncompressed"), privateKey: ecdh.getPrivateKey("base64url") };
}
