/** Staff-side helpers for the browser suites: users made in the database, signed in through /login. */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { Db } from "@app/shared/db.server";
import { hashPassword } from "@app/shared/password.server";
import { requireBusinessInstant } from "@app/shared/time";
import { inLetters } from "../support/accounts";
import { expect } from "./fixtures";

const PASSWORD = "levee-breaker-2025";

let counter = 0;
/** Every user made here shares one password: argon2 hashes it once per Playwright worker, not once per user. */
let hashed: Promise<string> | undefined;
const passwordHash = () => (hashed ??= hashPassword(PASSWORD));
/**
 * A tag no other test of the run has: the time, this Playwright worker's process and a count. The process keeps two
 * workers' first users apart when they start in the same millisecond (two tests' `createUser(db, "customer")` once
 * met on `User_email_key` that way).
 */
export const unique = (tag: string) => `${tag}${Date.now().toString(36)}${process.pid.toString(36)}${++counter}`;

/** A unique word of letters only, for a person's name. */
export const uniqueLetters = (tag: string) => inLetters(unique(tag));

/** A user made in the database; their email counts as verified unless `verified: false`. */
export async function createUser(
  db: Db,
  role: "admin" | "customer" | "technician",
  firstName = "Odile",
  { verified = true } = {},
) {
  const tag = unique(role);
  return db.user.create({
    data: {
      firstName,
      lastName: `Boudreaux-${inLetters(tag)}`,
      email: `${tag}@test.example.com`,
      passwordHash: await passwordHash(),
      role,
      emailVerifiedAt: verified ? new Date() : null,
    },
  });
}

export const main = (page: Page) => page.getByRole("main");

/**
 * A new staff member signed in through the JSON API, as another device of the office would be: the
 * header its requests send. What it changes reaches every open staff page live, as anyone else's would.
 */
export async function apiHeaders(request: APIRequestContext, db: Db, role: "admin" | "technician" = "admin") {
  const user = await createUser(db, role);
  const login = await request.post("/api/auth/login", { data: { email: user.email, password: PASSWORD } });
  expect(login.status(), `signing in as ${user.email} through the API`).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

/**
 * Signs in as `email` and opens `to` (by default the page the account lands on: admins on the
 * dashboard, technicians on their day, everyone else at home). The browser posts the login page's
 * form without loading it (what the form sends without JavaScript, docs/product.md#sign-in-page):
 * the form itself, typed into, is auth.spec.ts's subject; here it would only cost every test two
 * page loads. The session cookie lands in the page's context, as after a sign-in by hand.
 * Answers `to`'s response.
 */
export async function logIn(page: Page, email: string, { to }: { to?: string } = {}) {
  const response = await page.request.post("/login", {
    form: { intent: "login", email, password: PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status(), `signing in as ${email}`).toBe(302);
  const landing = response.headers()["location"];
  expect(landing).toMatch(/^\/(jobs|dashboard)?$/);
  return page.goto(to ?? landing!);
}

/** Hydrated, and the live connection has been accepted as an admin's. */
export async function waitLive(page: Page) {
  await expect(page.locator('[data-live-status="live"]')).toBeVisible();
}

export async function adminPage(page: Page, db: Db, path: string) {
  const admin = await createUser(db, "admin");
  await logIn(page, admin.email, { to: path });
  await waitLive(page);
  return admin;
}

export async function newCustomer(db: Db, name = "Clotilde Arceneaux") {
  const tag = unique("cust");
  return db.customer.create({ data: { name: `${name} ${tag}`, email: `${tag}@example.com`, phone: "(225) 555-0142" } });
}

/**
 * A row's button on the bookings list ("Status for booking #12: Pending") and
 * the page's one menu it opens, named like the button while open
 * (docs/product.md#bookings-list).
 */
export function rowMenu(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return {
    button: main(page).getByRole("button", { name: new RegExp(`^${escaped}: `) }),
    list: page.getByRole("listbox", { name: label, exact: true }),
  };
}

/** Opens a row's menu with the pointer and chooses `option`. */
export async function chooseInRowMenu(page: Page, label: string, option: string) {
  const { button, list } = rowMenu(page, label);
  await button.click();
  await expect(list).toBeVisible();
  await list.getByRole("option", { name: option, exact: true }).click();
  await expect(list).toBeHidden();
}

// Radix toasts are list items of the "Notifications (F8)" region (which a modal dialog hides from the accessibility tree).
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/, includeHidden: true }).locator("li");

/**
 * A toast with this title and description is shown: one check of one toast, whichever of the shown toasts it is
 * (two checks of "the first toast" could read an older one, or miss a late one that a newer replaced).
 */
export async function expectToast(page: Page, title: string, description: string) {
  // Every toast the page has shown (tests/e2e/fixtures.ts), else, in a context made by the test itself, those shown now.
  const recorded = () =>
    page.evaluate(
      ([title, description]) => {
        const shown = (window as unknown as { __shownToasts?: string[] }).__shownToasts;
        return shown ? shown.some((text) => text.includes(title) && text.includes(description)) : null;
      },
      [title, description] as const,
    );
  if ((await recorded()) === null)
    await expect(toasts(page).filter({ hasText: title }).filter({ hasText: description }).first()).toBeAttached();
  else await expect.poll(recorded, { message: `a toast "${title}: ${description}"` }).toBe(true);
}

/** The instant at which a Baton Rouge clock shows this date and hour. */
export function chicago(date: string, hour: number) {
  return requireBusinessInstant(date, hour * 60);
}

/**
 * Creates the booking the New Booking dialog holds, once the chosen day's availability has loaded: the arrival
 * windows it lists (and the technicians' free times) push the buttons down when they arrive, so a click while
 * it loads may land where the button was. A person reads the windows before booking; so does this.
 */
export async function submitNewBooking(dialog: Locator) {
  await expect(dialog.getByText("Loading availability...")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Create Booking", exact: true }).click();
}
