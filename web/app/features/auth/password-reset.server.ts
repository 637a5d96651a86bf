import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { requestResetSchema, resetPasswordFormSchema, resetPasswordSchema } from "@app/shared/api/auth";
import { jobIds } from "@app/shared/jobs";
import { hashPassword } from "@app/shared/password";
import { enqueue } from "@app/shared/queues";
import { resetTokenFor, sha256 } from "@app/shared/tokens";
import { consume } from "../../../server/rate-limits";
import { deleteUserSessions } from "~/utils/session.server";
import { accountKey } from "./login.server";
import { invalidInput, throttled, type Outcome } from "./outcome.server";

/** How long a reset link works. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** At most one reset email per account in this time, so nobody can flood someone's inbox. */
const RESET_EMAIL_INTERVAL_MS = 60 * 1000;

export const RESET_REQUESTED_MESSAGE = "If an account exists for that email, we have sent it a link to reset the password. Check your email for password reset instructions.";
export const RESET_DONE_MESSAGE = "Password reset successful. You can now log in with your new password.";
export const RESET_TOKEN_INVALID_MESSAGE = "This password reset link is invalid or has expired. Please request a new one.";
export const RESET_THROTTLED_MESSAGE = "Too many password reset requests. Please wait a few minutes and try again.";

/**
 * Asks for a reset email. The answer is the same, and comes as fast, whether
 * or not the account exists: it is given before the account is even looked
 * up, and the token is issued after the response, off the request's path.
 */
export async function requestPasswordReset(context: AppLoadContext, input: unknown): Promise<Outcome> {
  const { services, clientNetwork, logger } = context;
  const parsed = requestResetSchema.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const retryAfter = await consume(services.rateLimits, "resetPerIp", clientNetwork);
  if (retryAfter !== null) return throttled(retryAfter, RESET_THROTTLED_MESSAGE);

  void issueResetToken(context, parsed.data.email).catch((error: unknown) => {
    logger.error({ err: error }, "password reset request failed");
  });
  return { ok: true };
}

/**
 * For an active account: a reset row and the email job. The token is
 * `resetTokenFor(row.id)` (an HMAC), so the worker rebuilds it for the link
 * and the database stores only its hash. If the queue cannot be reached the
 * row stays un-emailed and the worker's sweeper sends it.
 */
async function issueResetToken(context: AppLoadContext, email: string) {
  const { services, requestId, logger } = context;
  const user = await services.db.user.findUnique({ where: { email }, select: { id: true, isActive: true } });
  if (!user?.isActive) return;
  const recent = await services.db.passwordResetToken.count({
    where: { userId: user.id, usedAt: null, createdAt: { gt: new Date(Date.now() - RESET_EMAIL_INTERVAL_MS) } },
  });
  if (recent > 0) {
    logger.info({ userId: user.id }, "password reset already sent moments ago; not sending another");
    return;
  }

  const id = randomUUID();
  await services.db.passwordResetToken.create({
    data: {
      id,
      userId: user.id,
      tokenHash: sha256(resetTokenFor(id, services.env.SESSION_SECRETS[0]!)),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    },
  });
  try {
    await enqueue(services.queues, "email", "password-reset", { resetTokenId: id, requestId }, { jobId: jobIds.passwordReset(id) });
  } catch (error) {
    logger.warn({ err: (error as Error).message, resetTokenId: id }, "reset token stored; email deferred to the sweeper");
  }
}

/**
 * Sets a new password with a reset token. The token works once, within the
 * hour; using it ends every session of the user (cookie and bearer alike),
 * voids the user's other outstanding reset links, and lifts a login lockout.
 * `form: true` for the /login form, which must also carry the confirmation.
 */
export async function resetPassword(context: AppLoadContext, input: unknown, options: { form?: boolean } = {}): Promise<Outcome> {
  const { services, logger } = context;
  const parsed = (options.form ? resetPasswordFormSchema : resetPasswordSchema).safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const { token, password } = parsed.data;
  const invalid = { ok: false, status: 400, message: RESET_TOKEN_INVALID_MESSAGE, errors: { token: RESET_TOKEN_INVALID_MESSAGE } } as const;

  const row = await services.db.passwordResetToken.findUnique({
    where: { tokenHash: sha256(token) },
    select: { id: true, userId: true, usedAt: true, expiresAt: true },
  });
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) return invalid;

  const passwordHash = await hashPassword(password);
  const now = new Date();
  const email = await services.db.$transaction(async (tx) => {
    // Claiming the row is the single-use check: of two concurrent resets with one token, one wins.
    const claimed = await tx.passwordResetToken.updateMany({
      where: { id: row.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return null;
    const user = await tx.user.update({ where: { id: row.userId }, data: { passwordHash }, select: { email: true } });
    await deleteUserSessions(tx, row.userId);
    await tx.passwordResetToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } });
    return user.email;
  });
  if (email === null) return invalid;

  await services.rateLimits.loginFailPerAccount.delete(accountKey(email)).catch(() => {});
  services.revokeStaffSockets({ userId: row.userId });
  logger.info({ userId: row.userId }, "password reset; all sessions ended");
  return { ok: true };
}
