/**
 * The one place the business's facts live. Every page, email, chat reply and
 * structured-data block reads them from here, so changing the phone number
 * here (or with BUSINESS_PHONE in the environment) changes it everywhere.
 *
 * Safe for the browser, and it never reads the environment itself: the
 * BUSINESS_* overrides are parsed with the rest of the environment (env.server.ts,
 * `env.BUSINESS`), and
 * - server processes apply them once at start (`configureBusinessFacts`), so
 *   server code, emails and chat replies read `business`;
 * - the browser gets them from the root loader (web/app/root.tsx): React
 *   components read the facts with `useBusinessFacts()`, and the root layout
 *   also leaves the overrides in the page before any module runs
 *   (`BUSINESS_BROWSER_GLOBAL`), so `business` in browser code outside React
 *   (`meta`, page copy) holds the same values and hydration never swaps a
 *   real phone number back to the default.
 */

/** The facts that can be changed at run time (BUSINESS_NAME, BUSINESS_PHONE, BUSINESS_EMAIL, BUSINESS_REVIEWS_URL). */
export interface BusinessOverrides {
  name?: string;
  phone?: string;
  email?: string;
  reviewsUrl?: string;
}

/** Where a page leaves the overrides for the browser's modules (written by the root layout), and a server process its own. */
export const BUSINESS_BROWSER_GLOBAL = "__BCE_BUSINESS__";

/** The overrides the page left for the browser, or those the server process was configured with. */
export function pageOverrides(): BusinessOverrides {
  const fromPage = (globalThis as Record<string, unknown>)[BUSINESS_BROWSER_GLOBAL];
  return fromPage && typeof fromPage === "object" ? fromPage : {};
}

export interface OpeningHours {
  /** Schema.org day names. */
  days: ReadonlyArray<"Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday">;
  /** 24-hour local time (America/Chicago), or null when closed to regular work. */
  opens: string | null;
  closes: string | null;
  /** How people read it on the page. */
  label: string;
  hours: string;
}

export interface ServiceArea {
  name: string;
  kind: "City" | "AdministrativeArea";
  /** Towns and places a visitor may name for this area (lower-case). */
  aliases: readonly string[];
}

/**
 * How the business's phone number is written: `(225) 555-0142`. BUSINESS_PHONE
 * must match it; the chat widget finds numbers in replies by it (to make them
 * tap-to-call) and the worker checks that a model's wording kept them.
 */
export const PHONE_NUMBER_PATTERN = /\(\d{3}\) \d{3}-\d{4}/;

function digitsOnly(phone: string): string {
  return phone.replace(/[^\d]/g, "");
}

/** `(225) 555-0142` → `+12255550142`, for `tel:` links and structured data. */
export function toE164(phone: string): string {
  const digits = digitsOnly(phone);
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}

/** A local time range, "08:00"–"10:00" (America/Chicago). */
export interface ArrivalWindowRule {
  start: string;
  end: string;
}

/** Two-hour arrival windows from `first` until `last` ends them ("08:00", "18:00" → 8–10, …, 4–6). */
function twoHourWindows(first: number, last: number): ArrivalWindowRule[] {
  const clock = (h: number) => `${String(h).padStart(2, "0")}:00`;
  const windows: ArrivalWindowRule[] = [];
  for (let h = first; h + 2 <= last; h += 2) windows.push({ start: clock(h), end: clock(h + 2) });
  return windows;
}

/** How customers book visits (docs/product.md#booking-rules). */
export interface BookingRules {
  /** Arrival windows per weekday (0 = Sunday), inside business hours; a day without windows is closed to booking. */
  windows: Readonly<Record<0 | 1 | 2 | 3 | 4 | 5 | 6, readonly ArrivalWindowRule[]>>;
  /** A window can be chosen only if it starts at least this long from now. */
  minimumNoticeMinutes: number;
  /** How many days ahead (counting from today) customers may book. */
  horizonDays: number;
  /** How long a visit keeps its technician busy unless staff say otherwise. */
  visitMinutes: number;
  /** The weekdays (0 = Sunday) a new technician works until they change them: Monday to Saturday. */
  technicianWorkingDays: readonly number[];
}

/** The electrical contractor's license number (Louisiana State Licensing Board for Contractors). */
const LICENSE_NUMBER = "LA-E-58214";

