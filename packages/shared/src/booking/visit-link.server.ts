import type { Db } from "../db.server";
import type { Env } from "../env.server";
import { tokenSealKeys } from "../keys.server";
import { randomToken, sealToken, sha256, unsealToken } from "../tokens.server";

/**
 * A visit's manage link, /appointments/<token> (docs/product.md#the-customers-loop). Its token is made the
 * first time a notice needs it: 256 random bits, stored as their hash (looked up by /appointments) and
 * sealed (so later emails and texts carry the same link). Two notices racing to make it both end up with the
 * one stored first. Null when the sealed token cannot be opened with SESSION_SECRET (every key rotated away).
 */
export async function visitManageUrl(
  db: Db,
  env: Pick<Env, "APP_URL" | "SESSION_SECRETS">,
  bookingId: number,
): Promise<string | null> {
  const keys = tokenSealKeys(env);
  let link = await db.visitLink.findUnique({ where: { bookingId } });
  if (!link) {
    const token = randomToken();
    await db.visitLink.createMany({
      data: [{ bookingId, tokenHash: sha256(token), sealedToken: sealToken(token, keys[0]!) }],
      skipDuplicates: true,
    });
    link = await db.visitLink.findUniqueOrThrow({ where: { bookingId } });
  }
  const token = unsealToken(link.sealedToken, keys);
  return token ? `${env.APP_URL}/appointments/${token}` : null;
}
