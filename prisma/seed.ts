import type { Db } from "@app/shared/db.server";
import { hashPassword } from "@app/shared/password.server";
import type { Env } from "@app/shared/env.server";
import { addLocalDays, businessDate, requireBusinessInstant } from "@app/shared/time";
import { slugOf } from "@app/shared/plans/plans.server";

/**
 * Outside production: a dozen typical items of an electrician's price book (example prices, whole
 * cents; docs/product.md#price-book). Each is added once, by name: an item already there, however
 * it was changed since, is left alone.
 */
const SAMPLE_PRICE_BOOK = [
  { name: "Service call", description: "Trip and first half hour on site", unitPriceCents: 8_900, unit: "each" },
  { name: "GFCI outlet installed", description: "Replace a standard outlet with a GFCI", unitPriceCents: 16_500 },
  { name: "200 A panel upgrade", description: "New 200 A panel, breakers and permit", unitPriceCents: 240_000 },
  { name: "100 A subpanel", description: "Subpanel with feeder from the main panel", unitPriceCents: 125_000 },
  { name: "Whole-home surge protector", description: "Type 2 surge device at the panel", unitPriceCents: 45_000 },
  { name: "EV charger circuit", description: "60 A circuit for a Level 2 charger", unitPriceCents: 95_000 },
  { name: "240 V outlet", description: "Dedicated 240 V receptacle (dryer, welder, range)", unitPriceCents: 42_500 },
  {
    name: "Standby generator install (22 kW)",
    description: "Pad, transfer switch, gas and electrical hookup",
    unitPriceCents: 1_150_000,
  },
  {
    name: "Generator interlock kit",
    description: "Interlock and inlet box for a portable generator",
    unitPriceCents: 69_500,
  },
  { name: "Ceiling fan install", description: "On an existing fan-rated box", unitPriceCents: 17_500 },
  {
    name: "Recessed light",
    description: "LED wafer light, new circuit run extra",
    unitPriceCents: 12_500,
    unit: "each",
  },
  { name: "Wire run", description: "Romex in attic or crawl space", unitPriceCents: 450, unit: "foot" },
  { name: "Labor", description: "Electrician's time", unitPriceCents: 11_500, unit: "hour", taxable: false },
] as const;

async function seedPriceBook(db: Db, log: (msg: string) => void) {
  const names = SAMPLE_PRICE_BOOK.map((item) => item.name);
  const present = new Set(
    (await db.priceBookItem.findMany({ where: { name: { in: names } }, select: { name: true } })).map((i) => i.name),
  );
  const missing = SAMPLE_PRICE_BOOK.filter((item) => !present.has(item.name));
  if (missing.length === 0) return;
  await db.priceBookItem.createMany({ data: missing.map((item) => ({ ...item })) });
  log(`sample price book: ${missing.length} items added`);
}

/**
 * Outside production: two example maintenance plans (docs/product.md#plans), each added once, by name: a plan
 * already there, however it was changed since, is left alone.
 */
const SAMPLE_PLANS = [
  {
    name: "Generator Care",
    yearlyPriceCents: 18_900,
    monthlyPriceCents: 1_700,
    visitsPerYear: 1,
    serviceType: "generator",
    discountPercent: 10,
    emergencyPriority: true,
    terms:
      "A yearly service of your standby generator: oil and filters changed, the battery tested, and the transfer switch run under load. Members come first for emergency service and get 10% off other work. Renews every year; cancel any time, effective at the end of the period paid for.",
  },
  {
    name: "Home Safety Check",
    yearlyPriceCents: 9_900,
    monthlyPriceCents: null,
    visitsPerYear: 1,
    serviceType: "panel-upgrades",
    discountPercent: 5,
    emergencyPriority: false,
    terms:
      "A yearly safety check of your home's electrical system: the panel and its breakers inspected and tightened, the surge protector checked, and every GFCI and AFCI tested. Members get 5% off other work. Renews every year; cancel any time, effective at the end of the period paid for.",
  },
] as const;

