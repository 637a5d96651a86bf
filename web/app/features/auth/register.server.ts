import type { AppLoadContext } from "@remix-run/node";
import { HONEYPOT_FIELD, registerFormSchema, registerSchema } from "@app/shared/api/auth";
import { hashPassword } from "@app/shared/password.server";
import { toApiUser } from "~/utils/auth.server";
import { createSession, sessionUserColumns } from "@app/shared/sessions.server";
import type { RequestMeta, SignedIn } from "./login.server";
import { sendVerificationLink } from "./verification.server";
import { failure, invalid, success, throttled, type Result } from "@app/shared/result";

const EMAIL_TAKEN_MESSAGE =
  'An account with this email already exists. Log in, or use "Forgot your password?" to reset it: the reset link goes to this address, so it also proves the address is yours.';
const REGISTER_THROTTLED_MESSAGE =
  "Too many accounts have been created from your network. Please try again later, or call us.";
const EMAIL_TAKEN = failure(409, EMAIL_TAKEN_MESSAGE, { errors: { email: EMAIL_TAKEN_MESSAGE } });

/**
 * Creates a customer account, signs it in and emails the link that verifies
 * its address (until then the portal shows no records). The role is always customer,
 * whatever the payload says (the schema drops unknown keys); the email is
 * stored lower-cased, so a second registration differing only in case is a 409.
 * `form: true` for the /login form, which must also carry the confirmation.
 */
export async function register(
  context: AppLoadContext,
  input: Record<string, unknown>,
  meta: RequestMeta & { form?: boolean },
): Promise<Result<SignedIn>> {
  const { services, clientIp, clientNetwork, logger } = context;
  const parsed = (meta.form ? registerFormSchema : registerSchema).safeParse(input);
  if (!parsed.success) return invalid(parsed.error);

  const honeypot = input[HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    logger.info({ ip: clientIp }, "register honeypot filled; refused");
    return failure(400, "Registration failed");
  }
  const retryAfter = await services.rateLimits.consume("registerPerIp", clientNetwork);
  if (retryAfter !== null) return throttled(retryAfter, REGISTER_THROTTLED_MESSAGE);

  const { firstName, lastName, email, password } = parsed.data;
  // Saves an argon2 hash on the common case; the unique index settles races.
  if (await services.db.user.findUnique({ where: { email }, select: { id: true } })) return EMAIL_TAKEN;

  const passwordHash = await hashPassword(password);
  let user;
  try {
    user = await services.db.user.create({
      data: { firstName, lastName, email, passwordHash, role: "customer", isActive: true, lastLogin: new Date() },
      select: sessionUserColumns,
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === "P2002") return EMAIL_TAKEN;
    throw error;
  }
  const session = await createSession(services.db, user.id, { ip: clientIp, userAgent: meta.userAgent });
  // The account exists and is signed in; its address counts once its owner opens the link.
  await sendVerificationLink(context, user).catch((error: unknown) =>
    logger.error({ err: error, userId: user.id }, "verification link not issued"),
  );
  logger.info({ userId: user.id }, "account registered");
  return success({ user: toApiUser(user), token: session.token, expiresAt: session.expiresAt }, 201);
}
