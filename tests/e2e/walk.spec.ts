/**
 * The walk (docs/product.md#site-wide): every page of web/app/routes, opened by the person it is
 * for (a visitor, a customer, a technician, an admin) on a phone (390×844) and at a desk
 * (1280×800), with data long enough to push a layout: the page answers its status, is not wider
 * than the screen (the document, and no element sticking out of it), passes axe, logs no error,
 * and carries the visitor chat only where visitors are (never on a staff page). On the phone every
 * control is a target a finger can hit and every text can be read (`measureTouchAndText`: 44×44 CSS
 * px, 12 px), with a customer whose email address is 60 characters and a visit whose street address
 * is 120. The forms the walk posts (`FORMS`), with JavaScript and without, each show their outcome
 * where the eye is: in the viewport, with focus.
 *
 * WALK is the one list of walked pages, one line each, keyed by the route's file or folder name;
 * the first test fails when a page route (a route module with a default export; the `api.*`
 * routes are addresses for programs, and a module without a default export is a resource route)
 * is not in it, or when it names a route that is gone.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { createDb } from "@app/shared/db.server";
import { addLocalDays, businessDate, requireBusinessInstant } from "@app/shared/time";
import { randomToken, sha256 } from "@app/shared/tokens.server";
import { purposeKeys, signFor } from "@app/shared/keys.server";
import { randomIp, TEST_SESSION_SECRET } from "../support/stack";
import { expect, expectNoAxeViolations, hydrated, test as base } from "./fixtures";
import { createUser, logIn, main, unique, uniqueLetters } from "./staff";
import { measureTouchAndText, TEXT_PX, TOUCH_PX } from "./touch";
import { chooseWindow, offeredWindow } from "./window-picker";

type Who = "visitor" | "customer" | "technician" | "admin";

/** What the walk made for the pages that show a record or take a token. */
interface World {
  bookingId: number;
  customerId: number;
  visitDate: string;
  mergeBookingId: number;
  contactId: number;
  /** The customer's number, whose texts are a conversation in the inbox (docs/product.md#texts). */
  textPhone: string;
  searchWord: string;
  visitToken: string;
  unsubscribeToken: string;
  estimateId: number;
  estimateToken: string;
  invoiceId: number;
  invoiceToken: string;
  membershipToken: string;
  verifyToken: string;
  /** Signed-in browsers' cookies, by role. */
  signedIn: Record<Exclude<Who, "visitor">, Awaited<ReturnType<BrowserContext["storageState"]>>>;
}

interface Walk {
  as: Who;
  path: string | ((world: World) => string);
  /** The status the page answers (200 unless said). */
  status?: number;
}

