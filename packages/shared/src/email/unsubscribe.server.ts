import { purposeKeys, signFor } from "../keys.server";
import { sha256 } from "../tokens.server";

/**
 * The one-click unsubscribe link of reminders and review requests (RFC 8058,
 * docs/decisions/010-customer-loop.md): its token is an HMAC of the
 * lower-cased address under the "unsubscribe" key (the first secret signs),
 * so every email to an address carries the same link and nothing secret is
 * stored; `EmailPreference.tokenHash` (its SHA-256) finds the address again.
 */
export function unsubscribeToken(secrets: readonly string[], email: string): string {
  return signFor(purposeKeys(secrets, "unsubscribe")[0]!, email.toLowerCase());
}

/** What `EmailPreference.tokenHash` holds for an address. */
export const unsubscribeTokenHash = (secrets: readonly string[], email: string) =>
  sha256(unsubscribeToken(secrets, email));