async function seedPlans(db: Db, log: (msg: string) => void) {
  const names = SAMPLE_PLANS.map((plan) => plan.name);
  const present = new Set(
    (await db.plan.findMany({ where: { name: { in: names } }, select: { name: true } })).map((p) => p.name),
  );
  const missing = SAMPLE_PLANS.filter((plan) => !present.has(plan.name));
  if (missing.length === 0) return;
  // Two seeds at once: the second meets the first's rows (name and slug are unique) and adds nothing.
  const added = await db.plan.createMany({
    data: missing.map((plan) => ({ ...plan, slug: slugOf(plan.name) })),
    skipDuplicates: true,
  });
  log(`sample plans: ${added.count} added`);
}

/** Outside production: a technician to sign in as (with the admin's password) and to book. */
export const SAMPLE_TECHNICIAN_EMAIL = "sam.boudreaux@example.com";

/**
 * Idempotent seed: the admin from ADMIN_EMAIL / ADMIN_PASSWORD is created when
 * no account has that email, and an existing account is never changed (its
 * password, role and active flag are the staff's business after the first
 * deploy); outside production a sample technician and a few sample customers
 * and bookings are added once, so the staff screens, /jobs and the booking
 * forms' arrival windows have something to show.
 */
export async function seed(db: Db, env: Env, log: (msg: string) => void = console.log) {
  const email = env.ADMIN_EMAIL.toLowerCase();
  const leftAlone = `admin left alone: ${email} already has an account (the seed never changes it)`;
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) {
    log(leftAlone);
  } else {
    const passwordHash = await hashPassword(env.ADMIN_PASSWORD);
    // Two deploys seeding at once: the second insert meets the row the first created and changes nothing.
    const created = await db.user.createMany({
      data: [{ email, passwordHash, firstName: "Office", lastName: "Admin", role: "admin", isActive: true }],
      skipDuplicates: true,
    });
    log(created.count ? `admin created: ${email}` : leftAlone);
  }

  if (env.isProduction) return;
  await seedPriceBook(db, log);
  await seedPlans(db, log);
  if ((await db.customer.count()) > 0) return;

  // A technician, so there are arrival windows to book (development only: the admin's password).
  await db.user.createMany({
    data: [
      {
        email: SAMPLE_TECHNICIAN_EMAIL,
        passwordHash: await hashPassword(env.ADMIN_PASSWORD),
        firstName: "Sam",
        lastName: "Boudreaux",
        role: "technician",
        emailVerifiedAt: new Date(),
      },
    ],
    skipDuplicates: true,
  });
  const technician = await db.user.findUniqueOrThrow({ where: { email: SAMPLE_TECHNICIAN_EMAIL } });

  // Baton Rouge days and hours from today (the one clock).
  const today = businessDate();
  const at = (days: number, hour: number) => requireBusinessInstant(addLocalDays(today, days), hour * 60);
  const samples = [
    {
      name: "Marie Thibodeaux",
      email: "marie.thibodeaux@example.com",
      phone: "(225) 555-0181",
      bookings: [
        {
          summary: "Panel upgrade 100A to 200A",
          details: "Federal Pacific panel in garage, breakers trip in summer.",
          priority: "high" as const,
          scheduledDate: at(2, 8),
          technicianId: technician.id,
        },
      ],
    },
    {
      name: "Darnell Guidry",
      email: "darnell.guidry@example.com",
      phone: "(225) 555-0117",
      bookings: [
        {
          summary: "Standby generator estimate",
          details: "22kW whole-home, natural gas available.",
          priority: "medium" as const,
          scheduledDate: at(5, 13),
        },
        {
          summary: "Outdoor lighting repair",
          details: null,
          priority: "low" as const,
          scheduledDate: at(-3, 10),
          status: "completed" as const,
        },
      ],
    },
    {
      name: "Walker Family Dental",
      email: "office@walkerfamilydental.example.com",
      phone: "(225) 555-0164",
      bookings: [
        {
          summary: "Tenant build-out wiring",
          details: "Two new operatories, dedicated circuits.",
          priority: "medium" as const,
          scheduledDate: at(9, 8),
          status: "in_progress" as const,
        },
      ],
    },
  ];
  for (const sample of samples) {
    await db.customer.create({
      data: {
        name: sample.name,
        email: sample.email,
        phone: sample.phone,
        bookings: { create: sample.bookings.map((b) => ({ ...b, source: "admin" as const })) },
      },
    });
  }
  log(`sample technician (${SAMPLE_TECHNICIAN_EMAIL}), customers and bookings added`);
}