/** Every page route, by its name in web/app/routes, and how the walk opens it. */
const WALK: Record<string, Walk> = {
  _index: { as: "visitor", path: "/" },
  about: { as: "visitor", path: "/about" },
  "services._index": { as: "visitor", path: "/services" },
  "services.commercial": { as: "visitor", path: "/services/commercial" },
  "services.emergency": { as: "visitor", path: "/services/emergency" },
  "services.generator": { as: "visitor", path: "/services/generator" },
  "services.lighting": { as: "visitor", path: "/services/lighting" },
  "services.panel-upgrades": { as: "visitor", path: "/services/panel-upgrades" },
  "services.residential": { as: "visitor", path: "/services/residential" },
  contact: { as: "visitor", path: "/contact" },
  book: { as: "visitor", path: "/book?service=panel-upgrades" },
  "book_.confirmed": {
    as: "visitor",
    path: (w) =>
      `/book/confirmed?visit=${w.bookingId}&key=${signFor(purposeKeys([TEST_SESSION_SECRET], "booking-confirmation")[0]!, `visit:${w.bookingId}`)}`,
  },
  login: { as: "visitor", path: "/login" },
  "verify-email": { as: "visitor", path: (w) => `/verify-email?token=${w.verifyToken}` },
  "appointments.$token": { as: "visitor", path: (w) => `/appointments/${w.visitToken}` },
  "unsubscribe.$token": { as: "visitor", path: (w) => `/unsubscribe/${w.unsubscribeToken}` },
  "estimates.$token": { as: "visitor", path: (w) => `/estimates/${w.estimateToken}` },
  "invoices.$token": { as: "visitor", path: (w) => `/invoices/${w.invoiceToken}` },
  "membership.$token": { as: "visitor", path: (w) => `/membership/${w.membershipToken}` },
  plans: { as: "visitor", path: "/plans" },
  $: { as: "visitor", path: "/no-such-page", status: 404 },
  account: { as: "customer", path: "/account" },
  "account_.visits.$id": { as: "customer", path: (w) => `/account/visits/${w.bookingId}` },
  jobs: { as: "technician", path: "/jobs" },
  dashboard: { as: "admin", path: "/dashboard" },
  "admin.bookings": { as: "admin", path: "/admin/bookings" },
  "admin.bookings_.$id": { as: "admin", path: (w) => `/admin/bookings/${w.bookingId}` },
  "admin.estimates": { as: "admin", path: "/admin/estimates" },
  "admin.invoices": { as: "admin", path: "/admin/invoices?status=unpaid" },
  "admin.estimates_.new": { as: "admin", path: (w) => `/admin/estimates/new?booking=${w.bookingId}` },
  "admin.estimates_.$id": { as: "admin", path: (w) => `/admin/estimates/${w.estimateId}` },
  // The walk's estimate is sent: its builder says only a draft is edited (the builder is walked on /new).
  "admin.estimates_.$id_.edit": { as: "admin", path: (w) => `/admin/estimates/${w.estimateId}/edit`, status: 409 },
  "admin.invoices_.$id": { as: "admin", path: (w) => `/admin/invoices/${w.invoiceId}` },
  "admin.calendar": { as: "admin", path: (w) => `/admin/calendar?month=${w.visitDate.slice(0, 7)}` },
  "admin.closures": { as: "admin", path: "/admin/closures" },
  "admin.calls": { as: "admin", path: "/admin/calls" },
  "admin.on-call": { as: "admin", path: "/admin/on-call" },
  "admin.customers_.$id": { as: "admin", path: (w) => `/admin/customers/${w.customerId}` },
  "admin.customers_.merge": { as: "admin", path: (w) => `/admin/customers/merge?booking=${w.mergeBookingId}` },
  "admin.dispatch": { as: "admin", path: (w) => `/admin/dispatch?date=${w.visitDate}` },
  // A customer's texts (docs/product.md#texts): the newest kind of item; contact messages and chats are inbox.spec's.
  "admin.inbox": { as: "admin", path: (w) => `/admin/inbox?item=${encodeURIComponent(`text:${w.textPhone}`)}` },
  "admin.price-book": { as: "admin", path: "/admin/price-book" },
  "admin.plans": { as: "admin", path: "/admin/plans" },
  "admin.queues": { as: "admin", path: "/admin/queues" },
  "admin.search": { as: "admin", path: (w) => `/admin/search?q=${w.searchWord}` },
  "admin.users": { as: "admin", path: "/admin/users" },
};

/** The walk's long data: a customer's email address and a visit's street address, at these lengths. */
const LONG_EMAIL_LENGTH = 60;
const LONG_ADDRESS_LENGTH = 120;

const SIZES = [
  { name: "a phone", viewport: { width: 390, height: 844 }, desk: false },
  { name: "a desk", viewport: { width: 1280, height: 800 }, desk: true },
] as const;

const routesDir = path.resolve(import.meta.dirname, "../../web/app/routes");

/** The page routes of web/app/routes: each file or folder whose route module has a default export, but `api.*`. */
function pageRoutes(): string[] {
  return readdirSync(routesDir).flatMap((entry) => {
    const full = path.join(routesDir, entry);
    const isFolder = statSync(full).isDirectory();
    const name = isFolder ? entry : entry.replace(/\.(tsx?|jsx?)$/, "");
    const module = isFolder
      ? ["route.tsx", "route.ts", "route.jsx", "route.js"].map((file) => path.join(full, file)).find(exists)
      : full;
    if (!module || name.startsWith("api.") || /\.test$/.test(name)) return [];
    return /^export default /m.test(readFileSync(module, "utf8")) ? [name] : [];
  });
}

function exists(file: string) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

const test = base.extend<object, { world: World }>({
  world: [async ({ browser }, use) => use(await makeWorld(browser)), { scope: "worker", timeout: 120_000 }],
});

test.use({ timezoneId: "America/Chicago" });