/**
 * The terms every estimate's PDF prints (docs/product.md#estimates): the same for every estimate,
 * changed here. The validity date itself is each estimate's (its link's expiry).
 */
const ESTIMATE_TERMS: readonly string[] = [
  "Prices hold until the date this estimate is valid until; after it, ask us for a new one.",
  "Work is done to the National Electrical Code and local codes; permits and inspections are included where the work needs them.",
  "Conditions hidden until walls, ceilings or panels are opened (damaged wiring, earlier work not to code) are priced and agreed with you before any extra work.",
  "A deposit, when this estimate asks one, is due on approval; the balance is due when the work is complete.",
  "Our workmanship is warranted for one year from completion; equipment carries its maker's warranty.",
];

/**
 * How an invoice is paid (docs/product.md#invoices): due `netDays` Baton Rouge days after it is sent
 * ("net 15"), checks payable to `payableTo` and mailed to `remitTo`, or by card over the phone at the
 * business's phone; online only when Stripe is set up (packages/shared/src/invoices/how-to-pay.ts).
 */
function invoiceTerms(name: string) {
  return {
    netDays: 15,
    payableTo: `${name} LLC`,
    remitTo: { street: "7450 Jefferson Highway, Suite 210", city: "Baton Rouge", region: "LA", postalCode: "70806" },
  };
}

/** When visits may be booked: each weekday's arrival windows, notice, horizon and length (docs/product.md). */
const BOOKING_RULES: BookingRules = {
  windows: {
    0: [],
    1: twoHourWindows(8, 18),
    2: twoHourWindows(8, 18),
    3: twoHourWindows(8, 18),
    4: twoHourWindows(8, 18),
    5: twoHourWindows(8, 18),
    6: twoHourWindows(8, 16),
  },
  minimumNoticeMinutes: 120,
  horizonDays: 30,
  visitMinutes: 120,
  technicianWorkingDays: [1, 2, 3, 4, 5, 6],
};

export function createBusinessFacts(overrides: BusinessOverrides = {}) {
  const phone = overrides.phone?.trim() || "(225) 555-0142";
  const email = overrides.email?.trim() || "office@bayoucurrentelectric.com";
  const name = overrides.name?.trim() || "Bayou Current Electric";

  return {
    name,
    legalName: `${name} LLC`,
    shortName: name.replace(/\s+Electric$/, ""),
    tagline: "Licensed electricians for Baton Rouge and the surrounding parishes",
    phone,
    phoneE164: toE164(phone),
    phoneHref: `tel:${toE164(phone)}`,
    email,
    emailHref: `mailto:${email}`,
    licence: `Louisiana State Licensing Board for Contractors, electrical license #${LICENSE_NUMBER}`,
    /** The license number alone, as documents print it ("License #LA-E-58214"). */
    licenseNumber: LICENSE_NUMBER,
    /** The terms every estimate's PDF prints (docs/product.md#estimates). */
    estimateTerms: ESTIMATE_TERMS,
    foundedYear: 2009,
    address: {
      street: "7450 Jefferson Highway, Suite 210",
      city: "Baton Rouge",
      region: "LA",
      postalCode: "70806",
      country: "US",
    },
    geo: { latitude: 30.4206, longitude: -91.1046 },
    timeZone: "America/Chicago",
    hours: [
      {
        days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "07:00",
        closes: "18:00",
        label: "Monday - Friday",
        hours: "7:00 AM - 6:00 PM",
      },
      { days: ["Saturday"], opens: "08:00", closes: "16:00", label: "Saturday", hours: "8:00 AM - 4:00 PM" },
      { days: ["Sunday"], opens: null, closes: null, label: "Sunday", hours: "Emergency service only" },
    ] satisfies OpeningHours[] as OpeningHours[],
    afterHours: "Emergency service available after hours",
    afterHoursCharges: "After-hours charges may apply",
    serviceAreas: [
      {
        name: "Baton Rouge",
        kind: "City",
        aliases: ["baton rouge", "br", "red stick", "east baton rouge", "ebr", "south baton rouge", "mid city"],
      },
      {
        name: "Ascension Parish",
        kind: "AdministrativeArea",
        aliases: [
          "ascension",
          "gonzales",
          "prairieville",
          "donaldsonville",
          "sorrento",
          "st. amant",
          "st amant",
          "geismar",
          "dutchtown",
        ],
      },
      {
        name: "Livingston Parish",
        kind: "AdministrativeArea",
        aliases: [
          "livingston",
          "watson",
          "albany",
          "french settlement",
          "holden",
          "killian",
          "springfield",
          "port vincent",
        ],
      },
      { name: "Walker", kind: "City", aliases: ["walker"] },
      { name: "Denham Springs", kind: "City", aliases: ["denham springs", "denham", "juban"] },
    ] satisfies ServiceArea[] as ServiceArea[],
    social: [
      { name: "Facebook", url: "https://www.facebook.com/bayoucurrentelectric" },
      { name: "Instagram", url: "https://www.instagram.com/bayoucurrentelectric" },
      { name: "Nextdoor", url: "https://nextdoor.com/pages/bayou-current-electric-baton-rouge-la" },
    ],
    reviews: {
      rating: 4.9,
      count: 9,
      url:
        overrides.reviewsUrl?.trim() ||
        "https://www.google.com/maps/search/?api=1&query=Bayou+Current+Electric+Baton+Rouge",
    },
    emergency: {
      available: "24/7/365",
      responseTime: "30-60 minutes",
      callAnswer: "A live person answers immediately, day or night",
      holidays: "Holidays included",
    },
    booking: BOOKING_RULES,
    invoicing: invoiceTerms(name),
    contactReplyPromise: "within 24 hours",
    freeEstimates: true,
    /** Schema.org `priceRange` for the business listing. */
    priceRange: "$$",
  } as const;
}

