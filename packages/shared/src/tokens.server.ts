import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** SHA-256 as hex: what the database stores instead of a token. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** A random, URL-safe secret (256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * A token sealed for the worker that emails it (AES-256-GCM under the
 * "token-seal" key, see keys.server.ts): the database holds it this way only until
 * the email is sent. Layout: base64url(iv 12 bytes ‖ ciphertext ‖ tag 16 bytes).
 */
export function sealToken(token: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
}

/** The token inside a seal, trying each key (rotation); null when none opens it. */
export function unsealToken(sealed: string, keys: readonly Buffer[]): string | null {
  const raw = Buffer.from(sealed, "base64url");
  if (raw.length < 12 + 16 + 1) return null;
  const iv = raw.subarray(0, 12);
  const tag = raw.subarray(raw.length - 16);
  const body = raw.subarray(12, raw.length - 16);
  for (const key of keys) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    } catch {
      // Not this key.
    }
  }
  return null;
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
