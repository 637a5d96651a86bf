import type postgres from "postgres";
import type { Stack } from "../support/stack";
import { summarize, type BenchRow } from "./stats";

/** The customers the admin benchmarks hold (a contractor some years in). */
export const CUSTOMERS = 20_000;

// Names as the office sees them around Baton Rouge: many people share a surname, some a whole name.
const FIRST_NAMES = [
  "Marie",
  "Jean",
  "Beau",
  "Odile",
  "Clotilde",
  "Remy",
  "Celeste",
  "Andre",
  "Josephine",
  "Luc",
  "Amelie",
  "Pierre",
  "Roselyn",
  "Etienne",
  "Genevieve",
  "Hippolyte",
  "Noelle",
  "Gaston",
  "Yvette",
  "Claude",
  "James",
  "Mary",
  "Robert",
  "Patricia",
  "John",
  "Jennifer",
  "Michael",
  "Linda",
  "David",
  "Elizabeth",
  "William",
  "Barbara",
  "Richard",
  "Susan",
  "Joseph",
  "Jessica",
  "Thomas",
  "Sarah",
  "Charles",
  "Karen",
  "DeShawn",
  "Latoya",
  "Tremaine",
  "Keisha",
  "Nguyen",
  "Mai",
  "Carlos",
  "Lucia",
];
const LAST_NAMES = [
  "Thibodeaux",
  "Boudreaux",
  "Arceneaux",
  "Guidry",
  "Landry",
  "Hebert",
  "Broussard",
  "LeBlanc",
  "Fontenot",
  "Richard",
  "Comeaux",
  "Babin",
  "Melancon",
  "Theriot",
  "Robichaux",
  "Breaux",
  "Doucet",
  "Trahan",
  "Guillory",
  "Romero",
  "Mouton",
  "Savoie",
  "Benoit",
  "Cormier",
  "Dupuis",
  "Granger",
  "Hymel",
  "Lasseigne",
  "Naquin",
  "Pitre",
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Miller",
  "Davis",
  "Wilson",
  "Anderson",
  "Taylor",
  "Jackson",
  "Harris",
  "Martin",
  "Thompson",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Scott",
  "Tran",
  "Pham",
  "Hernandez",
  "Garcia",
  "St. Romain",
  "Van Buren",
  "O'Neal",
  "Castille",
  "Delahoussaye",
  "Fruge",
];
const STREETS = [
  "Perkins Rd",
  "Government St",
  "Highland Rd",
  "Jefferson Hwy",
  "Florida Blvd",
  "Airline Hwy",
  "Siegen Ln",
  "Old Hammond Hwy",
  "Essen Ln",
  "Bluebonnet Blvd",
  "Coursey Blvd",
  "Sherwood Forest Blvd",
  "Burbank Dr",
  "Nicholson Dr",
  "Acadian Thruway",
  "College Dr",
  "Staring Ln",
  "Tiger Bend Rd",
  "Greenwell Springs Rd",
  "Plank Rd",
  "Range Ave",
  "Juban Rd",
  "Pete's Hwy",
  "Florida Ave",
  "Cockerham Rd",
  "Lockhart Rd",
  "Eden Church Rd",
  "Burnside Ave",
  "Airline Hwy",
  "Highway 42",
  "Manchac Way",
  "Bayou Manchac Rd",
];
const PLACES = [
  "Baton Rouge, LA 70808",
  "Baton Rouge, LA 70810",
  "Baton Rouge, LA 70816",
  "Baton Rouge, LA 70817",
  "Baton Rouge, LA 70809",
  "Baton Rouge, LA 70806",
  "Prairieville, LA 70769",
  "Gonzales, LA 70737",
  "Denham Springs, LA 70726",
  "Walker, LA 70785",
  "Zachary, LA 70791",
  "Central, LA 70818",
];
const MAIL_HOSTS = ["gmail.com", "yahoo.com", "cox.net", "att.net", "outlook.com", "icloud.com", "bellsouth.net"];

/**
 * CUSTOMERS customers with realistic, repeating names, phones written five ways
 * ("(225) 555-0123", "225-555-0123", "2255550123", "225.555.0123", "+1 225 555 0123"),
 * emails and addresses, so the search has the spread of data it meets in the office.
 */
