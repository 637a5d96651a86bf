/**
 * Export CSV on /admin/bookings (docs/product.md#bookings-list, docs/decisions/022-exports-that-finish.md):
 * the button takes the list's search and filters and the days beside it; a small export downloads,
 * a large one is emailed, and the page says so beside the button, focused.
 */
import { readFile } from "node:fs/promises";
import { expect, mailbox, test } from "./fixtures";
import { adminPage, logIn, newCustomer, unique } from "./staff";

test.use({ timezoneId: "America/Chicago" });

const main = (page: import("@playwright/test").Page) => page.getByRole("main");

test("Export CSV downloads what the filtered list shows, in the days chosen", async ({ page, db }) => {
  const tag = unique("exp");
  const customer = await newCustomer(db, `Exportine ${tag}`);
  const visit = (summary: string, status: "completed" | "pending", day: string) => ({
    customerId: customer.id,
    summary,
    priority: "high" as const,
    status,
    scheduledDate: new Date(`${day}T15:00:00Z`),
  });
  await db.booking.createMany({
    data: [
      ...Array.from({ length: 6 }, (_, i) => visit(`May visit ${i + 1}`, "completed", `2031-05-${10 + i}`)),
      ...Array.from({ length: 4 }, (_, i) => visit(`Pending visit ${i + 1}`, "pending", `2031-05-${10 + i}`)),
      ...Array.from({ length: 3 }, (_, i) => visit(`August visit ${i + 1}`, "completed", `2031-08-0${1 + i}`)),
    ],
  });
  await adminPage(page, db, "/admin/bookings");
  const search = main(page).getByRole("searchbox", { name: "Search" });
  await search.fill(tag);
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await main(page).getByRole("combobox", { name: "Status", exact: true }).selectOption("completed");
  await expect(page).toHaveURL(/status=completed/);
  await expect(main(page).getByRole("row").filter({ hasText: tag })).toHaveCount(9);

  await main(page).getByLabel("Scheduled from").fill("2031-05-01");
  await main(page).getByLabel("to (blank: no end)").fill("2031-05-31");
  const download = page.waitForEvent("download");
  await main(page).getByRole("button", { name: "Export CSV", exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^bookings-completed-\d{4}-\d\d-\d\d\.csv$/);
  const lines = (await readFile((await file.path())!, "utf8"))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toMatch(/^"Booking ID","Customer ID","Customer Name",/);
  const summaries = lines.slice(1).map((l) => /"(May visit \d|Pending visit \d|August visit \d)"/.exec(l)?.[1]);
  expect(summaries).toEqual(["May visit 6", "May visit 5", "May visit 4", "May visit 3", "May visit 2", "May visit 1"]);
  // The page stayed where it was, with its filters.
  await expect(page).toHaveURL(/status=completed/);
});

test("Export CSV takes the list's technician filter and its days", async ({ page, db }) => {
  const tag = unique("tech");
  const customer = await newCustomer(db, `Techexport ${tag}`);
  const technician = await db.user.create({
    data: {
      firstName: "Xavier",
      lastName: `Exporter ${tag.replace(/\d/g, "x")}`,
      email: `${tag}@test.example.com`,
      passwordHash: "x",
      role: "technician",
    },
  });
  const visit = (summary: string, technicianId: number | null, hour: number) => ({
    customerId: customer.id,
    summary,
    technicianId,
    scheduledDate: new Date(`2032-06-0${hour - 10}T${hour}:00:00Z`),
    durationMinutes: 30,
  });
  await db.booking.createMany({
    data: [
      visit(`${tag} his one`, technician.id, 15),
      visit(`${tag} his two`, technician.id, 16),
      visit(`${tag} nobody's`, null, 17),
    ],
  });
  await adminPage(page, db, `/admin/bookings?q=${tag}&technician=${technician.id}&from=2032-06-01&to=2032-06-30`);
  await expect(main(page).getByRole("row").filter({ hasText: tag })).toHaveCount(2);
  const download = page.waitForEvent("download");
  await main(page).getByRole("button", { name: "Export CSV", exact: true }).click();
  const csv = await readFile((await (await download).path())!, "utf8");
  expect(csv).toContain(`${tag} his one`);
  expect(csv).toContain(`${tag} his two`);
  expect(csv).not.toContain(`${tag} nobody's`);
});

test("an export too large for one answer is emailed, and the page says so beside the button", async ({
  page,
  db,
  browser,
}) => {
  test.slow(); // 20,050 bookings written, then read by the worker
  const tag = unique("big");
  const customer = await newCustomer(db, `Bigexport ${tag}`);
  // Far from every other test's days and lists: 2034, created in 2020, in progress and low.
  await db.$executeRawUnsafe(
    `INSERT INTO "Booking" ("customerId", summary, priority, status, "scheduledDate", "createdAt", "updatedAt")
     SELECT $1, 'Bulk ' || g, 'low', 'in_progress', timestamp '2034-03-01 15:00' + (g % 100) * interval '1 hour',
            timestamp '2020-01-01' + g * interval '1 second', now()
       FROM generate_series(1, 20050) g`,
    customer.id,
  );
  const admin = await adminPage(page, db, `/admin/bookings?q=${tag}&status=in_progress`);
  await main(page).getByRole("button", { name: "Export CSV", exact: true }).click();
  const notice = main(page).getByRole("status").filter({ hasText: "Your export of" });
  await expect(notice).toHaveText(
    `Success: Your export of 20,050 bookings is being prepared; we'll email it to ${admin.email} (the link works for 7 days).`,
  );
  await expect(notice).toBeFocused();
  await expect(notice).toBeInViewport();

  const email = await mailbox.waitFor((e) => e.to.includes(admin.email) && e.subject.includes("export"), 60_000);
  expect(email.subject).toBe("Your export of 20,050 bookings is ready");
  const link = /http:\/\/\S+\/admin\/exports\/\S+/.exec(email.text ?? "")![0];
  const file = await page.request.get(new URL(link).pathname + new URL(link).search);
  expect(file.status()).toBe(200);
  const lines = (await file.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines).toHaveLength(20_051);
  expect(lines.slice(1).every((l) => l.includes('"low","in_progress"'))).toBe(true);

  // Without JavaScript the form posts the page, and the page it answers with says the same beside the button.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const plain = await noScript.newPage();
    await logIn(plain, admin.email, { to: `/admin/bookings?q=${tag}&status=in_progress` });
    await main(plain).getByRole("button", { name: "Export CSV", exact: true }).click();
    await expect(main(plain).getByRole("status").filter({ hasText: "Your export of" })).toHaveText(
      `Success: Your export of 20,050 bookings is being prepared; we'll email it to ${admin.email} (the link works for 7 days).`,
    );
  } finally {
    await noScript.close();
  }
});
