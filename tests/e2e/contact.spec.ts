import type { Page } from "@playwright/test";
import { business } from "@app/shared/business";
import { STAFF_EMAIL } from "../support/stack";
import { expect, expectNoAxeViolations, mailbox, openInApp, test } from "./fixtures";

const success = "Thank you for your message! We'll get back to you within 24 hours.";

/** The visitor of the phone tests: a service chosen, no phone number. */
const ODILE = { first: "Odile", last: "Breaux", email: "odile@example.com", service: "maintenance" };

/** Fills the contact form as a visitor types it (the service and phone only when given). */
async function fillContact(
  page: Page,
  fields: { first: string; last: string; email: string; phone?: string; service?: string; message: string },
) {
  await page.getByRole("textbox", { name: "First name", exact: true }).fill(fields.first);
  await page.getByRole("textbox", { name: "Last name", exact: true }).fill(fields.last);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(fields.email);
  if (fields.phone) await page.getByRole("textbox", { name: "Phone", exact: true }).fill(fields.phone);
  if (fields.service) await page.getByRole("combobox", { name: "Service needed" }).selectOption(fields.service);
  await page.getByRole("textbox", { name: "Message", exact: true }).fill(fields.message);
}

test.describe("contact page", () => {
  test("shows hours, service area and the emergency banner, and passes axe", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Business Hours" })).toBeVisible();
    await expect(page.getByText("7:00 AM - 6:00 PM")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Service Area" })).toBeVisible();
    // Whether the office is open right now, in Baton Rouge time.
    const { officeStatus } = await import("@app/shared/chat/hours");
    await expect(page.getByText(officeStatus(new Date()).label)).toBeVisible();
    await expect(
      page.getByRole("link", { name: new RegExp(`Call ${business.phone.replace(/[()]/g, "\\$&")} now`) }),
    ).toHaveAttribute("href", business.phoneHref);
    await expectNoAxeViolations(page);
  });

  test.describe("opened from outside the app (the site's script, no app)", () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("the form posts as a plain form; the thank-you is in view and has focus", async ({ page }) => {
      await page.goto("/contact");
      expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
      const text = `The porch light flickers at dusk ${Date.now()}`;
      await fillContact(page, { ...ODILE, message: text });
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page).toHaveURL(/\/contact\?sent=[\w.-]+#contact-sent$/);
      const notice = page.locator("#contact-sent");
      await expect(notice).toContainText(success);
      await expect(notice).toBeInViewport();
      await expect(notice).toBeFocused();
      await mailbox.waitFor((e) => (e.text ?? "").includes(text) && e.to.includes(STAFF_EMAIL));
      await expectNoAxeViolations(page);
    });

    test("a post that gets no answer: the form, opened again, is as typed and the apology has focus", async ({
      page,
      db,
    }) => {
      await page.goto("/contact");
      const text = `Half the bedroom outlets are dead ${Date.now()}`;
      // The post never reaches the server: the browser shows its own error page.
      await page.route("**/contact", (route) =>
        route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
      );
      await fillContact(page, { ...ODILE, message: text });
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByRole("heading", { name: "Contact Us", level: 1 })).toHaveCount(0);

      // The error page took the form's place in the tab's history (a post to the page's own address):
      // the visitor opens the contact page again.
      await page.goto("/contact");
      const apology = page.locator("#contact-unreachable");
      await expect(apology).toContainText(
        `Sorry, there was an error submitting your message. Please call us directly at ${business.phone}.`,
      );
      await expect(apology).toBeFocused();
      await expect(apology).toBeInViewport();
      await expect(page.getByRole("textbox", { name: "First name", exact: true })).toHaveValue("Odile");
      await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("odile@example.com");
      await expect(page.getByRole("combobox", { name: "Service needed" })).toHaveValue("maintenance");
      await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(text);
      expect(await db.contactMessage.count({ where: { message: text } })).toBe(0);

      // Sent again once the network is back: the thank-you, and the apology does not come back with the page.
      await page.unroute("**/contact");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.locator("#contact-sent")).toContainText(success);
      await page.goto("/contact");
      await expect(page.locator("#contact-unreachable")).toBeHidden();
      expect(await db.contactMessage.count({ where: { message: text } })).toBe(1);
    });
  });
});

