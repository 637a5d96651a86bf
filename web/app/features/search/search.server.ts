/**
 * Staff search, the one implementation (docs/product.md#search): GET /api/search, the
 * /admin/search page and the staff bar's box, the bookings list's `q` and the New Booking
 * dialog's customer search all match through the conditions below.
 *
 * A customer matches by name (any part of it, or with a typo: pg_trgm's similarity of the
 * whole name, or of its closest run of words), email (any part), address (any part) or phone
 * (its digits contain the digits typed). A booking matches by its number, its address,
 * or its customer's match. An estimate or an invoice is found by its number (its unique index),
 * or as a document of the customers found (its customerId index): the search's `documents`, and
 * the `q` of the lists of estimates and invoices (`documentMatch`). The trigram conditions are the ones the GIN indexes of the migration
 * `20261128020000_search` answer (the phone's through an index on the same expression), so a
 * search reads index entries, not 100,000 rows.
 *
 * Ranked: exact matches first (the booking number, the whole phone number, the whole email or
 * name), then by how similar (the best of the name's, the address's, and how much of the email
 * or phone the text covers), then newest visit first. Ten of each at most. Documents: the one a
 * number names, else the customers' found, newest first, ten at most. The customers found who are members are
 * marked with their plans (docs/product.md#plans), read in one query for all of them.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { bookingStatuses } from "@app/shared/api/choices";
import { searchQuerySchema } from "@app/shared/api/search";
import { Prisma } from "@app/shared/db.server";
import { invalid, success } from "@app/shared/result";
import { documentHref, estimateTotals, type DocumentKind } from "~/features/documents/documents";
import { searchTerms, type SearchTerms } from "@app/shared/search/search-terms";
import type { MemberMark } from "@app/shared/plans/member-marks";
import { membersAmong } from "@app/shared/plans/members.server";
import {
  bookingAddressMatch,
  contains,
  matchingCustomers,
  PHONE_DIGITS,
} from "@app/shared/search/booking-match.server";

/** How many customers and how many bookings a search answers with. */
const SEARCH_LIMIT = 10;

export interface CustomerHit {
  id: number;
  name: string;
  email: string;
  phone: string;
  address: string | null;
}

/** A customer the staff search found: with their plans when they are a member, else `member` null. */
export interface FoundCustomer extends CustomerHit {
  member: MemberMark | null;
}

export interface BookingHit {
  id: number;
  summary: string;
  status: (typeof bookingStatuses)[number];
  /** ISO 8601, UTC. */
  scheduledDate: string;
  customerName: string;
}

/** An estimate or an invoice found (docs/product.md#search). */
export interface DocumentHit {
  kind: DocumentKind;
  id: number;
  number: string;
  /** The estimate's or the invoice's status (estimateStatusLabels, invoiceStatusLabels). */
  status: string;
  customerName: string;
  /** An invoice's total; an estimate's approved option's, or before approval its lowest option's. */
  totalCents: number;
  /** The same for an invoice; an estimate's highest option's before approval. */
  maxTotalCents: number;
  /** Its staff page. */
  href: string;
}

/** 0 for an exact match of customer `c` (the whole phone number, email or name), else 1. */
function customerTier(t: SearchTerms): Prisma.Sql {
  const phone = t.phoneDigits
    ? Prisma.sql`OR ${PHONE_DIGITS} = ${t.phoneDigits}::text OR ${PHONE_DIGITS} = ${`1${t.phoneDigits}`}::text`
    : Prisma.empty;
  return Prisma.sql`CASE WHEN lower(c.name) = lower(${t.text}::text) OR c.email = lower(${t.text}::text) ${phone} THEN 0 ELSE 1 END`;
}

/** How much of `column` the text is, from 0.6 (a sliver of it) to 1 (all of it), when `column` contains it; else 0. */
function coverage(column: Prisma.Sql, pattern: string, length: number): Prisma.Sql {
  return Prisma.sql`CASE WHEN ${column} ILIKE ${pattern} THEN 0.6 + 0.4 * ${length}::int / greatest(length(${column}), 1) ELSE 0 END`;
}

/**
 * How closely customer `c` matches, 0 to 1: the name's similarity (typos included), or how
 * much of the email, address or phone digits the text covers. Cheap enough for the thousands a
 * street name matches.
 */
