import type { Locator, Page } from "@playwright/test";
import { business, formatAddress, services } from "@app/shared/business";
import { hashPassword } from "@app/shared/password.server";
import { expect, expectNoAxeViolations, test } from "./fixtures";

const publicPages = ["/", "/about", "/services", ...services.map((s) => s.path), "/contact", "/book"];
const callName = `Call ${business.phone}`;

const header = (page: Page) => page.getByRole("banner");
const main = (page: Page) => page.getByRole("main");
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
/** The header's menus are native disclosures (`<details>`): each opens from its `<summary>`, with or without JavaScript. */
const servicesMenu = (page: Page) =>
  mainNav(page).locator("details", { has: page.locator("summary", { hasText: "Services" }) });
const servicesToggle = (page: Page) => servicesMenu(page).locator("summary");
const phoneMenu = (page: Page) =>
  header(page).locator("details", { has: page.locator("summary", { hasText: /^Menu$/ }) });
const phoneToggle = (page: Page) => phoneMenu(page).locator("summary");
/** The site's own script has run (it shows the chat button): the menus' keyboard manners are on. */
const siteScriptRan = (page: Page) => expect(page.getByRole("button", { name: "Open chat" })).toBeVisible();
const expectOpen = (menu: Locator, open: boolean) =>
  open ? expect(menu).toHaveAttribute("open", "") : expect(menu).not.toHaveAttribute("open");
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
}

/** Breadcrumb: every item but the last is a link; the last is the current page. */
async function expectBreadcrumb(page: Page, items: Array<{ name: string; href?: string }>) {
  const crumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumb.getByRole("listitem")).toHaveCount(items.length);
  for (const item of items) {
    if (item.href)
      await expect(crumb.getByRole("link", { name: item.name, exact: true })).toHaveAttribute("href", item.href);
    else await expect(crumb.getByText(item.name, { exact: true })).toHaveAttribute("aria-current", "page");
  }
}

async function expectCallLink(scope: Locator) {
  const call = scope.getByRole("link", { name: callName, exact: true }).first();
  await expect(call).toBeVisible();
  await expect(call).toHaveAttribute("href", business.phoneHref);
}

async function expectContactCta(scope: Locator, name: string) {
  const cta = scope.getByRole("link", { name, exact: true }).first();
  await expect(cta).toBeVisible();
  await expect(cta).toHaveAttribute("href", "/contact");
}

async function section(page: Page, heading: string) {
  return main(page).getByRole("region", { name: heading, exact: true });
}

