import { test, expect } from "./fixtures";
import { createUser, main } from "./staff";
import { openDay, pickerDay } from "./window-picker";
test.use({ timezoneId: "America/Chicago", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
test("shots", async ({ page, db }) => {
  await createUser(db, "technician", "Gaspard");
  for (const w of [390, 360, 320]) {
    await page.setViewportSize({ width: w, height: 844 });
    await page.goto("/");
    const sw = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    console.log("home", w, sw);
    await page.screenshot({ path: `/tmp/shots/home-${w}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/book");
  await page.screenshot({ path: "/tmp/shots/book1.png", fullPage: true });
  await page.goto("/book?service=panel-upgrades");
  await expect(page.locator("form#book-window[novalidate]")).toHaveCount(1);
  await page.screenshot({ path: "/tmp/shots/book2.png", fullPage: true });
  await pickerDay(main(page), openDay(2)).click();
  await page.screenshot({ path: "/tmp/shots/book3.png", fullPage: true });
  console.log("book", await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]));
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.screenshot({ path: "/tmp/shots/book4.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/book?service=panel-upgrades");
  await page.screenshot({ path: "/tmp/shots/book2-desk.png", fullPage: true });
  await page.goto("/services/panel-upgrades");
  await page.screenshot({ path: "/tmp/shots/service-desk.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/services/panel-upgrades");
  await page.screenshot({ path: "/tmp/shots/service-phone.png" });
});