function customerScore(t: SearchTerms): Prisma.Sql {
  const pattern = contains(t.text);
  const phone = t.phoneDigits
    ? Prisma.sql`, ${coverage(PHONE_DIGITS, contains(t.phoneDigits), t.phoneDigits.length)}`
    : Prisma.empty;
  return Prisma.sql`greatest(word_similarity(${t.text}::text, c.name), similarity(${t.text}::text, c.name), ${coverage(Prisma.sql`c.email`, pattern, t.text.length)},
    ${coverage(Prisma.sql`coalesce(c.address, '')`, pattern, t.text.length)} ${phone})`;
}

const DOCUMENT_TABLES = { estimate: Prisma.raw(`"Estimate"`), invoice: Prisma.raw(`"Invoice"`) } as const;

/**
 * Whether document `d` (an estimate or an invoice: `kind`) matches `terms`: the lists' `q`. A
 * document number names that document, and on the other list the documents tied to it (an
 * estimate's invoices, an invoice's estimate); other text finds the documents of the customers
 * that match it. Each part is read through its own index (the numbers' unique indexes, the
 * documents' customerId and estimateId indexes), then joined.
 */
export function documentMatch(kind: DocumentKind, terms: SearchTerms): Prisma.Sql {
  const table = DOCUMENT_TABLES[kind];
  const named = terms.documentNumber;
  if (!named)
    return Prisma.sql`d.id IN (SELECT x.id FROM ${table} x WHERE x."customerId" IN (${matchingCustomers(terms, Prisma.sql`c.id`)}))`;
  if (named.kind === kind) return Prisma.sql`d.id IN (SELECT x.id FROM ${table} x WHERE x.number = ${named.number})`;
  return kind === "invoice"
    ? Prisma.sql`d.id IN (SELECT x.id FROM "Invoice" x WHERE x."estimateId" IN (SELECT e.id FROM "Estimate" e WHERE e.number = ${named.number}))`
    : Prisma.sql`d.id IN (SELECT i."estimateId" FROM "Invoice" i WHERE i.number = ${named.number})`;
}

interface RankedCustomer extends CustomerHit {
  tier: number;
  score: number;
}

async function rankedCustomers(context: AppLoadContext, terms: SearchTerms, limit: number) {
  return context.services.db.$queryRaw<RankedCustomer[]>`
    SELECT c.id, c.name, c.email, c.phone, c.address, ${customerTier(terms)} AS tier, ${customerScore(terms)}::float8 AS score
      FROM (${matchingCustomers(terms, Prisma.sql`c.id, c.name, c.email, c.phone, c.address`)}) AS c
     ORDER BY tier, score DESC, c.name, c.id
     LIMIT ${limit}`;
}

/**
 * The bookings: the one a number names, the visits of the customers found (ranked as their
 * customer), and the visits whose own address matches, best first, newest visit first.
 */
async function rankedBookings(context: AppLoadContext, terms: SearchTerms, customers: RankedCustomer[]) {
  const parts: Prisma.Sql[] = [
    Prisma.sql`SELECT x.id, m.tier, m.score
      FROM unnest(${customers.map((c) => c.id)}::int[], ${customers.map((c) => c.tier)}::int[],
                  ${customers.map((c) => c.score)}::float8[]) AS m(id, tier, score)
      JOIN "Booking" x ON x."customerId" = m.id`,
  ];
  if (terms.bookingId)
    parts.push(Prisma.sql`SELECT x.id, 0, 1::float8 FROM "Booking" x WHERE x.id = ${terms.bookingId}`);
  // Visits at an address no customer found has (a landlord's houses): when the customers found fill the list, they rank higher anyway.
  if (terms.fuzzy && customers.length < SEARCH_LIMIT)
    parts.push(Prisma.sql`(SELECT x.id, 1, (${coverage(Prisma.sql`x.address`, contains(terms.text), terms.text.length)})::float8
      FROM "Booking" x WHERE ${bookingAddressMatch(terms)} ORDER BY 3 DESC, x."scheduledDate" DESC LIMIT ${SEARCH_LIMIT})`);
  return context.services.db.$queryRaw<BookingHit[]>`
    SELECT b.id, b.summary, b.status::text AS status,
           to_char(b."scheduledDate", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "scheduledDate", c.name AS "customerName"
      FROM (SELECT id, min(tier) AS tier, max(score) AS score FROM (${Prisma.join(parts, " UNION ALL ")}) AS hit(id, tier, score)
             GROUP BY id) AS h
      JOIN "Booking" b ON b.id = h.id
      JOIN "Customer" c ON c.id = b."customerId"
     ORDER BY h.tier, h.score DESC, b."scheduledDate" DESC, b.id DESC
     LIMIT ${SEARCH_LIMIT}`;
}

