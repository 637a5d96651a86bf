/**
 * Texts in the browser (docs/product.md#texts), against the Twilio stand-in the suite's stack runs
 * (tests/support/twilio-standin.ts, E2E_TWILIO_URL): a customer's text reaches the open inbox live,
 * and the office's answer reaches the customer's phone; the chat's booking form offers "Text me about my visits",
 * unticked, and a visit booked there with it ticked is confirmed by text.
 */
import { textSendAt } from "@app/shared/texts/quiet-hours";
import { TEXT_CONSENT_LABEL } from "@app/shared/texts/wording";
import { chips, openChat, panel } from "./chat-page";
import { expect, test } from "./fixtures";
import { adminPage, createUser, expectToast, main, unique } from "./staff";
import { chooseWindow, openDay } from "./window-picker";

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
  // Live: the list shows the new conversation without a reload (its preview is the newest text: the assistant's answer).
  const item = main(page).locator(`[data-inbox-item="text:${phone}"]`);
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

test("the chat's booking form offers the box unticked; ticked, the visit's confirmation is texted", async ({
  page,
  db,
}) => {
  // A technician who works, so the form has arrival windows to offer.
  await createUser(db, "technician", "Texting");
  const digits = String(Date.now() % 10_000).padStart(4, "0");
  const phone = `+1225556${digits}`;
  await db.textConsent.deleteMany({ where: { phone } });
  // A public page without the app's scripts: the chat learns from the page that texts are set up.
  await page.goto("/services/generator");
  await openChat(page);
  await chips(page).filter({ hasText: "Schedule an appointment" }).click();
  const form = panel(page).getByRole("form", { name: "Request an appointment" });
  const box = form.getByRole("checkbox", { name: TEXT_CONSENT_LABEL });
  await expect(box).not.toBeChecked();
  await expect(form).toContainText("Msg & data rates may apply.");
  await form.getByLabel(/^Full Name/).fill("Ophelie Hebert");
  await form.getByLabel(/^Phone/).fill(`(225) 556-${digits}`);
  await form.getByLabel(/^Email/).fill(`ophelie.${digits}.${Date.now()}@example.com`);
  await form.getByLabel(/^Service Needed/).selectOption("Generator Installation");
  await form.getByLabel(/^Address/).fill("12 Magnolia Dr, Denham Springs");
  await chooseWindow(form.getByRole("group", { name: /^Arrival window/ }), openDay(4), 14);
  await box.check();
  await form.getByRole("button", { name: "Submit Request", exact: true }).click();
  await expect(panel(page).getByRole("log", { name: "Conversation" })).toContainText(
    "Your appointment request has been submitted!",
  );
  expect(await db.textConsent.findUnique({ where: { phone } })).toMatchObject({ status: "granted", source: "chat" });
  // The confirmation's text is owed with its email: sent at once, or at 8 AM when booked in the quiet hours (the
  // suite runs on the real clock; tests/integration/texts.test.ts moves it).
  const booking = await db.booking.findFirstOrThrow({ where: { customer: { phone: `(225) 556-${digits}` } } });
  // The visit owes its reminder's text too: the confirmation's is the one read here.
  const owed = await db.outbox.findFirstOrThrow({
    where: {
      subject: `booking:${booking.id}`,
      kind: "visit-text",
      payload: { path: ["notice"], equals: "visit-confirmation" },
    },
  });
  expect(owed.payload).toMatchObject({ notice: "visit-confirmation", bookingId: booking.id });
  // Due outside the quiet hours, and no later than the first moment after its booking that is.
  expect(textSendAt(owed.availableAt)).toEqual(owed.availableAt);
  expect(owed.availableAt.getTime()).toBeLessThanOrEqual(textSendAt(owed.createdAt).getTime());
  if (owed.availableAt <= new Date())
    await expect
      .poll(async () => {
        const sent = (await (await fetch(`${standin()}/__messages`)).json()) as Sent[];
        return sent.some((m) => m.to === phone && /Manage/.test(m.body) && m.direction === "outbound-api");
      })
      .toBe(true);
});

test("the New Booking dialog may ask a new customer once whether we may text them; the box starts unticked", async ({
  page,
  db,
}) => {
  const digits = String((Date.now() + 5_000) % 10_000).padStart(4, "0");
  const phone = `+1225557${digits}`;
  await db.textConsent.deleteMany({ where: { phone } });
  await adminPage(page, db, "/admin/bookings");
  await main(page).getByRole("button", { name: "New Booking", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New Booking" });
  await dialog.getByRole("button", { name: "Create New Customer", exact: true }).click();
  const ask = dialog.getByRole("checkbox", { name: /^Ask them by text whether we may text them/ });
  await expect(ask).not.toBeChecked();
  await dialog.getByRole("textbox", { name: "Name", exact: true }).fill("Lucienne Arceneaux");
  await dialog.getByRole("textbox", { name: "Email", exact: true }).fill(`${unique("lucienne")}@example.com`);
  await dialog.getByRole("textbox", { name: "Phone", exact: true }).fill(`(225) 557-${digits}`);
  await ask.check();
  await dialog.getByRole("button", { name: "Next: Booking Details", exact: true }).click();
  await expectToast(page, "Success", "Customer created successfully. We asked them by text whether we may text them.");
  await expect
    .poll(async () => {
      const sent = (await (await fetch(`${standin()}/__messages`)).json()) as Sent[];
      return sent.some((m) => m.to === phone && /may we text you/.test(m.body));
    })
    .toBe(true);
  // Asking is not consent: the number is asked, and nothing else is texted until it answers YES.
  expect(await db.textConsent.findUnique({ where: { phone } })).toMatchObject({ status: "requested" });
});