for (const javaScriptEnabled of [true, false])
  test.describe(`public pages, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("home: hero with call and contact buttons, four reasons, reviews and testimonials", async ({ page }) => {
      await page.goto("/");
      await expect(page).toHaveTitle(`Electrician in Baton Rouge, LA | ${business.name}`);
      const hero = main(page).locator("section").first();
      await expect(hero.getByRole("heading", { level: 1 })).toBeVisible();
      await expectCallLink(hero);
      await expectContactCta(hero, "Get a Free Estimate");

      const why = await section(page, `Why homeowners and businesses choose ${business.name}`);
      for (const reason of [
        "Licensed & Insured",
        "24/7 Emergency Service",
        "Upfront, Honest Pricing",
        "Local & Family-Owned",
      ]) {
        await expect(why.getByRole("heading", { level: 3, name: reason, exact: true })).toBeVisible();
      }
      await expect(why.getByRole("listitem")).toHaveCount(4);

      const reviews = await section(page, "What our customers say");
      await expect(
        reviews.getByText(`${business.reviews.rating} out of 5 from ${business.reviews.count} reviews`),
      ).toBeVisible();
      await expect(reviews.locator("figure")).toHaveCount(3);
      for (const name of ["Danielle R.", "Marcus T.", "Renee B."]) await expect(reviews.getByText(name)).toBeVisible();
      const readAll = reviews.getByRole("link", {
        name: `Read all ${business.reviews.count} reviews (opens in a new tab)`,
      });
      await expect(readAll).toHaveAttribute("href", business.reviews.url);
      await expect(readAll).toHaveAttribute("target", "_blank");
      await expect(readAll).toHaveAttribute("rel", /noopener/);
    });

    test("about: breadcrumb, story, four values, six reasons, service area with the address, call to action", async ({
      page,
    }) => {
      await page.goto("/about");
      await expect(page.getByRole("heading", { level: 1, name: `About ${business.name}` })).toBeVisible();
      await expectBreadcrumb(page, [{ name: "Home", href: "/" }, { name: "About" }]);
      await expect(
        main(page).getByRole("heading", { name: "Started with one truck and a promise to pick up the phone" }),
      ).toBeVisible();

      const values = await section(page, "Our core values");
      for (const value of ["Safety", "Quality", "Reliable Service", "Customer Focus"]) {
        await expect(values.getByRole("heading", { level: 3, name: value, exact: true })).toBeVisible();
      }
      await expect(values.getByRole("heading", { level: 3 })).toHaveCount(4);

      const reasons = await section(page, `Six reasons to choose ${business.name}`);
      await expect(reasons.getByRole("heading", { level: 3 })).toHaveCount(6);

      const area = await section(page, "Our service area");
      for (const a of business.serviceAreas) await expect(area.getByText(a.name, { exact: true })).toBeVisible();
      await expect(area.locator("address")).toContainText(formatAddress());

      await expectCallLink(main(page));
      await expectContactCta(main(page), "Request a Free Estimate");
    });

    test("services: six cards with their features and a Learn More link each", async ({ page }) => {
      await page.goto("/services");
      await expect(page.getByRole("heading", { level: 1, name: "Our Electrical Services" })).toBeVisible();
      await expectBreadcrumb(page, [{ name: "Home", href: "/" }, { name: "Services" }]);
      const cards = main(page).getByRole("article");
      await expect(cards).toHaveCount(6);
      for (const s of services) {
        const card = main(page).getByRole("article", { name: s.name, exact: true });
        await expect(card.getByRole("heading", { level: 2, name: s.name })).toBeVisible();
        for (const feature of s.features) await expect(card.getByText(feature, { exact: true })).toBeVisible();
        const more = card.getByRole("link", { name: `Learn More about ${s.name}`, exact: true });
        await expect(more).toHaveText(/Learn More/);
        await expect(more).toHaveAttribute("href", s.path);
      }
      await main(page).getByRole("link", { name: "Learn More about Lighting Installation" }).click();
      await expect(page).toHaveURL(/\/services\/lighting$/);
      await expect(page.getByRole("heading", { level: 1, name: "Lighting Installation" })).toBeVisible();
    });

    for (const s of services) {
      test(`${s.path}: breadcrumb Home / Services / ${s.name} and Back to Services`, async ({ page }) => {
        await page.goto(s.path);
        await expectBreadcrumb(page, [
          { name: "Home", href: "/" },
          { name: "Services", href: "/services" },
          { name: s.name },
        ]);
        await expect(main(page).getByRole("link", { name: "Back to Services", exact: true })).toHaveAttribute(
          "href",
          "/services",
        );
        await expectCallLink(main(page));
      });
    }

    test("residential: four offerings, four trust points, three steps", async ({ page }) => {
      await page.goto("/services/residential");
      const offerings = await section(page, "Home electrical services");
      for (const o of ["Electrical Repairs", "Outlet Installation", "Safety Inspections", "Ceiling Fan Installation"]) {
        await expect(offerings.getByRole("heading", { name: o, exact: true })).toBeVisible();
      }
      await expect((await section(page, "Why homeowners trust us")).getByRole("heading", { level: 3 })).toHaveCount(4);
      const steps = (await section(page, "Our three-step process")).getByRole("listitem");
      await expect(steps).toHaveCount(3);
      await expect(steps).toContainText(["Assessment", "Professional Work", "Quality Assurance"]);
      await expectContactCta(main(page), "Request a Free Estimate");
    });

    test("commercial: property types, four cards, four reasons, four steps, Call and Get Free Quote", async ({
      page,
    }) => {
      await page.goto("/services/commercial");
      const types = await section(page, "Commercial properties we wire");
      for (const t of ["Offices", "Retail stores", "Restaurants", "Warehouses", "Medical offices", "Manufacturing"]) {
        await expect(types.getByText(t, { exact: true })).toBeVisible();
      }
      const cards = await section(page, "Commercial electrical services");
      for (const c of [
        "New Construction Wiring",
        "Tenant Build-Outs",
        "Industrial Electrical",
        "Maintenance & Repairs",
      ]) {
        await expect(cards.getByRole("heading", { name: c, exact: true })).toBeVisible();
      }
      const reasons = await section(page, "Why businesses choose us");
      for (const r of ["Code Compliance", "Minimal Downtime", "Licensed Professionals", "Energy Efficiency"]) {
        await expect(reasons.getByRole("heading", { name: r, exact: true })).toBeVisible();
      }
      await expect((await section(page, "Our four-step process")).getByRole("listitem")).toContainText([
        "Site Assessment",
        "Design & Planning",
        "Installation",
        "Testing & Support",
      ]);
      await expectCallLink(main(page));
      await expectContactCta(main(page), "Get Free Quote");
    });

    test("generator: types, sizing guide and figures, four steps, Call and Get Free Consultation", async ({ page }) => {
      await page.goto("/services/generator");
      const types = await section(page, "Generator services");
      for (const t of [
        "Standby Generators",
        "Portable Generator Hookups",
        "Commercial Generators",
        "Generator Maintenance",
      ]) {
        await expect(types.getByRole("heading", { name: t, exact: true })).toBeVisible();
      }
      const sizing = await section(page, "What size generator do you need?");
      for (const [home, size] of [
        ["Small homes", "7-13kW"],
        ["Medium homes", "14-20kW"],
        ["Large homes", "22kW+"],
      ] as const) {
        const card = sizing.getByRole("listitem").filter({ has: page.getByRole("heading", { name: home }) });
        await expect(card).toContainText(size);
      }
      for (const figure of ["7kW to 26kW", "25kW to 150kW+", "10 seconds"])
        await expect(main(page).getByText(figure).first()).toBeVisible();
      await expect((await section(page, "Our four-step process")).getByRole("listitem")).toHaveCount(4);
      await expectCallLink(main(page));
      await expectContactCta(main(page), "Get Free Consultation");
    });

    test("panel upgrades: six warning signs, services, benefits, common upgrades, four steps, Call and Schedule Inspection", async ({
      page,
    }) => {
      await page.goto("/services/panel-upgrades");
      await expect((await section(page, "Signs your panel needs an upgrade")).getByRole("listitem")).toHaveCount(6);
      await expect((await section(page, "Panel services")).getByRole("heading", { level: 3 })).toHaveCount(4);
      const benefits = await section(page, "Benefits of a panel upgrade");
      const upgrade = (name: string) =>
        benefits.getByRole("listitem").filter({ has: page.getByRole("heading", { name: new RegExp(`^${name}`) }) });
      await expect(benefits.getByRole("heading", { name: "Common upgrades" })).toBeVisible();
      await expect(upgrade("Fuse Box Replacement")).toContainText("100A to 200A");
      await expect(upgrade("Federal Pacific Panels")).toContainText("High priority");
      await expect(upgrade("Capacity Upgrade")).toContainText("200A+");
      await expect((await section(page, "Our four-step process")).getByRole("listitem")).toHaveCount(4);
      await expectCallLink(main(page));
      await expectContactCta(main(page), "Schedule Inspection");
    });

    test("lighting: services, popular options, LED comparison, four steps, Call and Get Lighting Quote", async ({
      page,
    }) => {
      await page.goto("/services/lighting");
      const kinds = await section(page, "Lighting services");
      for (const k of ["Indoor Lighting", "Outdoor Lighting", "Ceiling Fans", "LED Upgrades"]) {
        await expect(kinds.getByRole("heading", { name: k, exact: true })).toBeVisible();
      }
      await expect((await section(page, "Popular lighting options")).getByRole("listitem")).toHaveCount(6);
      const led = await section(page, "What one bulb costs to run for a year");
      await expect(led.getByText("$60/year", { exact: true })).toBeVisible();
      await expect(led.getByText("$12/year", { exact: true })).toBeVisible();
      await expect(led.getByText("$48/year", { exact: true })).toBeVisible();
      await expect(led).toContainText("up to 80% less energy");
      await expect(led).toContainText("25,000+ hours");
      await expect((await section(page, "Our four-step process")).getByRole("listitem")).toHaveCount(4);
      await expectCallLink(main(page));
      await expectContactCta(main(page), "Get Lighting Quote");
    });

    test("emergency: 24/7 hotline, eight situations, safety warning, areas, availability, do and don't, call buttons only", async ({
      page,
    }) => {
      await page.goto("/services/emergency");
      await expect(page.getByRole("heading", { level: 1, name: "24/7 Emergency Electrical Service" })).toBeVisible();
      await expect(main(page).getByText("24/7 emergency hotline")).toBeVisible();
      await expect(main(page).getByText(business.emergency.responseTime, { exact: true })).toBeVisible();
      const situations = await section(page, "Call us right away if you notice");
      await expect(situations.getByRole("heading", { level: 3 }).filter({ hasNotText: "Safety warning" })).toHaveCount(
        8,
      );
      await expect(situations.getByRole("note")).toContainText("call 911 first");
      const areas = await section(page, "Emergency service areas");
      for (const a of business.serviceAreas) await expect(areas.getByText(a.name, { exact: true })).toBeVisible();
      const table = (await section(page, "Availability")).getByRole("table");
      await expect(table.getByRole("columnheader")).toHaveText(["When", "Scheduled service", "Emergency service"]);
      await expect(table.getByRole("rowheader")).toHaveText([
        "Monday - Friday",
        "Saturday",
        "Sunday",
        "Evenings & overnight",
        "Holidays",
      ]);
      const tips = await section(page, "What to do in an electrical emergency");
      await expect(tips.getByRole("heading", { name: "Do", exact: true })).toBeVisible();
      await expect(tips.getByRole("heading", { name: "Don't", exact: true })).toBeVisible();
      // Call buttons only: nothing in the page body sends a visitor to the contact form.
      await expect(main(page).locator('a[href="/contact"]')).toHaveCount(0);
      const calls = main(page).locator(`a[href="${business.phoneHref}"]`);
      expect(await calls.count()).toBeGreaterThanOrEqual(3);
    });

    test("an unknown address answers 404 with the not-found page", async ({ page }) => {
      const response = await page.goto("/no-such-page/anywhere");
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle(`Page not found | ${business.name}`);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(main(page)).not.toContainText("Did you forget");
      await expect(main(page).getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
      await expect(main(page).getByRole("link", { name: `Call ${business.phone}` })).toHaveAttribute(
        "href",
        business.phoneHref,
      );
      await main(page).getByRole("link", { name: "Go to the home page" }).click();
      await expect(page).toHaveURL(/\/$/);
      const unknownService = await page.goto("/services/plumbing");
      expect(unknownService?.status()).toBe(404);
      // axe runs in the page: with JavaScript on (the HTML is the same either way).
      if (javaScriptEnabled) await expectNoAxeViolations(page);
    });

    for (const path of javaScriptEnabled ? publicPages : []) {
      test(`axe finds no WCAG 2.1 A/AA violation on ${path}`, async ({ page }) => {
        await page.goto(path);
        await expectNoAxeViolations(page);
      });
    }
  });

test.describe("site frame", () => {
  test("header and footer: phone, email, social links, address, hours, areas and services", async ({ page }) => {
    await page.goto("/");
    await expectCallLink(header(page));
    await expect(header(page).getByRole("link", { name: "Login", exact: true })).toHaveAttribute("href", "/login");
    await expect(header(page).getByRole("button", { name: "Logout" })).toHaveCount(0);
    await expect(header(page).getByRole("link", { name: "Admin" })).toHaveCount(0);

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: business.phone, exact: true })).toHaveAttribute(
      "href",
      business.phoneHref,
    );
    await expect(footer.getByRole("link", { name: business.email, exact: true })).toHaveAttribute(
      "href",
      business.emailHref,
    );
    for (const s of business.social) {
      await expect(
        footer.getByRole("link", { name: `${business.name} on ${s.name} (opens in a new tab)` }),
      ).toHaveAttribute("href", s.url);
    }
    await expect(footer.locator("address")).toHaveText(formatAddress());
    await expect(footer.getByText("Mon–Fri", { exact: true })).toBeVisible();
    const areas = footer.getByRole("navigation", { name: "Areas We Serve" });
    for (const a of business.serviceAreas)
      await expect(areas.getByRole("link", { name: a.name, exact: true })).toBeVisible();
    const footerServices = footer.getByRole("navigation", { name: "Services" });
    for (const s of services)
      await expect(footerServices.getByRole("link", { name: s.name, exact: true })).toHaveAttribute("href", s.path);
  });

  test("the active page is highlighted and marked aria-current", async ({ page }) => {
    await page.goto("/about");
    await expect(mainNav(page).getByRole("link", { name: "About", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(mainNav(page).getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.goto("/services/generator");
    await servicesToggle(page).click();
    await expect(mainNav(page).getByRole("link", { name: "Generator Installation", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(mainNav(page).getByRole("link", { name: "All Services", exact: true })).not.toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("Services dropdown with JavaScript: closes on Escape (focus back on its toggle) and on a click outside", async ({
    page,
  }) => {
    await page.goto("/");
    await siteScriptRan(page);
    await servicesToggle(page).click();
    await expectOpen(servicesMenu(page), true);
    await page.keyboard.press("Escape");
    await expectOpen(servicesMenu(page), false);
    await expect(servicesToggle(page)).toBeFocused();

    await servicesToggle(page).click();
    await expectOpen(servicesMenu(page), true);
    await page.mouse.click(8, 600);
    await expectOpen(servicesMenu(page), false);
  });

  test("Services dropdown by keyboard: Enter opens, arrows move, Enter follows, Escape closes, Tab away closes", async ({
    page,
  }) => {
    await page.goto("/about");
    await siteScriptRan(page);
    const toggle = servicesToggle(page);
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expectOpen(servicesMenu(page), true);
    await page.keyboard.press("Escape");
    await expectOpen(servicesMenu(page), false);
    await expect(toggle).toBeFocused();

    await page.keyboard.press("ArrowDown");
    await expectOpen(servicesMenu(page), true);
    await expect(mainNav(page).getByRole("link", { name: services[0].name, exact: true })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(mainNav(page).getByRole("link", { name: services[1].name, exact: true })).toBeFocused();
    await page.keyboard.press("End");
    await expect(mainNav(page).getByRole("link", { name: "All Services", exact: true })).toBeFocused();
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${services[1].path}$`));
    await expect(page.getByRole("heading", { level: 1, name: services[1].name })).toBeVisible();
    await expectOpen(servicesMenu(page), false);

    // Tabbing out of the open menu closes it.
    await servicesToggle(page).focus();
    await page.keyboard.press("Enter");
    await expectOpen(servicesMenu(page), true);
    for (let i = 0; i < services.length + 1; i++) await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expectOpen(servicesMenu(page), false);
  });

  test("a route change returns to the top of the page, and so does a click on the current page's link", async ({
    page,
  }) => {
    await page.goto("/");
    await scrollToBottom(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Panel Upgrades", exact: true }).click();
    await expect(page).toHaveURL(/\/services\/panel-upgrades$/);
    await expect.poll(() => scrollY(page)).toBe(0);

    await scrollToBottom(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Panel Upgrades", exact: true }).click();
    await expect.poll(() => scrollY(page)).toBe(0);

    await scrollToBottom(page);
    await mainNav(page).getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test("the skip link moves focus to the main content", async ({ page }) => {
    await page.goto("/services");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(main(page)).toBeFocused();
  });
});

for (const javaScriptEnabled of [true, false])
  test.describe(`the header's menus, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("Services opens from its toggle (mouse or keyboard), lists every service, navigates, and closes", async ({
      page,
    }) => {
      await page.goto("/");
      await expectOpen(servicesMenu(page), false);
      await expect(mainNav(page).getByRole("link", { name: "Panel Upgrades", exact: true })).toBeHidden();
      await servicesToggle(page).click();
      await expectOpen(servicesMenu(page), true);
      for (const s of services)
        await expect(mainNav(page).getByRole("link", { name: s.name, exact: true })).toBeVisible();
      await mainNav(page).getByRole("link", { name: "Panel Upgrades", exact: true }).click();
      await expect(page).toHaveURL(/\/services\/panel-upgrades$/);
      await expect(page.getByRole("heading", { level: 1, name: "Electrical Panel Upgrades" })).toBeVisible();
      await expectOpen(servicesMenu(page), false);

      // Its toggle closes it again, and the keyboard's Enter works it as well.
      await servicesToggle(page).click();
      await expectOpen(servicesMenu(page), true);
      await servicesToggle(page).click();
      await expectOpen(servicesMenu(page), false);
      await servicesToggle(page).focus();
      await page.keyboard.press("Enter");
      await expectOpen(servicesMenu(page), true);
      await page.keyboard.press("Tab");
      await expect(mainNav(page).getByRole("link", { name: services[0].name, exact: true })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${services[0].path}$`));
    });

    test.describe("on a phone", () => {
      test.use({ viewport: { width: 390, height: 844 } });

      test("the menu opens, lists every page, navigates, and closes", async ({ page }) => {
        await page.goto("/");
        await expect(mainNav(page)).toBeHidden();
        await expectOpen(phoneMenu(page), false);
        await expectCallLink(header(page));

        await phoneToggle(page).click();
        await expectOpen(phoneMenu(page), true);
        const menu = page.getByRole("navigation", { name: "Mobile" });
        for (const name of ["Home", "About", "Services", "Contact", ...services.map((s) => s.name)]) {
          await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
        }
        await expect(menu.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
        await expect(menu.getByRole("link", { name: "Login", exact: true })).toHaveAttribute("href", "/login");
        if (javaScriptEnabled) await expectNoAxeViolations(page);

        await menu.getByRole("link", { name: "Emergency Service", exact: true }).click();
        await expect(page).toHaveURL(/\/services\/emergency$/);
        await expect(menu).toBeHidden();
        await expectOpen(phoneMenu(page), false);

        // The keyboard: Enter opens it and Tab goes into it; its toggle closes it.
        await phoneToggle(page).focus();
        await page.keyboard.press("Enter");
        await expect(menu).toBeVisible();
        await page.keyboard.press("Tab");
        await expect(menu.getByRole("link", { name: "Home", exact: true })).toBeFocused();
        await phoneToggle(page).click();
        await expect(menu).toBeHidden();
        if (!javaScriptEnabled) return;

        // With JavaScript, Escape closes it too and gives focus back to its toggle.
        await phoneToggle(page).click();
        await menu.getByRole("link", { name: "Home", exact: true }).focus();
        await page.keyboard.press("Escape");
        await expect(menu).toBeHidden();
        await expect(phoneToggle(page)).toBeFocused();
      });

      test("a menu link to a page further down starts it at the top", async ({ page }) => {
        await page.goto("/services");
        await scrollToBottom(page);
        await phoneToggle(page).click();
        await page
          .getByRole("navigation", { name: "Mobile" })
          .getByRole("link", { name: "About", exact: true })
          .click();
        await expect(page).toHaveURL(/\/about$/);
        await expect.poll(() => scrollY(page)).toBe(0);
      });
    });
  });