/** Reached from another page of the app (the header's Contact link on /book), the form answers in place. */
test.describe("contact page in the app", () => {
  test("sends, shows the success alert, resets, and staff get the email", async ({ page }) => {
    await openInApp(page, "/contact");
    const text = `Breaker keeps tripping in the kitchen ${Date.now()}`;
    await fillContact(page, {
      first: "Jolie",
      last: "Landry",
      email: "jolie@example.com",
      phone: "225-555-0133",
      service: "residential",
      message: text,
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toContainText(success);
    // What was sent stays in the form until the visitor is done with it.
    await expect(page.getByRole("textbox", { name: "First name", exact: true })).toHaveValue("Jolie");
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(text);
    await expect(page.getByRole("combobox", { name: "Service needed" })).toHaveValue("residential");
    const email = await mailbox.waitFor((e) => (e.text ?? "").includes(text));
    expect(email.to).toEqual([STAFF_EMAIL]);
    expect(email.text).toContain("Jolie Landry");
    // "Send another message" clears the form and puts the visitor in its first field.
    await page.getByRole("button", { name: "Send another message" }).click();
    await expect(page.getByText(success)).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "First name", exact: true })).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "First name", exact: true })).toBeFocused();
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "Service needed" })).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "Service needed" })).toContainText("Select a service (optional)");
  });

  test.describe("on a phone (390×844)", () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("after Send the thank-you is in view and has focus, and the form keeps its values", async ({ page }) => {
      await openInApp(page, "/contact");
      const text = `Half the bedroom outlets are dead ${Date.now()}`;
      await fillContact(page, { ...ODILE, message: text });
      await page.getByRole("button", { name: "Send Message" }).click();
      const notice = page.locator("#contact-sent");
      await expect(notice).toContainText(success);
      await expect(notice).toBeInViewport();
      await expect(notice).toBeFocused();
      await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(text);
      await expect(page.getByRole("combobox", { name: "Service needed" })).toHaveValue("maintenance");
      await expectNoAxeViolations(page);
    });
  });

  test("field errors from the server appear beside the fields", async ({ page }) => {
    await openInApp(page, "/contact");
    // Whitespace passes the browser's `required` but not the server's rules.
    await fillContact(page, { first: "Jolie", last: "Landry", email: "jolie@example.com", message: "   " });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message is required")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveAttribute("aria-invalid", "true");
  });

  test("a server failure shows the call-us alert", async ({ page }) => {
    // The form posts to the page's action (through a fetcher: POST /contact.data); a proxy answers instead.
    await page.route("**/contact.data*", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 503, body: "down" }) : route.continue(),
    );
    await openInApp(page, "/contact");
    await fillContact(page, {
      first: "Jolie",
      last: "Landry",
      email: "jolie@example.com",
      message: "Is anyone there?",
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toContainText(
      `Sorry, there was an error submitting your message. Please call us directly at ${business.phone}.`,
    );
  });
  test("with the network gone, the apology shows and the form keeps what was typed", async ({ page }) => {
    await openInApp(page, "/contact");
    // From here nothing reaches the server: neither the post nor the reload of the page's data after it.
    await page.route("**/contact.data*", (route) => route.abort("internetdisconnected"));
    await fillContact(page, {
      first: "Jolie",
      last: "Landry",
      email: "jolie@example.com",
      message: "The lights flicker in the kitchen.",
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toContainText(
      `Sorry, there was an error submitting your message. Please call us directly at ${business.phone}.`,
    );
    await expect(page.getByRole("heading", { name: "Contact Us", level: 1 })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(
      "The lights flicker in the kitchen.",
    );
    await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue("jolie@example.com");
  });
});

test.describe("contact page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts, is redirected to the thank-you, and a reload sends nothing again", async ({ page, db }) => {
    await page.goto("/contact");
    const text = `No-JS visitor needs a panel inspection ${Date.now()}`;
    await fillContact(page, { first: "Remy", last: "Hebert", email: "remy@example.com", message: text });
    await page.getByRole("button", { name: "Send Message" }).click();
    // Post/Redirect/Get: the address says only that a message was sent, never what it said.
    await expect(page).toHaveURL(/\/contact\?sent=[\w.-]+#contact-sent$/);
    expect(page.url()).not.toMatch(/Remy|remy|panel/);
    await expect(page.getByText(success)).toBeVisible();
    await expect(page.locator("#contact-sent")).toBeInViewport();
    await mailbox.waitFor((e) => (e.text ?? "").includes(text) && e.to.includes(STAFF_EMAIL));

    await page.reload();
    await expect(page.getByText(success)).toBeVisible();
    expect(await db.contactMessage.count({ where: { message: text } })).toBe(1);
    const staffEmails = (await mailbox.list(STAFF_EMAIL)).filter((e) => (e.text ?? "").includes(text));
    expect(staffEmails).toHaveLength(1);

    // The way on: a fresh form.
    await page.getByRole("link", { name: "Send another message" }).click();
    await expect(page).toHaveURL(/\/contact#contact-form$/);
    await expect(page.getByRole("textbox", { name: "First name", exact: true })).toHaveValue("");
    await expect(page.getByText(success)).toHaveCount(0);
  });

  test("server-side errors come back beside the fields with the values kept", async ({ page }) => {
    await page.goto("/contact");
    await fillContact(page, { first: "Remy", last: "Hebert", email: "remy@example.com", message: "   " });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message is required")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "First name", exact: true })).toHaveValue("Remy");
  });
});