test("every page route of web/app/routes is in the walk", () => {
  const pages = pageRoutes();
  expect(pages.length).toBeGreaterThan(20);
  expect(
    pages.filter((route) => !(route in WALK)),
    "page routes missing from WALK",
  ).toEqual([]);
  expect(
    Object.keys(WALK).filter((route) => !pages.includes(route)),
    "WALK names routes that are no pages",
  ).toEqual([]);
});

// One test a page: opened on a phone, then the same window widened to a desk (as a tablet turned or
// a window resized), each size measured and checked by axe.
for (const [route, walk] of Object.entries(WALK))
  test(`${route} as ${walk.as === "admin" ? "an" : "a"} ${walk.as}, on a phone and at a desk`, async ({
    browser,
    world,
  }) => {
    const [phone, desk] = SIZES;
    const context = await browser.newContext({
      viewport: phone.viewport,
      timezoneId: "America/Chicago",
      extraHTTPHeaders: { "X-Forwarded-For": randomIp() },
      ...(walk.as === "visitor" ? {} : { storageState: world.signedIn[walk.as] }),
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      // The browser logs the page's own status when it is an error (the 404 page's 404).
      if (message.type() === "error" && !(walk.status && message.text().includes(`status of ${walk.status}`)))
        errors.push(message.text());
    });
    const address = typeof walk.path === "function" ? walk.path(world) : walk.path;
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(walk.status ?? 200);
    await settled(page);
    const staff = walk.as === "admin" || walk.as === "technician";
    await expect(page.getByRole("button", { name: "Open chat", exact: true })).toHaveCount(staff ? 0 : 1);
    // A staff page has the staff header (its own page and Logout), not the visitors' menu and call button.
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Book online", exact: true })).toHaveCount(staff ? 0 : 1);
    if (staff) await expect(banner.getByRole("button", { name: "Logout", exact: true })).toBeVisible();

    for (const size of [phone, desk]) {
      await test.step(`on ${size.name} (${size.viewport.width}×${size.viewport.height})`, async () => {
        if (size !== phone) {
          await page.setViewportSize(size.viewport);
          await nextFrames(page);
        }
        const { scrollWidth, innerWidth, sticking, scrolling } = await page.evaluate(measureWidth);
        expect(innerWidth).toBe(size.viewport.width);
        if (!size.desk) {
          const { small, tiny } = await page.evaluate(measureTouchAndText, { touch: TOUCH_PX, text: TEXT_PX });
          expect(small, `controls smaller than ${TOUCH_PX}×${TOUCH_PX} px on ${address}`).toEqual([]);
          expect(tiny, `text smaller than ${TEXT_PX} px on ${address}`).toEqual([]);
        }
        expect(sticking, `elements wider than ${size.name}'s screen on ${address}`).toEqual([]);
        expect(scrollWidth, `the page's width on ${size.name}, ${address}`).toBeLessThanOrEqual(innerWidth);
        if (size.desk) expect(scrolling, `boxes scrolling sideways on ${address}`).toEqual([]);
        // The brand is its name over "ELECTRIC" (52 px with its padding), never wrapped to a third line (80).
        const brand = await banner.getByRole("link", { name: /home$/ }).first().boundingBox();
        expect(brand?.height, `the brand's height on ${size.name}, ${address}`).toBeLessThanOrEqual(60);
        await expectNoAxeViolations(page);
      });
    }
    expect(errors, `console errors on ${address}`).toEqual([]);
    await context.close();
  });

/**
 * The forms the walk posts, one line each: who posts it, on which page, and how (filled and sent
 * as a person does). After each, with JavaScript and without, its outcome (a status or an alert)
 * has focus and is in the phone's viewport (`expectOutcomeInView`).
 */
const FORMS: Record<
  string,
  { as: Who; post: (page: Page, world: World, opened: () => Promise<void>) => Promise<void> }
