import type { AppLoadContext } from "@remix-run/node";
import { requestResetSchema, resetPasswordFormSchema, resetPasswordSchema } from "@app/shared/api/auth";
import { hashPassword } from "@app/shared/password.server";
import { deleteUserSessions } from "@app/shared/sessions.server";
import {
  claimAccountToken,
  findUsableAccountToken,
  issueAccountToken,
  voidAccountTokens,
} from "./account-tokens.server";
import { inTransaction } from "@app/shared/outbox.server";
import { clearLoginBlocks } from "./login.server";
import { markEmailVerified } from "./verification.server";
import { failure, invalid, success, throttled, type Result } from "@app/shared/result";

/** At most one reset email per account in this time, so nobody can flood someone's inbox. */
const RESET_EMAIL_INTERVAL_MS = 60 * 1000;

const RESET_REQUESTED_MESSAGE =
  "If an account exists for that email, we have sent it a link to reset the password. Check your email for password reset instructions.";
const RESET_DONE_MESSAGE = "Password reset successful. You can now log in with your new password.";
const RESET_TOKEN_INVALID_MESSAGE = "This password reset link is invalid or has expired. Please request a new one.";
const RESET_THROTTLED_MESSAGE = "Too many password reset requests. Please wait a few minutes and try again.";

/**
 * Asks for a reset email. The answer is the same, and comes as fast, whether
 * or not the account exists: it is given before the account is even looked
 * up, and the token is issued after the response, off the request's path.
 */
export async function requestPasswordReset(
  context: AppLoadContext,
  input: unknown,
): Promise<Result<{ message: string }>> {
  const { services, clientNetwork, logger } = context;
  const parsed = requestResetSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const retryAfter = await services.rateLimits.consume("resetPerIp", clientNetwork);
  if (retryAfter !== null) return throttled(retryAfter, RESET_THROTTLED_MESSAGE);

  void issueResetToken(context, parsed.data.email).catch((error: unknown) => {
    logger.error({ err: error }, "password reset request failed");
  });
  return success({ message: RESET_REQUESTED_MESSAGE });
}

/**
 * For an active account: a reset link (AccountToken) and its email job. If the
 * queue cannot be reached the row stays un-emailed and the worker's sweeper
 * sends it.
 */
async function issueResetToken(context: AppLoadContext, email: string) {
  const { services, logger } = context;
  const user = await services.db.user.findUnique({
    where: { email },
    select: { id: true, isActive: true, email: true },
  });
  if (!user?.isActive) return;
  const recent = await services.db.accountToken.count({
    where: {
      userId: user.id,
      purpose: "password_reset",
      usedAt: null,
      createdAt: { gt: new Date(Date.now() - RESET_EMAIL_INTERVAL_MS) },
    },
  });
  if (recent > 0) {
    logger.info({ userId: user.id }, "password reset already sent moments ago; not sending another");
    return;
  }
  await inTransaction(context, (tx, outbox) =>
    issueAccountToken(tx, outbox, services.env, {
      userId: user.id,
      email: user.email,
      purpose: "password_reset",
      requestId: context.requestId,
    }),
  );
}

/**
 * Sets a new password with a reset token. The token works once, within the
 * hour. Completing a reset proves the address is the user's: it marks the
 * email verified and links the customer records with that address (so the
 * owner of an address someone else registered takes the account back), ends
 * every session of the user (cookie and bearer alike) and their sockets,
 * turns off their calendar feed, voids their other outstanding links, and
 * lifts a login block. `form: true` for the /login form, which must also
 * carry the confirmation.
 */
export async function resetPassword(
  context: AppLoadContext,
  input: unknown,
  options: { form?: boolean } = {},
): Promise<Result<{ message: string }>> {
  const { services, logger } = context;
  const parsed = (options.form ? resetPasswordFormSchema : resetPasswordSchema).safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { token, password } = parsed.data;
  const badToken = failure(400, RESET_TOKEN_INVALID_MESSAGE, { errors: { token: RESET_TOKEN_INVALID_MESSAGE } });

  // Cheap check first, so a wrong token costs no argon2 hash; the claim below is the single-use check.
  if (!(await findUsableAccountToken(services.db, token, "password_reset"))) return badToken;
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const done = await services.db.$transaction(async (tx) => {
    const row = await claimAccountToken(tx, token, "password_reset", now);
    if (!row) return null;
    const user = await tx.user.update({
      where: { id: row.userId },
      data: { passwordHash, calendarFeedId: null },
      select: { id: true, email: true },
    });
    await deleteUserSessions(tx, row.userId);
    await voidAccountTokens(tx, row.userId, "password_reset", now);
    if (user.email === row.email) await markEmailVerified(tx, user.id, user.email, now);
    return user;
  });
  if (done === null) return badToken;

  await clearLoginBlocks(services.rateLimits, done.email);
  services.disconnectSockets({ userId: done.id });
  logger.info({ userId: done.id }, "password reset; all sessions ended, email verified");
  return success({ message: RESET_DONE_MESSAGE });
}
