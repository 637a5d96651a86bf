import type { Prisma } from "../db.server";
import { inTransaction, type ChangeContext } from "../outbox.server";
import { failure, success, type Result } from "../result";
import { formatPhone, textablePhone } from "./phone";
import { textConsentWording } from "./wording";

/** Where a customer gave consent to texts: the form they ticked it on (docs/product.md#texts). */
export type ConsentSource = "book" | "chat" | "contact" | "account" | "reply" | "plans";

/** The one writer of a number's consent (this module): a transaction, or the client itself for a webhook's single write. */
type ConsentWriter = Pick<Prisma.TransactionClient, "textConsent">;

/**
 * Records a customer's consent to texts, in the transaction of what they submitted with it: the number
 * (E.164), when, the very words they saw beside the box, where, and the network they were on. Consent is
 * the number's: a box ticked again (after a STOP, too) is a new consent, and replaces the old.
 * A number that cannot take texts records nothing.
 */
export async function grantTextConsent(
  tx: ConsentWriter,
  phone: string,
  given: { source: ConsentSource; network: string | null; at?: Date; wording?: string },
): Promise<void> {
  const number = textablePhone(phone);
  if (!number) return;
  const consent = {
    status: "granted" as const,
    grantedAt: given.at ?? new Date(),
    wording: given.wording ?? textConsentWording(),
    source: given.source,
    network: given.network,
    optedOutAt: null,
  };
  await tx.textConsent.upsert({ where: { phone: number }, create: { phone: number, ...consent }, update: consent });
}

/**
 * The office asks a number once whether it may text it (docs/product.md#texts): recorded as `requested`, with who
 * asked and when, in the transaction that owes the text. Refused for a number that agreed already, replied STOP,
 * or was asked before (once, ever: a customer who did not answer is not asked again).
 */
export async function askToText(
  context: ChangeContext,
  phone: string,
  asker: { id: number },
): Promise<Result<{ message: string }>> {
  const number = textablePhone(phone);
  if (!number) return failure(400, "This phone number cannot take texts.", { errors: { phone: "Not a US number" } });
  return inTransaction(context, async (tx, outbox) => {
    const consent = await tx.textConsent.findUnique({ where: { phone: number } });
    if (consent?.status === "granted") return failure(409, "This number has agreed to texts already.");
    if (consent?.status === "opted_out")
      return failure(409, "This number replied STOP: nothing can be texted to it until they reply START.");
    if (consent?.requestedAt) return failure(409, "This number was asked already; it is asked only once.");
    const now = new Date();
    await tx.textConsent.upsert({
      where: { phone: number },
      create: { phone: number, status: "requested", requestedAt: now, requestedById: asker.id },
      update: { status: "requested", requestedAt: now, requestedById: asker.id },
    });
    outbox.add("consent-request-text", { phone: number, requestId: context.requestId });
    return success({ message: `Asked ${formatPhone(number)} by text; a YES reply lets us text them.` });
  });
}

/** The number replied STOP (by text, or Twilio says so): nothing more is texted to it until START. */
export async function markOptedOut(tx: ConsentWriter, phone: string, at = new Date()): Promise<void> {
  await tx.textConsent.upsert({
    where: { phone },
    create: { phone, status: "opted_out", optedOutAt: at },
    update: { status: "opted_out", optedOutAt: at },
  });
}
