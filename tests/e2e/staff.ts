/** Staff-side helpers for the browser suites: users made in the database, signed in through /login. */
import type { Page } from "@playwright/test";
import type { Db } from "@app/shared/db.server";
import { hashPassword } from "@app/shared/password.server";
import { inLetters } from "../support/accounts";
import { expect } from "./fixtures";

const PASSWORD = "levee-breaker-2025";

let counter = 0;
export const unique = (tag: string) => `${tag}${Date.now().toString(36)}${++counter}`;

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
      passwordHash: await hashPassword(PASSWORD),
      role,
      emailVerifiedAt: verified ? new Date() : null,
    },
  });
}

export const main = (page: Page) => page.getByRole("main");

export async function logIn(page: Page, email: string, { js = true } = {}) {
  await page.goto("/login");
  // Typed before hydration, a value can be lost; the login form turns off the browser's checks once hydrated.
  if (js) await expect(main(page).locator("form[novalidate]")).toHaveCount(1);
  await main(page).getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await main(page).locator('input[name="password"]').fill(PASSWORD);
  await main(page).getByRole("button", { name: "Log In", exact: true }).click();
  // Admins land on the dashboard, technicians on their day, everyone else at home.
  await expect(page).toHaveURL(/\/(jobs|dashboard)?$/, { timeout: 15_000 });
}

/** Hydrated, and the live connection has been accepted as an admin's. */
export async function waitLive(page: Page) {
  await expect(page.locator('[data-live-status="live"]')).toBeVisible();
}

export async function adminPage(page: Page, db: Db, path: string) {
  const admin = await createUser(db, "admin");
  await logIn(page, admin.email);
  await page.goto(path);
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
