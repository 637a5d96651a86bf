/**
 * Texts in the browser (docs/product.md#texts), against the Twilio stand-in the suite's stack runs
 * (tests/support/twilio-standin.ts, E2E_TWILIO_URL): a customer's text reaches the open inbox live,
 * and the office's answer reaches the customer's phone.
 */
import { expect, test } from "./fixtures";
import { adminPage, main } from "./staff";

const standin = () => process.env.E2E_TWILIO_URL!;

/** A customer texts the business, as Twilio would post it to the app (the stand-in signs it). */
async function textTheBusiness(from: string, body: string) {
  const res = await fetch(`${standin()}/__inbound`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ From: from, Body: body }),
  });
  expect(res.status).toBe(303);
}

interface Sent {
  to: string;
  body: string;
  direction: string;
}

test("a customer's text reaches the open inbox live; the office's answer reaches their phone", async ({ page, db }) => {
  const phone = `+1225555${String(Date.now() % 10_000).padStart(4, "0")}`;
  await db.textConsent.deleteMany({ where: { phone } });
  await adminPage(page, db, "/admin/inbox");
  const question = `Can you come Friday instead? ${Date.now()}`;
  await textTheBusiness(phone, question);
  // Live: the list shows the new conversation without a reload.
  const item = main(page).locator(`[data-inbox-item="text:${phone}"]`);
  await expect(item).toContainText(question);
  await expect(item).toContainText("Unread");
  await item.click();
  await expect(main(page).getByRole("heading", { name: /^Texts with / })).toBeVisible();
  await expect(main(page).getByRole("list", { name: "Texts" })).toContainText(question);

  const answer = `Friday works: 8 to 10 AM. ${Date.now()}`;
  await main(page).getByLabel("Reply by text").fill(answer);
  await main(page).getByRole("button", { name: "Send reply", exact: true }).click();
  await expect(main(page).getByRole("status").filter({ hasText: "Reply sent by text." })).toBeVisible();
  await expect(main(page).getByRole("list", { name: "Texts" })).toContainText(answer);
  await expect
    .poll(async () => {
      const sent = (await (await fetch(`${standin()}/__messages`)).json()) as Sent[];
      return sent.some((m) => m.to === phone && m.body === answer && m.direction === "outbound-api");
    })
    .toBe(true);
});
