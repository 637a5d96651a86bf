import { purposeKeys, signFor, verifyFor } from "@app/shared/keys.server";
import { SENT_ANCHOR, SENT_PARAM } from "./sent";

/**
 * The contact form's Post/Redirect/Get without JavaScript (docs/product.md#contact-page): a stored
 * message redirects to `/contact?sent=<token>`, which shows the thank-you (or, for an emergency, the
 * answer to call now), so reloading that page sends nothing again. The token says only that a
 * message was sent, whether it was an emergency and until when the page may say so: nothing the
 * visitor typed. It is signed with its own key (docs/decisions/005-sessions-and-tokens.md), so an
 * address made up by hand shows the plain form.
 */

/** How long the address keeps saying "sent": a reload, a back button; a bookmark later shows the plain form. */
const SENT_TOKEN_MS = 30 * 60 * 1000;

type Secrets = { SESSION_SECRETS: string[] };

const keys = (env: Secrets) => purposeKeys(env.SESSION_SECRETS, "contact-sent");

/** `<e|m>.<expiry, base 36>.<signature>`: e for an emergency's answer, m for the thank-you. */
export function sentToken(env: Secrets, emergency: boolean, now = Date.now()): string {
  const body = `${emergency ? "e" : "m"}.${(now + SENT_TOKEN_MS).toString(36)}`;
  return `${body}.${signFor(keys(env)[0]!, body)}`;
}

/** Where a message sent without JavaScript leads: the page, saying it was sent. */
export function sentLocation(env: Secrets, emergency: boolean): string {
  return `/contact?${SENT_PARAM}=${sentToken(env, emergency)}#${SENT_ANCHOR}`;
}

/** What a token says, or null when it is malformed, forged or expired. */
export function readSentToken(env: Secrets, token: string | null, now = Date.now()): { emergency: boolean } | null {
  const match = /^([em])\.([0-9a-z]{1,12})\.([\w-]{43})$/.exec(token ?? "");
  if (!match) return null;
  const [, kind, expiry, signature] = match as unknown as [string, string, string, string];
  if (!verifyFor(keys(env), `${kind}.${expiry}`, signature)) return null;
  if (parseInt(expiry, 36) <= now) return null;
  return { emergency: kind === "e" };
}