> = {
  "the contact form": {
    as: "visitor",
    post: async (page, _world, opened) => {
      await page.goto("/contact");
      await opened();
      const form = main(page).locator("form#contact-form");
      await form.getByRole("textbox", { name: "First name", exact: true }).fill("Marie-Therese");
      await form.getByRole("textbox", { name: "Last name", exact: true }).fill("Boudreaux-Thibodeaux");
      await form.getByRole("textbox", { name: "Email", exact: true }).fill(`${unique("walk-contact")}@example.com`);
      await form
        .getByRole("textbox", { name: "Message", exact: true })
        .fill("The porch light flickers when the ceiling fan runs; could someone look at it next week?");
      await form.getByRole("button", { name: "Send Message" }).click();
    },
  },
  "the manage link's Change the time": {
    as: "visitor",
    post: async (page, world, opened) => {
      const token = await visitToManage(world);
      const { date, hour } = await offeredWindow(page.request, [14, 12, 10, 16, 8], 3, 20);
      await page.goto(`/appointments/${token}`);
      await opened();
      await chooseWindow(main(page).getByRole("group", { name: /^New arrival window/ }), date, hour);
      await main(page).getByRole("button", { name: "Move my visit" }).click();
    },
  },
  "the account's Request an appointment": {
    as: "customer",
    post: async (page, _world, opened) => {
      await page.goto("/account");
      await opened();
      const form = main(page).getByRole("region", { name: "Request an appointment" });
      await form.getByRole("combobox", { name: "Service type" }).selectOption("Outlet Installation");
      await form.getByRole("button", { name: "Request appointment" }).click();
    },
  },
  "the account's email preference": {
    as: "customer",
    post: async (page, _world, opened) => {
      await page.goto("/account");
      await opened();
      await main(page)
        .getByRole("region", { name: "Email preferences" })
        .getByRole("button", { name: /^Turn them (on|off)$/ })
        .click();
    },
  },
};

for (const [form, { as, post }] of Object.entries(FORMS))
  for (const javaScript of [true, false])
    test(`${form} ${javaScript ? "with" : "without"} JavaScript: its outcome is in view, with focus, on a phone`, async ({
      browser,
      world,
    }) => {
      const context = await browser.newContext({
        viewport: SIZES[0].viewport,
        javaScriptEnabled: javaScript,
        timezoneId: "America/Chicago",
        extraHTTPHeaders: { "X-Forwarded-For": randomIp() },
        ...(as === "visitor" ? {} : { storageState: world.signedIn[as] }),
      });
      const page = await context.newPage();
      // With JavaScript, each page is used once hydrated: what a person with JavaScript meets.
      await post(page, world, javaScript ? () => settled(page) : async () => {});
      await expectOutcomeInView(page);
      await context.close();
    });

/** The focused element is a form's outcome (a status or an alert, or inside one), and it is in the viewport. */
async function expectOutcomeInView(page: Page) {
  const focused = page.locator(":focus");
  await expect(focused, "the outcome has focus").toHaveCount(1);
  await expect
    .poll(() => focused.evaluate((el) => el.closest('[role="status"], [role="alert"]') !== null), {
      message: "the focused element is the form's outcome",
    })
    .toBe(true);
  await expect(focused, "the outcome is in the viewport").toBeInViewport();
}

/** A visit of the walk's customer, its own, for one test to move: its manage link's token. */
async function visitToManage(world: World): Promise<string> {
  const db = createDb(process.env.E2E_DATABASE_URL!, { max: 1 });
  try {
    const booking = await db.booking.create({
      data: {
        customerId: world.customerId,
        summary: "Move the walk's visit",
        scheduledDate: requireBusinessInstant(addLocalDays(businessDate(), 2), 8 * 60),
      },
    });
    const token = randomToken();
    await db.visitLink.create({ data: { bookingId: booking.id, tokenHash: sha256(token), sealedToken: "walk" } });
    return token;
  } finally {
    await db.$disconnect();
  }
}

/** Hydrated, fonts in, and a staff page's live connection up: the layout the person sees. */
async function settled(page: Page) {
  await hydrated(page);
  if (await page.locator("[data-live-status]").count())
    await expect(page.locator('[data-live-status="live"]')).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await nextFrames(page);
}

