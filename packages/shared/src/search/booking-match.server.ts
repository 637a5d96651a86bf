/**
 * The SQL of a search's match (docs/product.md#search): which customers and which bookings the
 * search box's text finds. The staff search and the lists read through it on the web
 * (web/app/features/search/search.server.ts), and the worker builds the bookings export with it
 * (../exports/bookings-export.server.ts), so a list and its export find the same bookings.
 */
import { Prisma } from "../db.server";
import { escapeLike, type SearchTerms } from "./search-terms";

/** The customer's phone as digits only: the very expression of the index Customer_phone_digits_trgm_idx. */
export const PHONE_DIGITS = Prisma.sql`regexp_replace(c.phone, '\\D', '', 'g')`;

export const contains = (text: string) => `%${escapeLike(text)}%`;

/**
 * The ways customer `c` can match, each answered by its own index (so they are read apart and
 * joined, never as one OR that PostgreSQL might answer by reading every row).
 */
function customerArms(t: SearchTerms): Prisma.Sql[] {
  const arms: Prisma.Sql[] = [];
  if (t.fuzzy) {
    const pattern = contains(t.text);
    arms.push(
      Prisma.sql`c.name ILIKE ${pattern}`,
      // A typo in one word of the name ("thibodaux"), or in the whole name ("arcenaux" for "Beau Arceneaux").
      Prisma.sql`${t.text}::text <% c.name`,
      Prisma.sql`${t.text}::text % c.name`,
      Prisma.sql`c.email LIKE ${pattern.toLowerCase()}`,
      Prisma.sql`c.address ILIKE ${pattern}`,
    );
  } else {
    // One or two characters: the start of a name, of a word of it, or of an email.
    const start = `${escapeLike(t.text)}%`;
    arms.push(
      Prisma.sql`c.name ILIKE ${start} OR c.name ILIKE ${`% ${start}`}`,
      Prisma.sql`c.email LIKE ${start.toLowerCase()}`,
    );
  }
  if (t.phoneDigits) arms.push(Prisma.sql`${PHONE_DIGITS} LIKE ${contains(t.phoneDigits)}`);
  return arms;
}

/** The customers that match, with `columns` of each, as a query; never a record merged into another. */
export function matchingCustomers(t: SearchTerms, columns: Prisma.Sql): Prisma.Sql {
  return Prisma.join(
    customerArms(t).map(
      (arm) => Prisma.sql`SELECT ${columns} FROM "Customer" c WHERE c."mergedIntoId" IS NULL AND (${arm})`,
    ),
    " UNION ",
  );
}

/** Whether booking `x`'s own address contains the text (three characters or more). */
export function bookingAddressMatch(t: SearchTerms): Prisma.Sql {
  return Prisma.sql`x.address ILIKE ${contains(t.text)}`;
}

/**
 * Whether booking `b` matches `terms` (its number, its address, or its customer's match): the
 * bookings list's `q`. Each part is read through its own index, then joined.
 */
export function bookingMatch(terms: SearchTerms): Prisma.Sql {
  const parts: Prisma.Sql[] = [
    Prisma.sql`SELECT x.id FROM "Booking" x WHERE x."customerId" IN (${matchingCustomers(terms, Prisma.sql`c.id`)})`,
  ];
  if (terms.bookingId) parts.push(Prisma.sql`SELECT ${terms.bookingId}::int`);
  if (terms.fuzzy) parts.push(Prisma.sql`SELECT x.id FROM "Booking" x WHERE ${bookingAddressMatch(terms)}`);
  return Prisma.sql`b.id IN (${Prisma.join(parts, " UNION ")})`;
}

/**
 * The same match as a condition on booking `b`'s own row (its customer among those that match, its
 * number, its address), for reading many bookings in order (an export, ../exports/): the customers
 * that match are read once and looked up per row, so no statistics can make PostgreSQL compare
 * every booking with every matching one, as joining `bookingMatch`'s list the wrong way round does.
 */
export function bookingMatchOnRow(terms: SearchTerms): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`b."customerId" IN (${matchingCustomers(terms, Prisma.sql`c.id`)})`];
  if (terms.bookingId) parts.push(Prisma.sql`b.id = ${terms.bookingId}::int`);
  if (terms.fuzzy) parts.push(Prisma.sql`b.address ILIKE ${contains(terms.text)}`);
  return Prisma.sql`(${Prisma.join(parts, " OR ")})`;
}