export async function seedCustomers(sql: postgres.Sql, count = CUSTOMERS) {
  await sql`
    with picks as (
      select g,
             (${FIRST_NAMES}::text[])[1 + abs(hashtext('first' || g)) % ${FIRST_NAMES.length}] as first,
             (${LAST_NAMES}::text[])[1 + abs(hashtext('last' || g)) % ${LAST_NAMES.length}] as last,
             (array['225','225','225','985','504'])[1 + g % 5] || lpad((200 + (g * 7919) % 800)::text, 3, '0')
               || lpad(((g * 4871) % 10000)::text, 4, '0') as digits
      from generate_series(1, ${count}) g
    )
    insert into "Customer" (name, email, phone, address, "updatedAt")
    select first || ' ' || last,
           lower(regexp_replace(first || '.' || last, '[^A-Za-z.]', '', 'g')) || (g % 997) || '@'
             || (${MAIL_HOSTS}::text[])[1 + g % ${MAIL_HOSTS.length}],
           case g % 5
             when 0 then '(' || substr(digits, 1, 3) || ') ' || substr(digits, 4, 3) || '-' || substr(digits, 7)
             when 1 then substr(digits, 1, 3) || '-' || substr(digits, 4, 3) || '-' || substr(digits, 7)
             when 2 then digits
             when 3 then substr(digits, 1, 3) || '.' || substr(digits, 4, 3) || '.' || substr(digits, 7)
             else '+1 ' || substr(digits, 1, 3) || ' ' || substr(digits, 4, 3) || ' ' || substr(digits, 7)
           end,
           (100 + abs(hashtext('number' || g)) % 19900) || ' ' || (${STREETS}::text[])[1 + abs(hashtext('street' || g)) % ${STREETS.length}] || ', '
             || (${PLACES}::text[])[1 + abs(hashtext('place' || g)) % ${PLACES.length}],
           now()
    from picks`;
}

/** A one-letter slip in the middle of a word ("Thibodeaux" → "Thibodaux"… or "Thiboeaux"). */
const typo = (word: string) => word.slice(0, Math.floor(word.length / 2)) + word.slice(Math.floor(word.length / 2) + 1);

/** The kinds of query the office types, each made from a random seeded customer or booking. */
const QUERIES: Record<
  string,
  (c: { name: string; email: string; phone: string; address: string }, bookingId: number) => string
> = {
  "a surname with a typo": (c) => typo(c.name.split(" ").pop()!),
  "a phone's digits": (c) => c.phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, ""),
  "a phone as (225) 555-0123": (c) => {
    const d = c.phone.replace(/\D/g, "").slice(-10);
    return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
  },
  "a booking number": (_c, id) => `#${id}`,
  "part of an email": (c) => c.email.slice(0, 10),
  "an address (number and street)": (c) => c.address.split(" ").slice(0, 2).join(" "),
};

/**
 * GET /api/search's server time over the mix of QUERIES, each round a new customer and booking,
 * and each kind of query apart; goal p95 ≤ 50 ms (docs/product.md#performance-budgets).
 */
export async function benchSearch(stack: Stack, headers: Record<string, string>, rounds: number): Promise<BenchRow[]> {
  const customers = await stack.db.customer.findMany({
    where: { address: { not: null } },
    select: { name: true, email: true, phone: true, address: true },
    orderBy: { id: "asc" },
  });
  const { _min, _max } = await stack.db.booking.aggregate({ _min: { id: true }, _max: { id: true } });
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const serverTime = async (q: string) => {
    const res = await fetch(`${stack.url}/api/search?q=${encodeURIComponent(q)}`, { headers });
    const body = (await res.json()) as { success: boolean; customers: unknown[]; bookings: unknown[] };
    if (!res.ok || !body.success) throw new Error(`/api/search?q=${q} answered ${res.status}`);
    return Number(/app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? NaN);
  };
  const byKind: Record<string, number[]> = {};
  const mix: number[] = [];
  for (let round = -1; round < rounds; round++)
    for (const [kind, query] of Object.entries(QUERIES)) {
      const customer = pick(customers) as { name: string; email: string; phone: string; address: string };
      const bookingId = _min.id! + Math.floor(Math.random() * (_max.id! - _min.id! + 1));
      const ms = await serverTime(query(customer, bookingId));
      if (round < 0) continue; // warm-up
      (byKind[kind] ??= []).push(ms);
      mix.push(ms);
    }
  const row = (benchmark: string, samples: number[], goal?: string): BenchRow => {
    const s = summarize(samples);
    return {
      benchmark,
      metric: "server time p50 / p95 (ms)",
      value: `${s.p50.toFixed(1)} / ${s.p95.toFixed(1)}`,
      goal,
    };
  };
  return [
    row(
      `/api/search, a mix of ${Object.keys(QUERIES).length} kinds (${CUSTOMERS.toLocaleString("en-US")} customers)`,
      mix,
      "p95 ≤ 50",
    ),
    ...Object.entries(byKind).map(([kind, samples]) => row(`/api/search, ${kind}`, samples)),
  ];
}