export type BusinessFacts = ReturnType<typeof createBusinessFacts>;

/**
 * The facts as configured for this process: the defaults with the overrides
 * the page left (browser), or those `configureBusinessFacts` applied (server).
 */
export const business: BusinessFacts = createBusinessFacts(pageOverrides());

/**
 * Applies the environment's overrides (`env.BUSINESS`) to `business`, in place,
 * so every module that imported it sees them. Server processes call it once,
 * right after parsing the environment and before loading the code that renders
 * pages, emails or chat replies. It also leaves them where `pageOverrides`
 * looks, as the root layout does in the browser: a bundle loaded afterwards
 * with its own copy of this module (the web server's Remix build) starts from
 * the same values.
 */
export function configureBusinessFacts(overrides: BusinessOverrides): void {
  (globalThis as Record<string, unknown>)[BUSINESS_BROWSER_GLOBAL] = { ...overrides };
  Object.assign(business as Record<string, unknown>, createBusinessFacts(overrides));
}

/** "Baton Rouge, Ascension Parish, Livingston Parish, Walker and Denham Springs" */
export function serviceAreaSentence(facts: BusinessFacts = business): string {
  const names = facts.serviceAreas.map((a) => a.name);
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export function formatAddress(facts: BusinessFacts = business): string {
  const a = facts.address;
  return `${a.street}, ${a.city}, ${a.region} ${a.postalCode}`;
}

/**
 * A map search for a customer's address ("4521 Government St, Baton Rouge"): the business's state is
 * added so the map looks in the right place, unless the address ends with it already (with or
 * without its ZIP code: "…, Baton Rouge, LA 70806"), which would then read "…LA 70806, LA".
 */
export function mapSearchUrl(address: string, facts: BusinessFacts = business): string {
  const { region } = facts.address;
  const endsWithRegion = new RegExp(`\\b${region}\\.?(\\s+\\d{5}(-\\d{4})?)?\\s*$`, "i").test(address.trim());
  const query = endsWithRegion ? address.trim() : `${address.trim()}, ${region}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** Contact form service options, values and labels (docs/product.md#business-facts). */
export const contactServiceOptions = [
  { value: "residential", label: "Residential" },
  { value: "commercial", label: "Commercial" },
  { value: "generator", label: "Generator" },
  { value: "emergency", label: "Emergency" },
  { value: "maintenance", label: "Maintenance" },
  { value: "other", label: "Other" },
] as const;

export type ContactServiceValue = (typeof contactServiceOptions)[number]["value"];

/** Appointment form service options, chat and portal (docs/product.md#business-facts). */
export const chatServiceOptions = [
  "General Electrical Service",
  "Electrical Repair",
  "Panel Upgrade",
  "Generator Installation",
  "Lighting Installation",
  "Ceiling Fan Installation",
  "Outlet Installation",
  "Commercial Wiring",
  "Emergency Electrical Service",
  "Free Estimate",
] as const;

/** The six services the website sells, in the order pages, menus, the footer and the sitemap list them. */
export interface ServiceSummary {
  slug: "residential" | "commercial" | "generator" | "panel-upgrades" | "lighting" | "emergency";
  /** The page's name: menus, breadcrumbs, structured data. */
  name: string;
  path: `/services/${string}`;
  /** One or two sentences for cards, meta descriptions and structured data. */
  summary: string;
  /** The highlights a service card lists. */
  features: readonly string[];
  /** Schema.org `serviceType`. */
  serviceType: string;
  /** What the appointment forms and a booked visit call it (one of `chatServiceOptions`): /book books it under this name. */
  appointmentService: (typeof chatServiceOptions)[number];
}

export const services = [
  {
    slug: "residential",
    name: "Residential Electrical",
    path: "/services/residential",
    summary:
      "Repairs, new outlets, ceiling fans and whole-home safety inspections for houses across the Baton Rouge area, done neatly and to code.",
    features: [
      "Electrical repairs and troubleshooting",
      "Outlet and GFCI installation",
      "Home safety inspections",
      "Ceiling fan installation",
    ],
    serviceType: "Residential electrical services",
    appointmentService: "General Electrical Service",
  },
  {
    slug: "commercial",
    name: "Commercial Wiring",
    path: "/services/commercial",
    summary:
      "Wiring for offices, shops, restaurants, warehouses, clinics and plants, from new construction to tenant build-outs, scheduled around your business hours.",
    features: [
      "New construction wiring",
      "Tenant build-outs",
      "Industrial and three-phase power",
      "Maintenance and repairs",
    ],
    serviceType: "Commercial electrical wiring",
    appointmentService: "Commercial Wiring",
  },
  {
    slug: "generator",
    name: "Generator Installation",
    path: "/services/generator",
    summary:
      "Standby and portable generators sized to your home or business, installed with a transfer switch, and maintained so they start when the next storm takes the grid down.",
    features: [
      "Whole-home standby generators",
      "Portable generator hookups",
      "Commercial backup power",
      "Maintenance plans",
    ],
    serviceType: "Generator installation and maintenance",
    appointmentService: "Generator Installation",
  },
  {
    slug: "panel-upgrades",
    name: "Panel Upgrades",
    path: "/services/panel-upgrades",
    summary:
      "Replace an old fuse box or recalled breaker panel and add the capacity today's appliances, EV chargers and additions need.",
    features: [
      "Fuse box replacement",
      "100A to 200A service upgrades",
      "Federal Pacific and Zinsco replacement",
      "Subpanels and EV charger circuits",
    ],
    serviceType: "Electrical panel upgrade",
    appointmentService: "Panel Upgrade",
  },
  {
    slug: "lighting",
    name: "Lighting Installation",
    path: "/services/lighting",
    summary:
      "Recessed, pendant, landscape and security lighting, ceiling fans and LED retrofits that brighten rooms and lower the power bill.",
    features: ["Indoor and recessed lighting", "Outdoor and security lighting", "Ceiling fans", "LED upgrades"],
    serviceType: "Lighting installation",
    appointmentService: "Lighting Installation",
  },
  {
    slug: "emergency",
    name: "Emergency Service",
    path: "/services/emergency",
    summary:
      "A licensed electrician on call 24 hours a day, 365 days a year for power loss, sparking outlets, burning smells and storm damage.",
    features: [
      "Answered 24/7/365, holidays included",
      "Average response in 30-60 minutes",
      "Storm and flood damage",
      "Power restoration and make-safe repairs",
    ],
    serviceType: "Emergency electrical service",
    appointmentService: "Emergency Electrical Service",
  },
] as const satisfies readonly ServiceSummary[];

export type ServiceSlug = ServiceSummary["slug"];

export function serviceBySlug(slug: ServiceSlug): (typeof services)[number] {
  return services.find((s) => s.slug === slug)!;
}
