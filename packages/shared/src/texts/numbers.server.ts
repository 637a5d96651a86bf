import { callerName } from "../calls/spoken";
import { Prisma, type Db } from "../db.server";
import { formatPhone } from "./phone";

/**
 * Who a number that texts us is (docs/product.md#texts): the customer record it belongs to and their next
 * visit, for the inbox's conversation and for "C" and "R". A record's phone is kept as the person typed it,
 * so a number matches by its digits, with or without the country code.
 */

/**
 * The customer record of a number (E.164, or a column holding one): the newest unmerged record whose phone has
 * that number's digits. SQL, so the inbox can join it to every conversation of a page at once.
 */
export function customerOfNumberSql(phone: Prisma.Sql) {
  return Prisma.sql`SELECT c."id", c."name", c."email" FROM "Customer" c
     WHERE c."mergedIntoId" IS NULL AND regexp_replace(c."phone", '[^0-9]', '', 'g') IN (substr(${phone}, 3), substr(${phone}, 2))
     ORDER BY c."id" DESC LIMIT 1`;
}

export async function customerOfNumber(db: Db, phone: string) {
  const rows = await db.$queryRaw<Array<{ id: number; name: string; email: string }>>(
    customerOfNumberSql(Prisma.sql`${phone}`),
  );
  return rows[0] ?? null;
}

/** A customer's next visit: the first one to come that is still to be done (pending or under way). */
export function nextVisitOf(db: Db, customerId: number, now: Date) {
  return db.booking.findFirst({
    where: { customerId, status: { in: ["pending", "in_progress"] }, scheduledDate: { gte: now } },
    orderBy: { scheduledDate: "asc" },
    select: { id: true, summary: true, scheduledDate: true, customerConfirmedAt: true },
  });
}

/**
 * The customer record a call's or a text's booking is for: the one the number matched (`known`), else a new one
 * named by the number ("Caller (225) 555-0187", no email), in the booking's transaction.
 */
export async function recordForNumber(
  tx: Pick<Prisma.TransactionClient, "customer">,
  phone: string,
  known: { id: number } | null,
): Promise<number> {
  if (known) return known.id;
  const created = await tx.customer.create({ data: { name: callerName(phone), email: "", phone: formatPhone(phone) } });
  return created.id;
}
