/**
 * Users and roles at /admin/users, with and without JavaScript (docs/product.md#users).
 * Signed in as an admin created directly in the database.
 */
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { adminPage, createUser, expectToast, logIn, main, waitLive } from "./staff";

// The office is in Baton Rouge: the browser's zone is the business's, so a day picked is the day shown.
test.use({ timezoneId: "America/Chicago" });

test.describe("users", () => {
  test("find an account by part of its name or email, or list one role, with and without JavaScript", async ({
    browser,
    db,
  }) => {
    test.slow(); // two sign-ins and an axe run on a shared machine
    const wanted = await createUser(db, "technician", "Évangéline");
    const other = await createUser(db, "customer", "Ambrose");
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled, timezoneId: "America/Chicago" });
      const page = await context.newPage();
      if (javaScriptEnabled) await adminPage(page, db, "/admin/users");
      else {
        await logIn(page, (await createUser(db, "admin")).email, { to: "/admin/users" });
      }
      const search = main(page).getByRole("search", { name: "Users" });
      await search.getByLabel("Name or email").fill(wanted.lastName.slice(3).toLowerCase());
      await search.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/[?&]q=/);
      await expect(main(page).getByRole("row").filter({ hasText: wanted.email })).toBeVisible();
      await expect(main(page).getByRole("row").filter({ hasText: other.email })).toHaveCount(0);
      await expect(main(page).getByText("1 user found.", { exact: false })).toBeVisible();

      await search.getByLabel("Name or email").fill("");
      await search.getByLabel("Role").selectOption("customer");
      await search.getByRole("button", { name: "Search" }).click();
      await expect(main(page).getByRole("row").filter({ hasText: other.email })).toBeVisible();
      await expect(main(page).getByRole("row").filter({ hasText: wanted.email })).toHaveCount(0);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await main(page).getByRole("link", { name: "Show everyone" }).click();
      await expect(main(page).getByRole("row").filter({ hasText: wanted.email })).toBeVisible();
      await context.close();
    }
  });

  test("change another user's role (toast); the admin's own selector is disabled", async ({ page, db }) => {
    test.slow(); // several sign-ins, pages and axe runs on a shared machine
    const other = await createUser(db, "customer", "Ambrose");
    const admin = await adminPage(page, db, "/admin/users");
    await expect(main(page).getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
    for (const name of ["Name", "Email", "Role", "Status", "Created", "Last Login", "Actions"]) {
      await expect(main(page).getByRole("columnheader", { name, exact: true })).toBeVisible();
    }

    const ownRow = main(page).getByRole("row").filter({ hasText: admin.email });
    await expect(ownRow).toContainText(`ID: ${admin.id}`);
    await expect(ownRow.getByRole("cell").nth(2)).toContainText("Admin");
    await expect(ownRow.getByRole("cell").nth(3)).toContainText("Active");
    await expect(
      main(page).getByRole("combobox", { name: `Role for ${admin.firstName} ${admin.lastName}` }),
    ).toBeDisabled();

    const row = main(page).getByRole("row").filter({ hasText: other.email });
    await expect(row.getByRole("cell").nth(5)).toContainText("Never");
    await expect(row.getByRole("cell").nth(2)).toContainText("Customer");
    const select = main(page).getByRole("combobox", { name: `Role for ${other.firstName} ${other.lastName}` });
    await expect(select).toHaveValue("customer");
    await expectNoAxeViolations(page);

    // While a change is on its way every selector waits.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/admin/users.data*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    const third = await createUser(db, "technician", "Celeste");
    await page.reload();
    await waitLive(page);
    await select.selectOption("technician");
    await expect(
      main(page).getByRole("combobox", { name: `Role for ${third.firstName} ${third.lastName}` }),
    ).toBeDisabled();
    await expect(select).toBeDisabled();
    release();

    await expectToast(page, "Success", "User role updated successfully.");
    await expect(row.getByRole("cell").nth(2)).toContainText("Technician");
    await expect(select).toBeEnabled();
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).role).toBe("technician");
    await page.unroute("**/admin/users.data*");

    // Making someone an admin asks first: Cancel keeps the role and gives the focus back to the selector.
    await select.selectOption("admin");
    const ask = page.getByRole("dialog", { name: `Make ${other.firstName} ${other.lastName} an admin?` });
    await expect(ask).toContainText("They will be able to see and change every booking, customer and message");
    await expectNoAxeViolations(page);
    await ask.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(ask).toBeHidden();
    await expect(select).toHaveValue("technician");
    await expect(select).toBeFocused();
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).role).toBe("technician");
    // Confirm saves it.
    await select.selectOption("admin");
    await ask.getByRole("button", { name: "Confirm", exact: true }).click();
    await expectToast(page, "Success", "User role updated successfully.");
    await expect(row.getByRole("cell").nth(2)).toContainText("Admin");
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).role).toBe("admin");

    // A failure shows the server's message in an Error toast and the selector goes back.
    await db.user.delete({ where: { id: third.id } });
    const gone = main(page).getByRole("combobox", { name: `Role for ${third.firstName} ${third.lastName}` });
    await gone.selectOption("admin");
    await page
      .getByRole("dialog", { name: `Make ${third.firstName} ${third.lastName} an admin?` })
      .getByRole("button", { name: "Confirm", exact: true })
      .click();
    await expectToast(page, "Error", "User not found");
    await expect(gone).toHaveValue("technician");
  });
});

test.describe("users without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the role form posts as a page; making someone admin goes through a confirmation step", async ({ page, db }) => {
    const admin = await createUser(db, "admin");
    const other = await createUser(db, "customer", "Narcisse");
    await logIn(page, admin.email, { to: "/admin/users" });
    const name = `${other.firstName} ${other.lastName}`;
    await main(page)
      .getByRole("combobox", { name: `Role for ${name}` })
      .selectOption("admin");
    await main(page)
      .getByRole("button", { name: `Save role for ${name}`, exact: true })
      .click();
    // Not saved yet: the page asks.
    await expect(main(page).getByRole("heading", { name: `Make ${name} an admin?` })).toBeVisible();
    await expect(main(page)).toContainText("They will be able to see and change every booking");
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).role).toBe("customer");
    await expect(main(page).getByRole("link", { name: "Cancel", exact: true })).toHaveAttribute("href", "/admin/users");
    await main(page).getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(main(page).getByRole("status").filter({ hasText: "User role updated successfully." })).toBeVisible();
    await expect(main(page).getByRole("row").filter({ hasText: other.email }).getByRole("cell").nth(2)).toContainText(
      "Admin",
    );
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).role).toBe("admin");
    // There is no Save button on the admin's own row.
    await expect(
      main(page).getByRole("button", { name: `Save role for ${admin.firstName} ${admin.lastName}` }),
    ).toHaveCount(0);
  });
});
