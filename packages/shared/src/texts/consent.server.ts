import type { Prisma } from "../db.server";
import { textablePhone } from "./phone";
import { textConsentWording } from "./wording";

/** Where a customer gave consent to texts: the form they ticked it on (docs/product.md#texts). */
export type ConsentSource = "book" | "chat" | "contact" | "account" | "reply";

/**
 * Records a customer's consent to texts, in the transaction of what they submitted with it: the number
 * (E.164), when, the very words they saw beside the box, where, and the network they were on. Consent is
 * the number's: a box ticked again (after a STOP, too) is a new consent, and replaces the old.
 * A number that cannot take texts records nothing.
 */
export async function grantTextConsent(
  tx: Prisma.TransactionClient,
  phone: string,
  given: { source: ConsentSource; network: string | null; at?: Date },
): Promise<void> {
  const number = textablePhone(phone);
  if (!number) return;
  const consent = {
    status: "granted" as const,
    grantedAt: given.at ?? new Date(),
    wording: textConsentWording(),
    source: given.source,
    network: given.network,
    optedOutAt: null,
  };
  await tx.textConsent.upsert({ where: { phone: number }, create: { phone: number, ...consent }, update: consent });
}
