import type { Page } from "@playwright/test";
import { business } from "@app/shared/business";
import { hashPassword } from "@app/shared/password.server";
import { expect, expectNoAxeViolations, mailbox, openInApp, test } from "./fixtures";

let counter = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${++counter}@example.com`;

const header = (page: Page) => page.getByRole("banner");
const card = (page: Page) => page.getByRole("main");
const textbox = (page: Page, name: string) => card(page).getByRole("textbox", { name, exact: true });
// Chromium exposes password inputs as textboxes too.
const password = textbox;

/**
 * Opens a view of /login from outside the app (the site's script runs there, not the app's;
 * docs/decisions/025-public-pages-without-app-scripts.md) and waits for that script to have said so
 * in the forms: posted before, a sign-in is answered with the redirect rather than the card's notice.
 */
async function openLogin(page: Page, path: string) {
  await page.goto(path);
  await scriptRan(page);
}

const scriptRan = (page: Page) => expect(card(page).locator('form input[name="js"][value="1"]')).toHaveCount(1);

async function fillRegister(page: Page, email: string, pass: string, confirm = pass) {
  await textbox(page, "First name").fill("Odile");
  await textbox(page, "Last name").fill("Fontenot");
  await textbox(page, "Email").fill(email);
  await password(page, "Password").fill(pass);
  await password(page, "Confirm password").fill(confirm);
}

async function logIn(page: Page, email: string, pass: string) {
  await textbox(page, "Email").fill(email);
  await password(page, "Password").fill(pass);
  await card(page).getByRole("button", { name: "Log In", exact: true }).click();
}

test.describe("accounts", () => {
  test("the login page passes axe; its views are links", async ({ page }) => {
    await page.goto("/login");
    await expect(card(page).getByRole("heading", { level: 1, name: "Log In", exact: true })).toBeVisible();
    expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
    await expectNoAxeViolations(page);

    await card(page).getByRole("link", { name: "Create one", exact: true }).click();
    await expect(page).toHaveURL(/\/login\?view=register$/);
    await expect(card(page).getByRole("heading", { level: 1, name: "Create an Account" })).toBeVisible();
    await expectNoAxeViolations(page);

    await card(page).getByRole("link", { name: "Log in", exact: true }).click();
    await card(page).getByRole("link", { name: "Forgot your password?", exact: true }).click();
    await expect(card(page).getByRole("heading", { level: 1, name: "Reset Your Password" })).toBeVisible();
    await expect(card(page).getByRole("button", { name: "Send Reset Link", exact: true })).toBeVisible();
    await card(page).getByRole("link", { name: "Back to log in", exact: true }).click();
    await expect(card(page).getByRole("heading", { level: 1, name: "Log In", exact: true })).toBeVisible();
  });

  test("in the app, the card switches views in place, the new heading focused", async ({ page }) => {
    await openInApp(page, "/login");
    await card(page).getByRole("link", { name: "Create one", exact: true }).click();
    await expect(card(page).getByRole("heading", { level: 1, name: "Create an Account" })).toBeVisible();
    await expect(card(page).getByRole("heading", { level: 1 })).toBeFocused();
    await expectNoAxeViolations(page);
    await card(page).getByRole("link", { name: "Log in", exact: true }).click();
    await expect(card(page).getByRole("heading", { level: 1, name: "Log In", exact: true })).toBeFocused();
    expect(await page.evaluate(() => "__remixContext" in window)).toBe(true);
  });

  test("register → signed in, on the account page saying the confirmation email is on its way; logout → Login", async ({
    page,
  }) => {
    const email = uniqueEmail("odile");
    await openLogin(page, "/login?view=register");
    await fillRegister(page, email, "crawfish-boil-2025");
    await card(page).getByRole("button", { name: "Create Account", exact: true }).click();

    await expect(card(page).getByRole("status")).toContainText("Account created!");
    await expect(card(page).getByRole("status")).toContainText(business.name);
    await expect(header(page).getByRole("button", { name: "Logout", exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("main")).toContainText(`A confirmation email is on its way to ${email}`);
    await expect(page.getByRole("main").getByRole("button", { name: "Send it again" })).toBeVisible();
    await mailbox.waitFor((e) => e.to.includes(email) && e.subject.startsWith("Confirm your email"));

    await header(page).getByRole("button", { name: "Logout", exact: true }).click();
    await expect(header(page).getByRole("link", { name: "Login", exact: true })).toBeVisible();
    await expect(header(page).getByRole("button", { name: "Logout", exact: true })).toHaveCount(0);
    // Signed out for real: /login is shown again rather than redirecting home.
    await page.goto("/login");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("in the app, the client checks the sign-in rules with their exact messages", async ({ page }) => {
    await openInApp(page, "/login");
    await card(page).getByRole("link", { name: "Create one", exact: true }).click();
    await expect(card(page).locator("form[novalidate]")).toHaveCount(1);
    await fillRegister(page, uniqueEmail("mismatch"), "long-enough-1", "long-enough-2");
    await card(page).getByRole("button", { name: "Create Account", exact: true }).click();
    await expect(card(page).getByText("Passwords do not match", { exact: true })).toBeVisible();
    await expect(password(page, "Confirm password")).toHaveAttribute("aria-invalid", "true");
    await expect(password(page, "Confirm password")).toBeFocused();

    await password(page, "Password").fill("1234567");
    await password(page, "Confirm password").fill("1234567");
    await card(page).getByRole("button", { name: "Create Account", exact: true }).click();
    await expect(card(page).getByText("Password must be at least 8 characters long", { exact: true })).toBeVisible();
    await expect(password(page, "Password")).toHaveAttribute("minlength", "8");
  });

  test("a wrong password shows the server's message", async ({ page }) => {
    await openLogin(page, "/login");
    await logIn(page, uniqueEmail("nobody"), "not-the-password");
    await expect(card(page).getByRole("alert")).toContainText("Invalid email or password");
    await expect(header(page).getByRole("link", { name: "Login", exact: true })).toBeVisible();
  });

  test("password reset: request, the emailed link, a new password, then log in with it", async ({ page, db }) => {
    const email = uniqueEmail("reset");
    await db.user.create({
      data: { firstName: "Théo", lastName: "Landry", email, passwordHash: await hashPassword("old-password-1") },
    });

    await openLogin(page, "/login");
    await card(page).getByRole("link", { name: "Forgot your password?", exact: true }).click();
    await expect(card(page).getByRole("heading", { level: 1, name: "Reset Your Password" })).toBeVisible();
    await textbox(page, "Email").fill(email);
    await card(page).getByRole("button", { name: "Send Reset Link", exact: true }).click();
    await expect(card(page).getByRole("status")).toContainText("Reset email sent");
    await expect(card(page).getByRole("status")).toContainText("Check your email for password reset instructions.");

    const sent = await mailbox.waitFor((e) => e.to.includes(email));
    const link = /https?:\/\/\S+\/login\?token=[\w%.~-]+/.exec(sent.text ?? "")?.[0];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await expect(card(page).getByRole("heading", { level: 1, name: "Choose a New Password" })).toBeVisible();
    await expect(textbox(page, "Reset token")).not.toHaveValue("");
    await password(page, "New password").fill("new-password-2");
    await password(page, "Confirm new password").fill("new-password-2");
    await card(page).getByRole("button", { name: "Reset Password", exact: true }).click();

    await expect(card(page).getByRole("status")).toContainText("Password reset successful");
    await expect(card(page).getByRole("status")).toContainText("You can now log in with your new password.");
    await expect(card(page).getByRole("heading", { level: 1, name: "Log In", exact: true })).toBeVisible();

    await logIn(page, email, "old-password-1");
    await expect(card(page).getByRole("alert")).toContainText("Invalid email or password");
    await scriptRan(page);
    await logIn(page, email, "new-password-2");
    await expect(card(page).getByRole("status")).toContainText("Welcome back!");
    await expect(header(page).getByRole("button", { name: "Logout", exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // The link worked once.
    await header(page).getByRole("button", { name: "Logout", exact: true }).click();
    await page.goto(link!);
    await password(page, "New password").fill("third-password-3");
    await password(page, "Confirm new password").fill("third-password-3");
    await card(page).getByRole("button", { name: "Reset Password", exact: true }).click();
    await expect(card(page).getByRole("alert")).toContainText("invalid or has expired");
  });

  test("/login?token=… opens the reset step with the token filled in", async ({ page }) => {
    await page.goto("/login?token=abc123");
    await expect(card(page).getByRole("heading", { level: 1, name: "Choose a New Password" })).toBeVisible();
    await expect(textbox(page, "Reset token")).toHaveValue("abc123");
    await expect(password(page, "New password")).toBeVisible();
    await expect(password(page, "Confirm new password")).toBeVisible();
  });

  test("a signed-in visitor is sent from /login to /", async ({ page, db }) => {
    const email = uniqueEmail("signed-in");
    await db.user.create({
      data: { firstName: "Ida", lastName: "Guidry", email, passwordHash: await hashPassword("ida-password-1") },
    });
    await openLogin(page, "/login");
    await logIn(page, email, "ida-password-1");
    await expect(header(page).getByRole("button", { name: "Logout", exact: true })).toBeVisible();
    await page.goto("/login");
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("admin guard", () => {
  test("signed-out visitors and customers see Access Denied on an admin page; an admin does not", async ({
    page,
    db,
  }) => {
    const signedOut = await page.goto("/dashboard");
    expect(signedOut?.status()).toBe(401);
    await expect(card(page).getByRole("heading", { level: 1, name: "Access Denied", exact: true })).toBeVisible();
    await expect(card(page).getByText("You need admin access to view this page.")).toBeVisible();
    await expect(card(page).getByRole("link", { name: "Go Home", exact: true })).toHaveAttribute("href", "/");

    const customer = uniqueEmail("customer");
    await db.user.create({
      data: {
        firstName: "Cora",
        lastName: "Mouton",
        email: customer,
        passwordHash: await hashPassword("customer-pw-1"),
      },
    });
    await openLogin(page, "/login");
    await logIn(page, customer, "customer-pw-1");
    await expect(header(page).getByRole("button", { name: "Logout", exact: true })).toBeVisible();
    const forbidden = await page.goto("/dashboard");
    expect(forbidden?.status()).toBe(403);
    await expect(card(page).getByRole("heading", { level: 1, name: "Access Denied", exact: true })).toBeVisible();
    await card(page).getByRole("link", { name: "Go Home", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await header(page).getByRole("button", { name: "Logout", exact: true }).click();
    await expect(header(page).getByRole("link", { name: "Login", exact: true })).toBeVisible();

    const admin = uniqueEmail("admin");
    await db.user.create({
      data: {
        firstName: "Office",
        lastName: "Admin",
        email: admin,
        role: "admin",
        passwordHash: await hashPassword("admin-pw-12"),
      },
    });
    await openLogin(page, "/login");
    await logIn(page, admin, "admin-pw-12");
    await expect(header(page).getByRole("button", { name: "Logout", exact: true })).toBeVisible();
    const allowed = await page.goto("/dashboard");
    expect(allowed?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toHaveCount(0);
  });
});

test.describe("accounts without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the login form signs in and goes home", async ({ page, db }) => {
    const email = uniqueEmail("nojs");
    await db.user.create({
      data: { firstName: "Remy", lastName: "Hebert", email, passwordHash: await hashPassword("no-js-password") },
    });
    await page.goto("/login");
    await logIn(page, email, "wrong-password");
    await expect(card(page).getByText("Invalid email or password")).toBeVisible();
    await expect(textbox(page, "Email")).toHaveValue(email);

    await logIn(page, email, "no-js-password");
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole("button", { name: "Logout", exact: true })).toBeVisible();
    const row = await db.user.findUniqueOrThrow({ where: { email } });
    expect(row.lastLogin).not.toBeNull();

    await header(page).getByRole("button", { name: "Logout", exact: true }).click();
    await expect(header(page).getByRole("link", { name: "Login", exact: true })).toBeVisible();
  });

  test("views switch with plain links, and the server applies the rules", async ({ page }) => {
    await page.goto("/login");
    await card(page).getByRole("link", { name: "Create one", exact: true }).click();
    await expect(page).toHaveURL(/view=register/);
    // Past the browser's own checks (which need 8 characters), the server finds the mismatch.
    await fillRegister(page, uniqueEmail("nojs-reg"), "long-enough-1", "long-enough-2");
    await card(page).getByRole("button", { name: "Create Account", exact: true }).click();
    await expect(card(page).getByText("Passwords do not match", { exact: true })).toBeVisible();
    await expect(textbox(page, "First name")).toHaveValue("Odile");
    await expect(password(page, "Password")).toHaveValue("");
  });
});