/** Two frames later: the layout after a change has been drawn. */
async function nextFrames(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * The document's width, and the outermost elements that stick out of the screen and are not
 * inside something that scrolls or clips sideways and itself fits (a table that scrolls in its
 * box, the staff bar's row of links).
 */
function measureWidth() {
  const width = window.innerWidth;
  const outside = (r: DOMRect) => r.right > width + 0.5 || r.left < -0.5;
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${
      typeof el.className === "string" && el.className
        ? `.${el.className.trim().split(/\s+/).slice(0, 4).join(".")}`
        : ""
    }`;
  const clippedInside = (el: Element) => {
    for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX !== "visible" && !outside(parent.getBoundingClientRect())) return true;
    }
    return false;
  };
  // Hidden from sight on purpose: screen-reader text (clipped to nothing), a form's trap for robots far to the left.
  const unseen = (el: Element, rect: DOMRect) => {
    const style = getComputedStyle(el);
    return (
      style.visibility === "hidden" ||
      style.clip === "rect(0px, 0px, 0px, 0px)" ||
      /inset\(50%\)/.test(style.clipPath) ||
      rect.right <= 0
    );
  };
  const sticking: string[] = [];
  const reported = new Set<Element>();
  for (const el of Array.from(document.body.querySelectorAll("*"))) {
    const rect = el.getBoundingClientRect();
    if ((rect.width === 0 && rect.height === 0) || !outside(rect) || unseen(el, rect)) continue;
    let parent = el.parentElement;
    while (parent && !reported.has(parent)) parent = parent.parentElement;
    if (parent) continue;
    if (clippedInside(el)) continue;
    reported.add(el);
    sticking.push(`${name(el)} (${Math.round(rect.left)} to ${Math.round(rect.right)})`);
  }
  // What scrolls sideways inside the page (a table wider than its box): fine on a phone for a row of links, not at a desk.
  const scrolling = Array.from(document.body.querySelectorAll("*"))
    .filter((el) => {
      const overflow = getComputedStyle(el).overflowX;
      return (overflow === "auto" || overflow === "scroll") && el.scrollWidth > el.clientWidth + 1;
    })
    .map((el) => `${name(el)} (${el.scrollWidth} in ${el.clientWidth})`);
  return {
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: width,
    sticking: sticking.slice(0, 8),
    scrolling: scrolling.slice(0, 8),
  };
}

/**
 * The records and tokens the pages show, with long names, addresses and text (as real ones can
 * be), and a signed-in browser of each role. Made once per worker, each name unique.
 */
async function makeWorld(browser: Browser): Promise<World> {
  const db = createDb(process.env.E2E_DATABASE_URL!, { max: 2 });
  try {
    const tag = unique("walk");
    const word = uniqueLetters("Walk");
    const [customerUser, technician, admin] = await Promise.all([
      createUser(db, "customer", "Marie-Therese"),
      createUser(db, "technician", "Maximilien"),
      createUser(db, "admin", "Evangeline"),
    ]);
    // A street address of 120 characters, and the customer's email address (her account's too) of 60.
    const address =
      "12345 Old Hammond Highway Frontage Road, Building C, Suite 127, Attention Facilities Manager, Baton Rouge, LA 70816-4410";
    expect(address).toHaveLength(LONG_ADDRESS_LENGTH);
    const domain = "@example.com";
    const email = `${tag}.marietheresebourdeauxthibodeauxlafayetteparish`
      .toLowerCase()
      .slice(0, LONG_EMAIL_LENGTH - domain.length)
      .concat(domain);
    expect(email).toHaveLength(LONG_EMAIL_LENGTH);
    const customerAccount = await db.user.update({ where: { id: customerUser.id }, data: { email } });
    const customer = await db.customer.create({
      data: {
        name: `Marie-Therese Boudreaux-Thibodeaux ${word}`,
        email,
        phone: "(225) 555-0177",
        address,
        userId: customerUser.id,
      },
    });
    const visitDate = addLocalDays(businessDate(), 2);
    const visit = (date: string, hour: number, summary: string) =>
      db.booking.create({
        data: {
          customerId: customer.id,
          summary,
          details:
            "The main breaker trips whenever the dryer and the air conditioner run together; the panel is a Federal Pacific Stab-Lok from 1974 and the homeowner wants a quote for a 200 amp upgrade with whole-house surge protection.",
          priority: "high",
          scheduledDate: requireBusinessInstant(date, hour * 60),
          technicianId: technician.id,
          address,
        },
      });
    const booking = await visit(
      visitDate,
      10,
      "Replace the Federal Pacific panel and the corroded service entrance cable",
    );
    await visit(businessDate(), 14, "Troubleshoot the tripping GFCI outlets in both upstairs bathrooms");
    const lead = await db.customer.create({
      data: { name: `Marie Boudreaux ${word}`, email: customer.email, phone: "(225) 555-0178", address },
    });
    const leadBooking = await db.booking.create({
      data: {
        customerId: lead.id,
        summary: "Generator transfer switch estimate",
        scheduledDate: requireBusinessInstant(addLocalDays(visitDate, 1), 8 * 60),
        source: "chat",
      },
    });
    const contact = await db.contactMessage.create({
      data: {
        firstName: "Marie-Therese",
        lastName: `Boudreaux-Thibodeaux ${word}`,
        email: customer.email,
        phone: "(225) 555-0177",
        message:
          "Our lights flicker every evening around seven, the breaker for the kitchen is warm to the touch, and the outlet behind the refrigerator smells like burning plastic. Can someone come this week? We are at home after three in the afternoon.",
      },
    });

    const visitToken = randomToken();
    await db.visitLink.create({ data: { bookingId: booking.id, tokenHash: sha256(visitToken), sealedToken: "walk" } });
    const unsubscribeToken = randomToken();
    await db.emailPreference.create({
      data: { email: `${tag}.unsubscribe@example.com`, tokenHash: sha256(unsubscribeToken) },
    });
    const estimateToken = randomToken();
    const line = (position: number, description: string, unitPriceCents: number, quantityHundredths = 100) => ({
      position,
      description,
      quantityHundredths,
      unitPriceCents,
      taxable: true,
      totalCents: (unitPriceCents * quantityHundredths) / 100,
    });
    const estimate = await db.estimate.create({
      data: {
        bookingId: booking.id,
        customerId: customer.id,
        status: "sent",
        depositPercent: 25,
        taxRatePpm: 94_500,
        sentAt: new Date(),
        tokenHash: sha256(estimateToken),
        sealedToken: "walk",
        tokenExpiresAt: new Date(Date.now() + 30 * 86_400_000),
        options: {
          create: ["Good", "Better", "Best with whole-house surge protection and a new service entrance"].map(
            (name, i) => ({
              position: i + 1,
              name,
              subtotalCents: 1_000_000,
              taxCents: 94_500,
              totalCents: 1_094_500,
              depositCents: 273_625,
              lines: {
                create: [
                  line(1, "Replace the Federal Pacific Stab-Lok panel with a 200 amp main-breaker panel", 900_000),
                  line(2, "Copper wire per foot", 1_000, 1_000),
                ],
              },
            }),
          ),
        },
      },
    });
    // The dashboard's money: an invoice of the long name, partly paid today, owed for 45 days, in the millions.
    const owed = await db.invoice.create({
      data: {
        customerId: customer.id,
        status: "partially_paid",
        taxRatePpm: 94_500,
        subtotalCents: 900_000_000,
        taxCents: 85_050_000,
        totalCents: 985_050_000,
        paidCents: 123_456_78,
        sentAt: requireBusinessInstant(addLocalDays(businessDate(), -45), 10 * 60),
      },
    });
    await db.payment.create({
      data: {
        invoiceId: owed.id,
        customerId: customer.id,
        method: "check",
        amountCents: 123_456_78,
        reference: "1024",
      },
    });
    const invoiceToken = randomToken();
    const invoice = await db.invoice.create({
      data: {
        bookingId: booking.id,
        customerId: customer.id,
        status: "partially_paid",
        taxRatePpm: 94_500,
        subtotalCents: 1_000_000,
        taxCents: 94_500,
        totalCents: 1_094_500,
        paidCents: 273_625,
        sentAt: new Date(),
        tokenHash: sha256(invoiceToken),
        sealedToken: "walk",
        lines: {
          create: [
            line(1, "Replace the Federal Pacific Stab-Lok panel with a 200 amp main-breaker panel", 900_000),
            line(2, "Copper wire per foot", 1_000, 1_000),
          ],
        },
      },
    });
    await db.payment.create({
      data: {
        invoiceId: invoice.id,
        estimateId: estimate.id,
        customerId: customer.id,
        method: "check",
        amountCents: 273_625,
        reference: "Check 10482",
      },
    });
    const unverified = await createUser(db, "customer", "Octavie", { verified: false });
    const verifyToken = randomToken();
    await db.accountToken.create({
      data: {
        purpose: "email_verification",
        tokenHash: sha256(verifyToken),
        userId: unverified.id,
        email: unverified.email,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });

    // The customer texted the business, and the office answered: a conversation in the inbox, long words included.
    const textPhone = "+12255550177";
    await db.textThread.upsert({ where: { phone: textPhone }, create: { phone: textPhone }, update: {} });
    await db.textMessage.createMany({
      data: [
        {
          direction: "inbound",
          phone: textPhone,
          body: `Is the visit still on? The panel is in the garage, code ${"9".repeat(60)}.`,
          status: "received",
        },
        {
          direction: "outbound",
          phone: textPhone,
          body: "Bayou Current Electric: yes, Sam arrives between 8 and 10 AM.",
          kind: "staff-reply",
          status: "delivered",
        },
      ],
    });

    // Calls to the business's number (docs/product.md#calls): the customer's missed call to call back (texted back,
    // their thread), an emergency a withheld number made, and one the office answered.
    const calls = (n: number) => `CA${String(n).padStart(32, "0")}`;
    await db.phoneCall.createMany({
      data: [
        {
          sid: calls(Date.now()),
          phone: textPhone,
          outcome: "missed",
          afterHours: true,
          textBack: "sent",
          customerId: customer.id,
        },
        {
          sid: calls(Date.now() + 1),
          phone: "anonymous",
          outcome: "missed",
          afterHours: false,
          dialStatus: "no-answer",
          textBack: "not_textable",
          emergencyAt: new Date(),
        },
        {
          sid: calls(Date.now() + 2),
          phone: "+12255550178",
          outcome: "answered",
          afterHours: false,
          dialStatus: "completed",
        },
      ],
      skipDuplicates: true,
    });

    // A maintenance plan of a long name on /admin/plans (docs/product.md#plans): inactive, so /plans does not offer it.
    const planName = `Whole-Home Generator, Panel and Surge Protection Care with Priority Storm Response ${word}`;
    const plan = await db.plan.create({
      data: {
        name: planName,
        slug: planName.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
        yearlyPriceCents: 1_234_567_89,
        monthlyPriceCents: 10_288_07,
        visitsPerYear: 12,
        serviceType: "panel-upgrades",
        discountPercent: 50,
        emergencyPriority: true,
        terms: "Twelve visits a year, priority for emergencies and half off other work. ".repeat(20).trim(),
        active: false,
      },
    });
    // The customer's membership of it, their page (/membership/<token>) with the visit as its plan visit.
    const membershipToken = randomToken();
    const periodStart = new Date();
    const membership = await db.membership.create({
      data: {
        planId: plan.id,
        customerId: customer.id,
        status: "active",
        priceCents: plan.yearlyPriceCents,
        discountPercent: plan.discountPercent,
        paysOnline: false,
        startedAt: periodStart,
        currentPeriodStart: periodStart,
        currentPeriodEnd: new Date(periodStart.getTime() + 365 * 86_400_000),
        tokenHash: sha256(membershipToken),
        sealedToken: "unused",
      },
    });
    await db.planVisit.create({
      data: {
        membershipId: membership.id,
        dueOn: new Date(`${visitDate}T00:00:00Z`),
        state: "placed",
        bookingId: booking.id,
      },
    });

    const signedIn = {} as World["signedIn"];
    for (const [role, user] of [
      ["customer", customerAccount],
      ["technician", technician],
      ["admin", admin],
    ] as const) {
      const context = await browser.newContext({
        baseURL: process.env.E2E_BASE_URL,
        extraHTTPHeaders: { "X-Forwarded-For": randomIp() },
      });
      const page = await context.newPage();
      await logIn(page, user.email);
      signedIn[role] = await context.storageState();
      await context.close();
    }
    return {
      bookingId: booking.id,
      customerId: customer.id,
      visitDate,
      mergeBookingId: leadBooking.id,
      contactId: contact.id,
      textPhone,
      searchWord: word,
      visitToken,
      unsubscribeToken,
      estimateId: estimate.id,
      estimateToken,
      invoiceId: invoice.id,
      invoiceToken,
      membershipToken,
      verifyToken,
      signedIn,
    };
  } finally {
    await db.$disconnect();
  }
}