/**
 * The documents: the one a number names, or the estimates and invoices of the customers found,
 * newest first; SEARCH_LIMIT at most.
 */
async function rankedDocuments(context: AppLoadContext, terms: SearchTerms, customers: RankedCustomer[]) {
  const { db } = context.services;
  const named = terms.documentNumber;
  const ids = customers.map((c) => c.id);
  if (!named && !ids.length) return [];
  const part = (kind: DocumentKind) => {
    const table = DOCUMENT_TABLES[kind];
    const where = named ? Prisma.sql`x.number = ${named.number}` : Prisma.sql`x."customerId" = ANY(${ids}::int[])`;
    return Prisma.sql`(SELECT ${kind}::text AS kind, x.id, x."createdAt" FROM ${table} x WHERE ${where}
      ORDER BY x."createdAt" DESC, x.id DESC LIMIT ${SEARCH_LIMIT})`;
  };
  const kinds: DocumentKind[] = named ? [named.kind] : ["estimate", "invoice"];
  const found = await db.$queryRaw<Array<{ kind: DocumentKind; id: number }>>`
    SELECT kind, id FROM (${Prisma.join(kinds.map(part), " UNION ALL ")}) AS d
     ORDER BY d."createdAt" DESC, d.kind, d.id DESC
     LIMIT ${SEARCH_LIMIT}`;
  const idsOf = (kind: DocumentKind) => found.filter((f) => f.kind === kind).map((f) => f.id);
  const [estimates, invoices] = await Promise.all([
    db.estimate.findMany({
      where: { id: { in: idsOf("estimate") } },
      select: {
        id: true,
        number: true,
        status: true,
        approvedOptionId: true,
        customer: { select: { name: true } },
        options: { select: { id: true, totalCents: true } },
      },
    }),
    db.invoice.findMany({
      where: { id: { in: idsOf("invoice") } },
      select: { id: true, number: true, status: true, totalCents: true, customer: { select: { name: true } } },
    }),
  ]);
  const hits = new Map<string, DocumentHit>();
  for (const e of estimates)
    hits.set(`estimate-${e.id}`, {
      kind: "estimate",
      id: e.id,
      number: e.number,
      status: e.status,
      customerName: e.customer.name,
      ...estimateTotals(e.options, e.approvedOptionId),
      href: documentHref("estimate", e.id),
    });
  for (const i of invoices)
    hits.set(`invoice-${i.id}`, {
      kind: "invoice",
      id: i.id,
      number: i.number,
      status: i.status,
      customerName: i.customer.name,
      totalCents: i.totalCents,
      maxTotalCents: i.totalCents,
      href: documentHref("invoice", i.id),
    });
  return found.flatMap((f) => hits.get(`${f.kind}-${f.id}`) ?? []);
}

const customerHit = ({ id, name, email, phone, address }: RankedCustomer): CustomerHit => ({
  id,
  name,
  email,
  phone,
  address,
});

/** The customers that match `q`, best first (the New Booking dialog's search). */
export async function findCustomers(context: AppLoadContext, q: string, limit = SEARCH_LIMIT) {
  return (await rankedCustomers(context, searchTerms(q), limit)).map(customerHit);
}

/**
 * GET /api/search and /admin/search: `{ customers, bookings, documents }` for `{ q }` (each customer with `member`),
 * or 400 with the field's error.
 */
export async function search(context: AppLoadContext, query: Record<string, string>) {
  const parsed = searchQuerySchema.safeParse(query);
  if (!parsed.success) return invalid(parsed.error, "Invalid search");
  const terms = searchTerms(parsed.data.q);
  const customers = await rankedCustomers(context, terms, SEARCH_LIMIT);
  const [bookings, documents, members] = await Promise.all([
    rankedBookings(context, terms, customers),
    rankedDocuments(context, terms, customers),
    membersAmong(
      context.services.db,
      customers.map((c) => c.id),
    ),
  ]);
  const found = customers.map((c): FoundCustomer => ({ ...customerHit(c), member: members.get(c.id) ?? null }));
  return success({ customers: found, bookings, documents });
}