/** Signs in through the login form as a new user of this role (the session cookie of a browser). */
async function logInAs(page: Page, db: import("@app/shared/db.server").Db, role: "customer" | "admin") {
  const email = `${role}.marketing.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  await db.user.create({
    data: {
      firstName: "Nell",
      lastName: "Boudreaux",
      email,
      role,
      passwordHash: await hashPassword("marketing-pw-1"),
    },
  });
  await page.goto("/login");
  await main(page).getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await main(page).getByRole("textbox", { name: "Password", exact: true }).fill("marketing-pw-1");
  await main(page).getByRole("button", { name: "Log In", exact: true }).click();
  await expect(header(page).getByRole("button", { name: "Logout", exact: true })).toBeVisible();
}

test.describe("signed in", () => {
  test("a customer sees Logout (a plain POST form) and no Admin link", async ({ page, db }) => {
    await logInAs(page, db, "customer");
    await page.goto("/services");
    await expect(header(page).getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
    await expect(header(page).getByRole("link", { name: "Admin" })).toHaveCount(0);
    const form = header(page)
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Logout", exact: true }) })
      .first();
    await expect(form).toHaveAttribute("method", "post");
    await expect(form).toHaveAttribute("action", "/logout");
  });

  test("an admin also gets an Admin link to /dashboard, on desktop and in the phone menu, rendered by the server", async ({
    page,
    db,
    browser,
  }) => {
    await logInAs(page, db, "admin");
    await page.goto("/");
    await expect(mainNav(page).getByRole("link", { name: "Admin", exact: true })).toHaveAttribute("href", "/dashboard");

    // Same session without JavaScript: the server already rendered the signed-in header (no flash).
    const noJs = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const plain = await noJs.newPage();
    await plain.goto(new URL("/about", page.url()).href);
    await expect(
      plain.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin", exact: true }),
    ).toBeVisible();
    await expect(plain.getByRole("banner").getByRole("button", { name: "Logout", exact: true })).toBeVisible();
    await noJs.close();

    await page.setViewportSize({ width: 390, height: 844 });
    await phoneToggle(page).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.getByRole("link", { name: "Admin", exact: true })).toHaveAttribute("href", "/dashboard");
    await expect(menu.getByRole("button", { name: "Logout", exact: true })).toBeVisible();
  });
});

test.describe("served as static files", () => {
  /** Every CSP refusal the page meets, as the browser reports it (events and console). */
  async function watchCsp(page: Page) {
    const refusals: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) refusals.push(message.text());
    });
    page.on("pageerror", (error) => refusals.push(error.message));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) =>
        console.error(`Content Security Policy refused ${event.violatedDirective}: ${event.blockedURI}`),
      );
    });
    return refusals;
  }

  test("a kept page's own script runs under its hashed CSP, and nothing is refused", async ({ page, db }) => {
    const refusals = await watchCsp(page);
    // Other tests may have had the page kept already: the second visit is always answered from memory.
    for (const round of [["miss", "hit"], ["hit"]]) {
      const response = await page.goto("/services/panel-upgrades");
      const headers = response!.headers();
      expect(round).toContain(headers["x-page-cache"]);
      expect(headers["content-security-policy"]).toMatch(/script-src 'self' ('sha256-[\w+/=]+' )+'strict-dynamic'/);
      expect(headers["content-security-policy"]).not.toContain("nonce");
      // The site's script ran: the chat button is shown, and Escape closes the Services menu.
      await expect(page.getByRole("button", { name: "Open chat" })).toBeVisible();
      await servicesToggle(page).click();
      await expect(mainNav(page).getByRole("link", { name: "Lighting Installation", exact: true })).toBeVisible();
      await page.keyboard.press("Escape");
      await expectOpen(servicesMenu(page), false);
    }
    // The chat's code, imported by that script, is allowed too.
    await page.getByRole("button", { name: "Open chat" }).click();
    await expect(page.getByRole("dialog", { name: `${business.name} Chat` })).toBeVisible();

    // Signed in, the customer's kept page: their header from the first byte, and the same scripts allowed.
    await logInAs(page, db, "customer");
    for (const round of [["miss", "hit"], ["hit"]]) {
      const response = await page.goto("/services/panel-upgrades");
      expect(round).toContain(response!.headers()["x-page-cache"]);
      await expect(mainNav(page).getByRole("link", { name: "My Account", exact: true })).toBeVisible();
    }
    await header(page).getByRole("button", { name: "Logout", exact: true }).click();
    await expect(header(page).getByRole("link", { name: "Login", exact: true })).toBeVisible();
    await page.goto("/services/panel-upgrades");
    await expect(header(page).getByRole("link", { name: "Login", exact: true })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "My Account", exact: true })).toHaveCount(0);
    expect(refusals).toEqual([]);
  });

  test("a public page loads none of the app's code: the site's own script shows the chat button, whose code comes on the first tap", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/entry.site-*.js", async (route) => {
      await held;
      await route.continue();
    });
    // The page is parsed and painted while its script is held (a module script holds DOMContentLoaded).
    await page.goto("/services/panel-upgrades", { waitUntil: "commit" });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Until the site's script runs, nothing floats over the page; the page works from its HTML.
    await expect(page.locator("#chat-launcher")).toBeHidden();
    await servicesToggle(page).click();
    await expect(mainNav(page).getByRole("link", { name: "Lighting Installation", exact: true })).toBeVisible();
    release();
    await expect(page.getByRole("button", { name: "Open chat" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/entry\.site-[\w-]+\.js$/)]);

    // The first tap opens the chat: its code arrives after it, and the panel takes focus.
    await page.getByRole("button", { name: "Open chat" }).click();
    await expect(page.getByRole("dialog", { name: `${business.name} Chat` })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Type your message" })).toBeFocused();
    expect(scripts.some((path) => /^\/assets\/chat-on-page-/.test(path))).toBe(true);
  });
});

test.describe("search engines", () => {
  test("each page has its title, description, canonical URL and social tags", async ({ page, baseURL }) => {
    for (const path of ["/", "/about", "/services", "/services/generator"]) {
      await page.goto(path);
      const canonical = new URL(path, baseURL).href;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", await page.title());
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary");
    }
  });

  test("structured data: an Electrician from the business facts, breadcrumbs and a Service, no review stars", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/services/generator");
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    // The fields read below (a missing one fails its expectation).
    type Item = {
      "@type"?: string;
      "@id"?: string;
      name?: string;
      telephone?: string;
      address?: unknown;
      geo?: unknown;
      areaServed: Array<{ name: string }>;
      openingHoursSpecification?: unknown[];
      sameAs?: string[];
      itemListElement: Array<{ name: string; item: string }>;
    };
    const items = blocks.flatMap((text) => JSON.parse(text) as Item | Item[]);
    const byType = (type: string) => items.find((i) => i["@type"] === type);

    const electrician = byType("Electrician")!;
    expect(electrician.name).toBe(business.name);
    expect(electrician.telephone).toBe(business.phoneE164);
    expect(electrician.address).toMatchObject({
      streetAddress: business.address.street,
      addressLocality: business.address.city,
      postalCode: business.address.postalCode,
    });
    expect(electrician.geo).toMatchObject({ latitude: business.geo.latitude, longitude: business.geo.longitude });
    expect(electrician.areaServed.map((a: { name: string }) => a.name)).toEqual(
      business.serviceAreas.map((a) => a.name),
    );
    expect(electrician.openingHoursSpecification).toContainEqual(
      expect.objectContaining({ opens: "07:00", closes: "18:00" }),
    );
    expect(electrician.sameAs).toEqual(business.social.map((s) => s.url));

    const crumbs = byType("BreadcrumbList")!;
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      "Home",
      "Services",
      "Generator Installation",
    ]);
    expect(crumbs.itemListElement[2]?.item).toBe(new URL("/services/generator", baseURL).href);
    expect(byType("Service")).toMatchObject({
      name: "Generator Installation",
      provider: { "@id": electrician["@id"] },
    });

    const all = blocks.join("\n");
    expect(all).not.toMatch(/AggregateRating|"Review"|reviewRating/);
  });

  test("JSON-LD cannot close its script element, and carries the nonce of pages rendered per request", async ({
    request,
  }) => {
    for (const path of ["/services/emergency", "/contact"]) {
      const response = await request.get(path);
      const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
      const html = await response.text();
      const scripts = [...html.matchAll(/<script type="application\/ld\+json"([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length, path).toBeGreaterThanOrEqual(path === "/contact" ? 1 : 2);
      for (const [, attributes, body] of scripts) {
        // A kept page (web/server/page-cache.ts) has no nonce: its CSP lists its scripts' hashes.
        if (path === "/contact") expect(attributes).toContain(`nonce="${nonce}"`);
        else expect(nonce).toBeUndefined();
        expect(body).not.toContain("<");
      }
    }
  });

  test("sitemap.xml lists the public pages only", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // The public pages, and the maintenance plans' page (docs/product.md#plans).
    expect(locs.sort()).toEqual([...publicPages, "/plans"].map((p) => new URL(p, baseURL).href).sort());
    expect(xml).not.toMatch(/login|dashboard|admin|\/api/);
  });

  test("robots.txt points to the sitemap and keeps crawlers out of private paths", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/plain");
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    for (const path of ["/admin", "/dashboard", "/api"]) expect(lines).toContain(`Disallow: ${path}`);
    // The sign-in page may be found (a customer searching for it); with a reset token it answers noindex.
    expect(lines).not.toContain("Disallow: /login");
    expect(lines).toContain(`Sitemap: ${new URL("/sitemap.xml", baseURL).href}`);
  });
});
