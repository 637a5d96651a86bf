import type { AccountTokenPurpose, Prisma } from "@app/shared/db.server";
import { tokenSealKey } from "@app/shared/keys.server";
import type { Outbox } from "@app/shared/outbox.server";
import { randomToken, sealToken, sha256 } from "@app/shared/tokens.server";

/**
 * The links we email to an account's address: a password reset and an email
 * verification. Each token is 256 random bits, stored only as its SHA-256
 * (plus sealed for the worker until the email is sent, see AccountToken in
 * prisma/schema.prisma), works once and expires. See docs/decisions/005-sessions-and-tokens.md.
 */

const ACCOUNT_TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  email_verification: 24 * 60 * 60 * 1000,
};

type Tx = Pick<Prisma.TransactionClient, "accountToken">;

/** Tokens are 43 characters (randomToken()); anything empty or much longer is not one of ours and is not looked up. */
const presentable = (token: unknown): token is string =>
  typeof token === "string" && token.length > 0 && token.length <= 200;

/** A new link for a user's address, and the email that carries it; returns the row id (the token itself leaves only in the email). */
export async function issueAccountToken(
  db: Tx,
  outbox: Outbox,
  env: { SESSION_SECRETS: string[] },
  input: { userId: number; email: string; purpose: AccountTokenPurpose; requestId?: string },
): Promise<string> {
  const token = randomToken();
  const row = await db.accountToken.create({
    data: {
      purpose: input.purpose,
      userId: input.userId,
      email: input.email.toLowerCase(),
      tokenHash: sha256(token),
      sealedToken: sealToken(token, tokenSealKey(env)),
      expiresAt: new Date(Date.now() + ACCOUNT_TOKEN_TTL_MS[input.purpose]),
    },
    select: { id: true },
  });
  outbox.add(
    "account-link",
    { accountTokenId: row.id, requestId: input.requestId },
    { subject: `user:${input.userId}` },
  );
  return row.id;
}

/**
 * Uses a presented token once: the row is claimed with a conditional update,
 * so of two concurrent uses one wins. Null when unknown, of another purpose,
 * used or expired.
 */
export async function claimAccountToken(db: Tx, token: string, purpose: AccountTokenPurpose, now = new Date()) {
  if (!presentable(token)) return null;
  const tokenHash = sha256(token);
  const claimed = await db.accountToken.updateMany({
    where: { tokenHash, purpose, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now, sealedToken: null },
  });
  if (claimed.count !== 1) return null;
  return db.accountToken.findUnique({ where: { tokenHash }, select: { id: true, userId: true, email: true } });
}

/** Whether a token would work now (for a page that asks before it acts). */
export async function findUsableAccountToken(db: Tx, token: string, purpose: AccountTokenPurpose) {
  if (!presentable(token)) return null;
  const row = await db.accountToken.findUnique({
    where: { tokenHash: sha256(token) },
    select: { purpose: true, usedAt: true, expiresAt: true, email: true },
  });
  if (!row || row.purpose !== purpose || row.usedAt || row.expiresAt.getTime() <= Date.now()) return null;
  return row;
}

/** Voids a user's outstanding links of one purpose (after a reset, or when a new verification supersedes). */
export async function voidAccountTokens(db: Tx, userId: number, purpose: AccountTokenPurpose, now = new Date()) {
  await db.accountToken.updateMany({
    where: { userId, purpose, usedAt: null },
    data: { usedAt: now, sealedToken: null },
  });
}
