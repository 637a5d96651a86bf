import type { AppLoadContext } from "@remix-run/node";
import { linkTokenSchema, unsubscribeFormSchema, type emailPreferenceFormSchema } from "@app/shared/api/appointments";
import type { z } from "@app/shared/zod";
import { business } from "@app/shared/business";
import { unsubscribeTokenHash } from "@app/shared/email/unsubscribe.server";
import { sha256 } from "@app/shared/tokens.server";
import { failure, invalid, success, type Result } from "@app/shared/result";
import { throttleLinkRequest } from "./manage.server";

/**
 * What an address agreed to receive (`EmailPreference`): reminders and review
 * requests are the only optional emails, and they carry a one-click
 * unsubscribe link (RFC 8058) whose token is an HMAC of the address under the
 * "unsubscribe" key (the worker makes it, worker/src/processors/visit-emails.ts).
 * No row means they are on. Confirmations and changes to a visit always go.
 *
 * Two ways to change it: the link (/unsubscribe/<token>, no sign-in, the
 * address shown masked) and the portal, for the signed-in account's own,
 * confirmed address.
 */

/** "j•••@example.com": enough for the owner to recognise, not enough to learn an address from a link. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

const UNSUBSCRIBED_MESSAGE =
  "You won't get reminders or review requests any more; confirmations and changes to your visits still come.";
const RESUBSCRIBED_MESSAGE = "You'll get reminders and review requests again.";

const linkInvalidMessage = () => `This link is not valid. Call us at ${business.phone} and we'll sort it out.`;

export interface UnsubscribePage {
  /** The address, masked. */
  email: string;
  unsubscribed: boolean;
}

async function preferenceByToken(context: AppLoadContext, token: string) {
  if (!linkTokenSchema.safeParse(token).success) return null;
  return context.services.db.emailPreference.findUnique({
    where: { tokenHash: sha256(token) },
    select: { email: true, unsubscribedAt: true },
  });
}

/** GET /unsubscribe/<token>: whose link it is (masked) and what it says now. Changes nothing. */
export async function unsubscribePage(context: AppLoadContext, token: string): Promise<Result<UnsubscribePage>> {
  const refused = await throttleLinkRequest(context);
  if (refused) return refused;
  const preference = await preferenceByToken(context, token);
  if (!preference) return failure(404, linkInvalidMessage());
  return success({ email: maskEmail(preference.email), unsubscribed: preference.unsubscribedAt !== null });
}

/**
 * POST /unsubscribe/<token>: a mail provider's one-click post
 * (`List-Unsubscribe=One-Click`, no cookies) or the page's buttons. Stopping
 * is idempotent (the first moment is kept); `resubscribe` starts them again.
 */
export async function changeSubscription(
  context: AppLoadContext,
  token: string,
  /** The posted form's fields (`formFields`, utils/form.server.ts). */
  input: Record<string, string>,
): Promise<Result<UnsubscribePage & { message: string }>> {
  const refused = await throttleLinkRequest(context);
  if (refused) return refused;
  const preference = await preferenceByToken(context, token);
  if (!preference) return failure(404, linkInvalidMessage());
  const parsed = unsubscribeFormSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error, "Unknown action. Please reload the page and try again.");
  const unsubscribed = parsed.data === "unsubscribe";
  const { db } = context.services;
  if (unsubscribed)
    await db.emailPreference.updateMany({
      where: { tokenHash: sha256(token), unsubscribedAt: null },
      data: { unsubscribedAt: new Date() },
    });
  else await db.emailPreference.updateMany({ where: { tokenHash: sha256(token) }, data: { unsubscribedAt: null } });
  return success({
    email: maskEmail(preference.email),
    unsubscribed,
    message: unsubscribed ? UNSUBSCRIBED_MESSAGE : RESUBSCRIBED_MESSAGE,
  });
}

/** Whether the account's own address gets reminders and review requests (no row: yes). */
export async function remindersFor(context: AppLoadContext, email: string): Promise<boolean> {
  const preference = await context.services.db.emailPreference.findUnique({
    where: { email: email.toLowerCase() },
    select: { unsubscribedAt: true },
  });
  return !preference?.unsubscribedAt;
}

/**
 * The portal's switch, for the signed-in account's own address only, once
 * its owner has confirmed it (an unconfirmed account could be anyone's
 * typing, docs/security.md "Verified identities").
 */
export async function setAccountReminders(
  context: AppLoadContext,
  user: { email: string; emailVerified: boolean },
  input: z.output<typeof emailPreferenceFormSchema>,
): Promise<Result<{ reminders: boolean; message: string }>> {
  if (!user.emailVerified)
    return failure(403, "Please confirm your email address first: open the link we emailed you.");
  const reminders = input.reminders === "on";
  const { db, env } = context.services;
  const address = user.email.toLowerCase();
  if (reminders) await db.emailPreference.updateMany({ where: { email: address }, data: { unsubscribedAt: null } });
  else {
    // Idempotent, and safe when two posts race: the row is made once (the worker's link finds it), then stopped once.
    const now = new Date();
    const tokenHash = unsubscribeTokenHash(env.SESSION_SECRETS, address);
    await db.emailPreference.createMany({
      data: [{ email: address, tokenHash, unsubscribedAt: now }],
      skipDuplicates: true,
    });
    await db.emailPreference.updateMany({
      where: { email: address, unsubscribedAt: null },
      data: { unsubscribedAt: now },
    });
  }
  return success({
    reminders,
    message: reminders
      ? "Reminders and review requests are on."
      : "Reminders and review requests are off. Confirmations and changes to your visits still come.",
  });
}
