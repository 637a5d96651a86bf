/**
 * The business facts can be changed at run time (BUSINESS_* in the
 * environment, see .env.example). The page the server renders and the page
 * the browser hydrates must agree: a real phone number must not turn back
 * into the default once the scripts run.
 */
import { business } from "@app/shared/business";
import { startStack, type Stack } from "../support/stack";
import { expect, test } from "./fixtures";

const PHONE = "(985) 555-0177";
const NAME = "Northshore Current Electric";

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack({ name: "facts", workers: 0, env: { BUSINESS_PHONE: PHONE, BUSINESS_NAME: NAME } });
});
test.afterAll(async () => {
  await stack?.stop();
});

test("an overridden phone number and name stay after hydration, in the header and the chat", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(`${stack.url}/services/generator`);
  const call = page
    .getByRole("banner")
    .getByRole("link", { name: new RegExp(`Call.*${PHONE.replace(/[()]/g, "\\$&")}`) })
    .first();
  await expect(call).toHaveAttribute("href", "tel:+19855550177");

  // Hydrated: the chat opens (a client-side component) and is titled with the overridden name.
  await page.getByRole("button", { name: "Open chat", exact: true }).click();
  await expect(page.getByRole("dialog", { name: `${NAME} Chat`, exact: true })).toBeVisible();
  await expect(call).toHaveAttribute("href", "tel:+19855550177");
  await expect(page.getByRole("banner")).not.toContainText(business.phone);
  expect(errors).toEqual([]);
});
