import { createCookie, type Cookie } from "@remix-run/node";
import type { Env } from "@app/shared/env.server";
import { purposeKeys, signFor, verifyFor } from "@app/shared/keys.server";
import { randomToken } from "@app/shared/tokens.server";

/**
 * Device cookies (OWASP's device-cookie scheme against online guessing; see
 * docs/decisions/005-sessions-and-tokens.md). Every sign-in gives the browser
 * a cookie naming the account it signed in to and a random nonce, signed
 * with the "device-cookie" key. While guesses from elsewhere keep an account
 * blocked for unknown devices, a browser holding such a cookie for that
 * account is judged on its own failures only, so the owner still gets in.
 *
 * The cookie proves nothing about who is at the keyboard: it only chooses
 * which failure counter an attempt is charged to. The password is still checked.
 */

const DEVICE_COOKIE_NAME = "bce_device";
const DEVICE_COOKIE_MAX_AGE_SEC = 365 * 24 * 60 * 60;
/** account key (64 hex) + nonce + signature, with room to spare; anything longer is not ours. */
const MAX_VALUE_LENGTH = 200;

const cookies = new WeakMap<Env, Cookie>();

/**
 * `__Host-bce_device` in production (Secure, Path=/, no Domain: only this
 * host, over HTTPS, can set it), `bce_device` over plain HTTP in development.
 * Not signed by Remix: the value carries its own signature (below).
 */
function deviceCookie(env: Env): Cookie {
  let cookie = cookies.get(env);
  if (!cookie) {
    cookie = createCookie(env.isProduction ? `__Host-${DEVICE_COOKIE_NAME}` : DEVICE_COOKIE_NAME, {
      httpOnly: true,
      sameSite: "lax",
      secure: env.isProduction,
      path: "/",
      maxAge: DEVICE_COOKIE_MAX_AGE_SEC,
    });
    cookies.set(env, cookie);
  }
  return cookie;
}

const signedPart = (account: string, nonce: string) => `${account}.${nonce}`;

/** `Set-Cookie` for a browser that has just signed in to the account (an `accountKey`): a new nonce each time. */
export function issueDeviceCookie(env: Env, account: string): Promise<string> {
  const nonce = randomToken(16);
  const [signingKey] = purposeKeys(env.SESSION_SECRETS, "device-cookie");
  const message = signedPart(account, nonce);
  return deviceCookie(env).serialize(`${message}.${signFor(signingKey!, message)}`);
}

/**
 * The device id (its nonce) when the Cookie header holds a well-signed device
 * cookie for this account; null for none, a bad signature, or another account's.
 */
export async function knownDevice(
  env: Env,
  cookieHeader: string | null | undefined,
  account: string,
): Promise<string | null> {
  if (!cookieHeader) return null;
  let value: unknown;
  try {
    value = await deviceCookie(env).parse(cookieHeader);
  } catch {
    return null;
  }
  if (typeof value !== "string" || value.length > MAX_VALUE_LENGTH) return null;
  const [cookieAccount, nonce, signature, ...rest] = value.split(".");
  if (rest.length > 0 || !cookieAccount || !nonce || !signature || cookieAccount !== account) return null;
  const keys = purposeKeys(env.SESSION_SECRETS, "device-cookie");
  return verifyFor(keys, signedPart(cookieAccount, nonce), signature) ? nonce : null;
}
