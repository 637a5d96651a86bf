import type { AppLoadContext } from "@remix-run/node";
import type { Prisma } from "@app/shared/db.server";
import { failure, success, type Result } from "@app/shared/result";
import { VERIFIED_MESSAGE, VERIFY_TOKEN_INVALID_MESSAGE } from "./notices";
import {
  claimAccountToken,
  findUsableAccountToken,
  issueAccountToken,
  voidAccountTokens,
} from "./account-tokens.server";
import { inTransaction } from "@app/shared/outbox.server";

/**
 * Verified email (docs/security.md, "Verified identities"). Anyone can type
 * any address, so an account's address counts only once its owner has proved
 * it: by the link emailed at registration (or sent again on request), or by
 * completing a password reset. Until then the customer portal shows nothing
 * of the records that carry that address. On proof, the account is linked to
 * those customer records (`Customer.userId`), and from then on the portal
 * follows that link, never a string match.
 */

const VERIFICATION_SENT_MESSAGE = "We have sent a new confirmation link to your email. It works for 24 hours.";
const VERIFICATION_THROTTLED_MESSAGE =
  "A confirmation link was sent a moment ago. Please check your email (and its spam folder), or wait a few minutes and try again.";
const ALREADY_VERIFIED_MESSAGE = "Your email is already confirmed.";

/** At most one link a minute, and five a day, per account: nobody can flood an inbox with them. */
const RESEND_INTERVAL_MS = 60 * 1000;
const RESENDS_PER_DAY = 5;

type Tx = Pick<Prisma.TransactionClient, "user" | "customer">;

/**
 * Records that the account's owner proved `email`, and links the customer
 * records with that address that no account holds yet.
 */
export async function markEmailVerified(tx: Tx, userId: number, email: string, now = new Date()) {
  await tx.user.updateMany({ where: { id: userId, email, emailVerifiedAt: null }, data: { emailVerifiedAt: now } });
  // A record merged into another stays unlinked (its merge's undo gives it back its own account).
  await tx.customer.updateMany({
    where: { email: email.toLowerCase(), userId: null, mergedIntoId: null },
    data: { userId },
  });
}

/** A verification link for a new (or still unverified) account, voiding earlier ones. */
export async function sendVerificationLink(context: AppLoadContext, user: { id: number; email: string }) {
  const { env } = context.services;
  await inTransaction(context, async (tx, outbox) => {
    await voidAccountTokens(tx, user.id, "email_verification");
    await issueAccountToken(tx, outbox, env, {
      userId: user.id,
      email: user.email,
      purpose: "email_verification",
      requestId: context.requestId,
    });
  });
}

/** "Send it again", from the account page or the API: limited per account. */
export async function resendVerificationLink(
  context: AppLoadContext,
  userId: number,
): Promise<Result<{ message: string }>> {
  const { db } = context.services;
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, emailVerifiedAt: true },
  });
  if (!user) return failure(409, VERIFY_TOKEN_INVALID_MESSAGE);
  if (user.emailVerifiedAt) return failure(409, ALREADY_VERIFIED_MESSAGE);
  const now = Date.now();
  const recent = await db.accountToken.findMany({
    where: { userId, purpose: "email_verification", createdAt: { gt: new Date(now - 24 * 60 * 60 * 1000) } },
    select: { createdAt: true },
    orderBy: { createdAt: "desc" },
  });
  const last = recent[0]?.createdAt.getTime();
  if (last !== undefined && now - last < RESEND_INTERVAL_MS) {
    return failure(429, VERIFICATION_THROTTLED_MESSAGE, {
      retryAfter: Math.ceil((last + RESEND_INTERVAL_MS - now) / 1000),
    });
  }
  if (recent.length >= RESENDS_PER_DAY) {
    const oldest = recent[recent.length - 1]!.createdAt.getTime();
    return failure(429, VERIFICATION_THROTTLED_MESSAGE, {
      retryAfter: Math.max(1, Math.ceil((oldest + 24 * 60 * 60 * 1000 - now) / 1000)),
    });
  }
  await sendVerificationLink(context, user);
  context.logger.info({ userId }, "verification link sent again");
  return success({ message: VERIFICATION_SENT_MESSAGE });
}

/** Whether a verification link would work (the page asks before it confirms, so a mail scanner opening the link confirms nothing). */
export async function checkVerificationLink(context: AppLoadContext, token: string) {
  return findUsableAccountToken(context.services.db, token, "email_verification");
}

/** Confirms the address with a link: single use; the account must still have that address. */
export async function verifyEmail(context: AppLoadContext, token: unknown): Promise<Result<{ message: string }>> {
  const invalid = failure(400, VERIFY_TOKEN_INVALID_MESSAGE, { errors: { token: VERIFY_TOKEN_INVALID_MESSAGE } });
  if (typeof token !== "string") return invalid;
  const { db } = context.services;
  const userId = await db.$transaction(async (tx) => {
    const row = await claimAccountToken(tx, token, "email_verification");
    if (!row) return null;
    const user = await tx.user.findUnique({ where: { id: row.userId }, select: { id: true, email: true } });
    if (!user || user.email !== row.email) return null;
    await markEmailVerified(tx, user.id, user.email);
    return user.id;
  });
  if (userId === null) return invalid;
  context.logger.info({ userId }, "email verified");
  return success({ message: VERIFIED_MESSAGE });
}
