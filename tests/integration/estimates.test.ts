import { beforeAll, describe, expect, it } from "vitest";
import { depositCents, documentTotals } from "@app/shared/money/money";
import { randomToken, sha256 } from "@app/shared/tokens.server";
import { business, formatAddress } from "@app/shared/business";
import { formatDate } from "@app/shared/time";
import { api, formPost, signedInUser } from "../support/accounts";
import { pdfPixelsNear, pdfText } from "../support/pdf-text";
import type { CapturedEmail } from "../support/resend-standin";
import { randomIp, STAFF_EMAIL, type Stack } from "../support/stack";
import { sharedStack } from "../support/shared-stack";

/**
 * Estimates (docs/product.md#estimates): the JSON API's shapes and refusals, totals as the money
 * module computes them, numbers without gaps, the email with its PDF, and the customer's approval
 * through the page's form post. Real web, worker, PostgreSQL and email stand-in.
 */

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let panel: { id: number };
let labor: { id: number };
let retired: { id: number };
const TAX_PPM = 94_500;

beforeAll(async () => {
  stack = await sharedStack();
  admin = await signedInUser(stack.url, stack.db, "admin");
  await stack.db.businessSetting.create({ data: { id: 1, salesTaxRatePpm: TAX_PPM } });
  panel = await stack.db.priceBookItem.create({ data: { name: "200 A panel", unitPriceCents: 185_050 } });
  labor = await stack.db.priceBookItem.create({
    data: { name: "Electrician labor", unitPriceCents: 12_500, unit: "hour", taxable: false },
  });
  retired = await stack.db.priceBookItem.create({ data: { name: "Fuse box", unitPriceCents: 9_900, active: false } });
});

let customers = 0;
async function visit() {
  const tag = `${++customers}.${Date.now()}`;
  const customer = await stack.db.customer.create({
    data: { name: `Odile Broussard ${tag}`, email: `odile.${tag}@example.com`, phone: "225-555-0142" },
  });
  const booking = await stack.db.booking.create({
    data: { customerId: customer.id, summary: "Panel upgrade", scheduledDate: new Date() },
  });
  return { customer, bookingId: booking.id };
}

const threeOptions = (bookingId: number) => ({
  bookingId,
  depositPercent: 25,
  options: [
    {
      name: "Good",
      items: [
        { priceBookItemId: panel.id, quantity: 1 },
        { priceBookItemId: labor.id, quantity: 6 },
      ],
    },
    {
      name: "Better",
      discountCents: 5_000,
      items: [
        { priceBookItemId: panel.id, quantity: 1 },
        { priceBookItemId: labor.id, quantity: 7.5 },
        { description: "Whole-home surge protector", quantity: 1, unitPriceCents: 32_999 },
      ],
    },
    {
      name: "Best",
      items: [
        { priceBookItemId: panel.id, quantity: 1, unitPriceCents: 199_900 },
        { priceBookItemId: labor.id, quantity: 8 },
        { description: "Whole-home surge protector", quantity: 1, unitPriceCents: 32_999 },
        { description: "Wire per foot", quantity: 12.25, unitPriceCents: 199 },
      ],
    },
  ],
});

async function estimateOf(bookingId: number) {
  const res = await api(stack.url, "POST", "/api/estimates", admin.token, threeOptions(bookingId));
  expect(res.status, res.text).toBe(201);
  return res.json.estimate as { id: number; number: string; options: Array<{ id: number; name: string }> };
}

async function emailTo(to: string, match: (e: CapturedEmail) => boolean) {
  const found = await stack.mail.waitFor((emails) => emails.some((e) => e.to.includes(to) && match(e)), 20_000);
  return found.find((e) => e.to.includes(to) && match(e))!;
}

/** Sends the estimate and answers the link and the PDF of the email. */
async function send(id: number, to: string) {
  const res = await api(stack.url, "POST", `/api/estimates/${id}/send`, admin.token);
  expect(res.status, res.text).toBe(200);
  const sentAt = res.json.estimate.sentAt as string;
  const email = await emailTo(to, (e) => e.subject.startsWith("Your estimate") && e.text!.includes(sentAt.slice(0, 0)));
  const link = /Review and approve: (\S+)/.exec(email.text ?? "")?.[1];
  expect(link).toMatch(/\/estimates\/[\w-]{43}$/);
  return { email, link: link!, token: link!.split("/").pop()! };
}

/** The approval form as a browser without JavaScript posts it (no sign-in; the token is the key). */
function approve(token: string, fields: Record<string, string>) {
  return fetch(`${stack.url}/estimates/${token}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
    body: new URLSearchParams(fields),
  });
}

const page = (token: string) =>
  fetch(`${stack.url}/estimates/${token}`, { headers: { "X-Forwarded-For": randomIp() } });

describe("the API", () => {
  it("makes an estimate whose stored totals are the money module's", async () => {
    const { bookingId, customer } = await visit();
    const input = threeOptions(bookingId);
    const made = await api(stack.url, "POST", "/api/estimates", admin.token, input);
    expect(made.status, made.text).toBe(201);
    expect(made.json).toMatchObject({ success: true, estimate: { status: "draft" } });
    expect(made.json.estimate.number).toMatch(/^EST-\d{4}-\d{4}$/);
    const prices = { [panel.id]: [185_050, true], [labor.id]: [12_500, false] } as Record<number, [number, boolean]>;
    input.options.forEach((option, o) => {
      const lines = option.items.map((item) => ({
        quantityHundredths: Math.round(item.quantity * 100),
        unitPriceCents: item.unitPriceCents ?? prices[item.priceBookItemId!]![0],
        taxable: item.priceBookItemId ? prices[item.priceBookItemId]![1] : true,
      }));
      const totals = documentTotals(lines, TAX_PPM, option.discountCents ?? 0);
      expect(made.json.estimate.options[o]).toMatchObject({
        name: option.name,
        subtotalCents: totals.subtotalCents,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
      });
    });
    const full = await api(stack.url, "GET", `/api/estimates/${made.json.estimate.id}`, admin.token);
    expect(full.status).toBe(200);
    expect(full.json.estimate).toMatchObject({
      customer: { email: customer.email },
      taxRatePpm: TAX_PPM,
      depositPercent: 25,
      options: [
        {
          lines: [
            { description: "200 A panel", unitPriceCents: 185_050, taxable: true, quantityHundredths: 100 },
            { description: "Electrician labor", taxable: false, quantityHundredths: 600, totalCents: 75_000 },
          ],
        },
        {},
        { lines: [{ unitPriceCents: 199_900 }, {}, {}, { quantityHundredths: 1225, totalCents: 2438 }] },
      ],
    });
    const best = full.json.estimate.options[2];
    expect(best.depositCents).toBe(depositCents(best.totalCents, 25));
    expect(
      await stack.db.auditLog.count({
        where: { action: "estimate.created", targetId: String(best ? made.json.estimate.id : 0) },
      }),
    ).toBe(1);
  });

  it("answers 400 on the field at fault, and only admins may", async () => {
    const { bookingId } = await visit();
    const post = (body: unknown, token = admin.token) => api(stack.url, "POST", "/api/estimates", token, body);
    const one = (items: unknown[]) => ({ bookingId, options: [{ name: "Good", items }] });
    const cases: Array<[unknown, string]> = [
      [one([{ priceBookItemId: retired.id, quantity: 1 }]), "options.0.items.0.priceBookItemId"],
      [one([{ priceBookItemId: 2_000_000, quantity: 1 }]), "options.0.items.0.priceBookItemId"],
      [one([{ quantity: 1, unitPriceCents: 100 }]), "options.0.items.0.description"],
      [one([{ description: "Outlet", quantity: 1 }]), "options.0.items.0.unitPriceCents"],
      [one([{ description: "Outlet", quantity: 1.234, unitPriceCents: 100 }]), "options.0.items.0.quantity"],
      [one([{ description: "Outlet", quantity: 0, unitPriceCents: 100 }]), "options.0.items.0.quantity"],
      [one([{ description: "Outlet", quantity: 1, unitPriceCents: -1 }]), "options.0.items.0.unitPriceCents"],
      [one([]), "options.0.items"],
      [one([{ description: "Rewire", quantity: 9_999.99, unitPriceCents: 1_000_000_000 }]), "options.0.items"],
      // Past 9,999.99, what a line's quantity holds (docs/security.md, "Numbers within what the database holds").
      [one([{ description: "Rewire", quantity: 999_999, unitPriceCents: 1 }]), "options.0.items.0.quantity"],
      [one([{ description: "Rewire", quantity: 10_000, unitPriceCents: 1 }]), "options.0.items.0.quantity"],
      [{ bookingId, options: [] }, "options"],
      [{ ...one([{ description: "Outlet", quantity: 1, unitPriceCents: 1 }]), depositPercent: 101 }, "depositPercent"],
      [{ ...one([{ description: "Outlet", quantity: 1, unitPriceCents: 1 }]), bookingId: 2_000_000 }, "bookingId"],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.success).toBe(false);
      expect(Object.keys(res.json.errors), JSON.stringify(body)).toContain(field);
    }
    const four = {
      bookingId,
      options: ["A", "B", "C", "D"].map((name) => ({
        name,
        items: [{ description: "x", quantity: 1, unitPriceCents: 1 }],
      })),
    };
    expect((await post(four)).status).toBe(400);
    const technician = await signedInUser(stack.url, stack.db, "technician");
    expect((await post(threeOptions(bookingId), technician.token)).status).toBe(403);
    expect((await api(stack.url, "POST", "/api/estimates", undefined, threeOptions(bookingId))).status).toBe(401);
    expect((await api(stack.url, "GET", "/api/estimates/2000000", admin.token)).status).toBe(404);
  });

  it("numbers estimates without gaps, even made at once", async () => {
    const { bookingId } = await visit();
    const made = await Promise.all([1, 2, 3, 4].map(() => estimateOf(bookingId)));
    const seqs = made.map((e) => Number(e.number.slice(-4))).sort((a, b) => a - b);
    expect(seqs).toEqual([seqs[0], seqs[0]! + 1, seqs[0]! + 2, seqs[0]! + 3]);
    // A refused estimate takes no number.
    await api(stack.url, "POST", "/api/estimates", admin.token, {
      bookingId,
      options: [{ name: "x", items: [{ priceBookItemId: retired.id, quantity: 1 }] }],
    });
    const next = await estimateOf(bookingId);
    expect(Number(next.number.slice(-4))).toBe(seqs[3]! + 1);
  });
});

describe("for a customer without a visit", () => {
  it("makes one from the customer's record (API and form); the customer is named once, and never a merged record", async () => {
    const { customer } = await visit();
    const options = threeOptions(0).options;
    const post = (body: unknown) => api(stack.url, "POST", "/api/estimates", admin.token, body);
    const made = await post({ customerId: customer.id, options, depositPercent: 25 });
    expect(made.status, made.text).toBe(201);
    const row = await stack.db.estimate.findUniqueOrThrow({ where: { id: made.json.estimate.id } });
    expect(row).toMatchObject({ customerId: customer.id, bookingId: null, depositPercent: 25, status: "draft" });

    // Neither, both, an unknown customer or one merged into another: 400 on the field, nothing made.
    const before = await stack.db.estimate.count();
    const merged = await stack.db.customer.create({
      data: {
        name: "Old Record",
        email: "old.record@example.com",
        phone: "225-555-0100",
        mergedIntoId: customer.id,
        mergedAt: new Date(),
      },
    });
    const other = await visit();
    for (const [body, field] of [
      [{ options }, "bookingId"],
      [{ bookingId: other.bookingId, customerId: customer.id, options }, "customerId"],
      [{ customerId: 2_000_000, options }, "customerId"],
      [{ customerId: merged.id, options }, "customerId"],
    ] as const) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json.errors), JSON.stringify(body)).toContain(field);
    }
    expect(await stack.db.estimate.count()).toBe(before);

    // The page: /admin/estimates/new?customer=<id> says whom it is for, and its form makes the estimate.
    const page = await fetch(`${stack.url}/admin/estimates/new?customer=${customer.id}`, { headers: admin.auth });
    expect(page.status).toBe(200);
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`For ${customer.name}, without a visit yet.`);
    const hidden = /<input[^>]*name="customerId"[^>]*>/.exec(html)?.[0];
    expect(hidden).toContain(`value="${customer.id}"`);
    expect(
      (await fetch(`${stack.url}/admin/estimates/new?customer=${merged.id}`, { headers: admin.auth })).status,
    ).toBe(404);
    const form = await formPost(stack.url, "/admin/estimates/new", admin.token, {
      customerId: String(customer.id),
      depositPercent: "",
      "options[0].name": "Good",
      "options[0].lines[0].description": "Whole-home surge protector",
      "options[0].lines[0].price": "329.99",
      "options[0].lines[0].quantity": "1",
    });
    expect(form.status).toBe(200);
    const id = Number(/\/admin\/estimates\/(\d+)\?saved=1$/.exec(form.url)?.[1]);
    expect(await stack.db.estimate.findUniqueOrThrow({ where: { id } })).toMatchObject({
      customerId: customer.id,
      bookingId: null,
    });
  });
});

/** The builder's fields as a browser posts them: `options[o].name`, `options[o].lines[r].item` and so on. */
function builderFields(
  forWhom: Record<string, string>,
  options: Array<{
    name?: string;
    discount?: string;
    lines: Array<Partial<Record<"item" | "description" | "price" | "quantity", string>>>;
  }>,
  depositPercent = "",
) {
  const fields: Record<string, string> = { ...forWhom, depositPercent };
  options.forEach((option, o) => {
    fields[`options[${o}].name`] = option.name ?? "";
    fields[`options[${o}].discount`] = option.discount ?? "";
    option.lines.forEach((line, r) => {
      for (const f of ["item", "description", "price", "quantity"] as const)
        fields[`options[${o}].lines[${r}].${f}`] = line[f] ?? "";
    });
  });
  return fields;
}

/** The page's own row buttons (Add a line, Remove, …): their accessible names and the intent each posts. */
function rowButtons(html: string): Map<string, string> {
  const unescape = (text: string) =>
    text
      .replaceAll("&quot;", '"')
      .replaceAll("&#x27;", "'")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");
  const buttons = new Map<string, string>();
  for (const [, tag = "", text] of html.matchAll(/(<button[^>]*name="__intent__"[^>]*>)(.*?)<\/button>/g)) {
    const label = /aria-label="([^"]*)"/.exec(tag)?.[1] ?? text;
    const value = /value="([^"]*)"/.exec(tag)?.[1];
    expect(tag, "a row button posts the form").toContain('type="submit"');
    if (label && value) buttons.set(unescape(label), unescape(value));
  }
  return buttons;
}

const htmlOf = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

/** An input's tag by its name in the page. */
const inputNamed = (html: string, name: string) =>
  new RegExp(`<input[^>]*name="${name.replace(/[[\].]/g, "\\$&")}"[^>]*>`).exec(html)?.[0];

describe("the staff form", () => {
  it("saves a one-option estimate (its name optional) and a two-option one, without JavaScript; blank lines are left out, refusals beside the row", async () => {
    const { bookingId } = await visit();
    const forWhom = { bookingId: String(bookingId) };
    const page = await htmlOf(
      await fetch(`${stack.url}/admin/estimates/new?booking=${bookingId}`, { headers: admin.auth }),
    );
    // It starts with one option of one line, named by nobody.
    expect(inputNamed(page, "options[0].name")).not.toContain('value="Good');
    expect(inputNamed(page, "options[1].name")).toBeUndefined();
    expect(inputNamed(page, "options[0].lines[1].description")).toBeUndefined();

    const one = builderFields(
      forWhom,
      [
        {
          lines: [{ item: String(panel.id) }, {}, { description: "Electrician labor", price: "125", quantity: "1.5" }],
        },
      ],
      "10",
    );
    const refusedRow = await formPost(stack.url, `/admin/estimates/new?booking=${bookingId}`, admin.token, {
      ...one,
      "options[0].lines[1].item": String(retired.id),
    });
    expect(refusedRow.status).toBe(400);
    expect(await refusedRow.text()).toContain("no longer offered");
    const res = await formPost(stack.url, `/admin/estimates/new?booking=${bookingId}`, admin.token, one);
    // Redirected to the estimate's page (fetch follows it, as the browser does).
    expect(res.status).toBe(200);
    const id = Number(/\/admin\/estimates\/(\d+)\?saved=1$/.exec(res.url)?.[1]);
    const made = await api(stack.url, "GET", `/api/estimates/${id}`, admin.token);
    expect(made.json.estimate).toMatchObject({
      depositPercent: 10,
      options: [
        {
          name: "Proposed work",
          lines: [
            { description: "200 A panel", unitPriceCents: 185_050 },
            { description: "Electrician labor", quantityHundredths: 150, unitPriceCents: 12_500 },
          ],
        },
      ],
    });
    expect(made.json.estimate.options).toHaveLength(1);

    // Two options: each is named, and one without a line is refused on it, never skipped.
    const two = [
      { name: "Repair", lines: [{ description: "Replace the breaker", price: "180" }] },
      { name: "Replace", lines: [{ item: String(panel.id) }] },
    ];
    const before = await stack.db.estimate.count();
    const unnamed = await formPost(
      stack.url,
      `/admin/estimates/new?booking=${bookingId}`,
      admin.token,
      builderFields(forWhom, [two[0]!, { ...two[1]!, name: "" }]),
    );
    expect(unnamed.status).toBe(400);
    expect(await htmlOf(unnamed)).toContain("Name each option when there are two or more");
    const empty = await formPost(
      stack.url,
      `/admin/estimates/new?booking=${bookingId}`,
      admin.token,
      builderFields(forWhom, [two[0]!, { name: "Replace", lines: [{}] }]),
    );
    expect(empty.status).toBe(400);
    expect(await htmlOf(empty)).toContain("Option 2: This option has no lines: add a line, or remove the option");
    expect(await stack.db.estimate.count()).toBe(before);
    const saved = await formPost(
      stack.url,
      `/admin/estimates/new?booking=${bookingId}`,
      admin.token,
      builderFields(forWhom, two),
    );
    expect(saved.status).toBe(200);
    const twoId = Number(/\/admin\/estimates\/(\d+)\?saved=1$/.exec(saved.url)?.[1]);
    const twoMade = await api(stack.url, "GET", `/api/estimates/${twoId}`, admin.token);
    expect(twoMade.json.estimate.options.map((o: { name: string }) => o.name)).toEqual(["Repair", "Replace"]);
  });

  it("adds and removes lines and options without JavaScript: the page's own buttons post, the form comes back with everything typed", async () => {
    const { bookingId } = await visit();
    const forWhom = { bookingId: String(bookingId) };
    const page = await htmlOf(
      await fetch(`${stack.url}/admin/estimates/new?booking=${bookingId}`, { headers: admin.auth }),
    );
    const buttons = rowButtons(page);
    // One option of one line: Add a line and Add an option, nothing to remove yet.
    expect([...buttons.keys()].sort()).toEqual(["Add an option", "Option 1: add a line"]);
    const before = await stack.db.estimate.count();
    const typed = builderFields(
      forWhom,
      [{ name: "Repair", lines: [{ description: "Replace the breaker", price: "180" }] }],
      "25",
    );

    // Add a line: the form comes back (200, nothing saved) with the typed line and a new one, which has the focus.
    const added = await formPost(stack.url, `/admin/estimates/new?booking=${bookingId}`, admin.token, {
      ...typed,
      __intent__: buttons.get("Option 1: add a line")!,
    });
    expect(added.status).toBe(200);
    const withLine = await htmlOf(added);
    expect(inputNamed(withLine, "options[0].lines[0].description")).toContain('value="Replace the breaker"');
    expect(inputNamed(withLine, "options[0].name")).toContain('value="Repair"');
    expect(inputNamed(withLine, "depositPercent")).toContain('value="25"');
    expect(inputNamed(withLine, "options[0].lines[1].description")).toContain("autofocus");
    const lineButtons = rowButtons(withLine);
    expect(lineButtons.has("Option 1, line 2: remove")).toBe(true);

    // Add an option (its name focused), then remove the first line: the second moves up, what was typed stays.
    const withOption = await htmlOf(
      await formPost(stack.url, `/admin/estimates/new?booking=${bookingId}`, admin.token, {
        ...typed,
        "options[0].lines[1].description": "Surge protector",
        "options[0].lines[1].price": "329.99",
        __intent__: lineButtons.get("Add an option")!,
      }),
    );
    expect(inputNamed(withOption, "options[1].name")).toContain("autofocus");
    expect(inputNamed(withOption, "options[0].lines[1].description")).toContain('value="Surge protector"');
    const removed = await htmlOf(
      await formPost(stack.url, `/admin/estimates/new?booking=${bookingId}`, admin.token, {
        ...typed,
        "options[0].lines[1].description": "Surge protector",
        "options[0].lines[1].price": "329.99",
        __intent__: rowButtons(withOption).get("Option 1, line 1: remove")!,
      }),
    );
    expect(inputNamed(removed, "options[0].lines[0].description")).toContain('value="Surge protector"');
    expect(inputNamed(removed, "options[0].lines[1].description")).toBeUndefined();
    expect(await stack.db.estimate.count()).toBe(before);
  });

  it("a draft is edited until sent: its builder holds its options and lines, saving writes them anew; once sent, 409", async () => {
    const { bookingId, customer } = await visit();
    const estimate = await estimateOf(bookingId);
    const shown = await htmlOf(await fetch(`${stack.url}/admin/estimates/${estimate.id}`, { headers: admin.auth }));
    expect(shown).toContain(`href="/admin/estimates/${estimate.id}/edit"`);
    const edit = await fetch(`${stack.url}/admin/estimates/${estimate.id}/edit`, { headers: admin.auth });
    expect(edit.status).toBe(200);
    const form = await htmlOf(edit);
    expect(inputNamed(form, "options[2].name")).toContain('value="Best"');
    expect(inputNamed(form, "options[1].lines[2].description")).toContain('value="Whole-home surge protector"');
    expect(inputNamed(form, "options[1].lines[1].quantity")).toContain('value="7.5"');
    expect(inputNamed(form, "options[1].discount")).toContain('value="50.00"');

    const changed = builderFields({ bookingId: String(bookingId) }, [
      { name: "Repair", lines: [{ description: "Replace the breaker", price: "180" }] },
      { name: "Replace", lines: [{ item: String(panel.id) }, { item: String(labor.id), quantity: "4" }] },
    ]);
    const saved = await formPost(stack.url, `/admin/estimates/${estimate.id}/edit`, admin.token, changed);
    expect(saved.status).toBe(200);
    expect(saved.url).toMatch(new RegExp(`/admin/estimates/${estimate.id}\\?saved=1$`));
    const after = await api(stack.url, "GET", `/api/estimates/${estimate.id}`, admin.token);
    expect(after.json.estimate).toMatchObject({
      number: estimate.number,
      status: "draft",
      depositPercent: null,
      options: [
        {
          name: "Repair",
          totalCents: documentTotals([{ quantityHundredths: 100, unitPriceCents: 18_000, taxable: true }], TAX_PPM)
            .totalCents,
          lines: [{ description: "Replace the breaker" }],
        },
        {
          name: "Replace",
          lines: [{ description: "200 A panel" }, { description: "Electrician labor", quantityHundredths: 400 }],
        },
      ],
    });
    expect(
      await stack.db.auditLog.count({ where: { action: "estimate.updated", targetId: String(estimate.id) } }),
    ).toBe(1);

    // The JSON API edits a draft the same way.
    const put = await api(stack.url, "PUT", `/api/estimates/${estimate.id}`, admin.token, {
      options: [
        { name: "Repair", items: [{ description: "Replace the breaker", quantity: 1, unitPriceCents: 20_000 }] },
      ],
    });
    expect(put.status, put.text).toBe(200);
    expect(put.json.estimate.options).toHaveLength(1);

    // Sent: no Edit, the builder and the API refuse with 409, and nothing changes.
    await send(estimate.id, customer.email);
    const sentPage = await htmlOf(await fetch(`${stack.url}/admin/estimates/${estimate.id}`, { headers: admin.auth }));
    expect(sentPage).not.toContain(`/admin/estimates/${estimate.id}/edit`);
    const closed = await fetch(`${stack.url}/admin/estimates/${estimate.id}/edit`, { headers: admin.auth });
    expect(closed.status).toBe(409);
    expect(await htmlOf(closed)).toContain("only a draft can be edited");
    const late = await formPost(stack.url, `/admin/estimates/${estimate.id}/edit`, admin.token, changed);
    expect(late.status).toBe(409);
    expect(await htmlOf(late)).toContain(`Estimate ${estimate.number} is sent: only a draft can be edited`);
    const latePut = await api(stack.url, "PUT", `/api/estimates/${estimate.id}`, admin.token, {
      options: [{ name: "Other", items: [{ description: "Other", quantity: 1, unitPriceCents: 1 }] }],
    });
    expect(latePut.status).toBe(409);
    expect(latePut.json.success).toBe(false);
    const unchanged = await api(stack.url, "GET", `/api/estimates/${estimate.id}`, admin.token);
    expect(unchanged.json.estimate.options.map((o: { name: string }) => o.name)).toEqual(["Repair"]);
  });
});

describe("sending and approving", () => {
  it("emails a link and a PDF; the customer approves once through the page's form", async () => {
    const { bookingId, customer } = await visit();
    await stack.db.booking.update({ where: { id: bookingId }, data: { address: "4521 Government St, Baton Rouge" } });
    const estimate = await estimateOf(bookingId);
    const { email, token } = await send(estimate.id, customer.email);
    const pdf = email.attachments?.find((a) => a.filename.endsWith(".pdf"));
    expect(pdf).toBeDefined();
    const bytes = Buffer.from(pdf!.content, "base64");
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.toString("latin1")).toContain(estimate.number);
    expect(email.text).toContain(estimate.number);
    // The PDF: the letterhead (the logo drawn, its yellow bolt; the business's name, license number and
    // address), the service address, the date it is valid until (the link's expiry) and the terms.
    const words = pdfText(pdf!.content).replace(/\s+/g, " ");
    const expires = (await stack.db.estimate.findUniqueOrThrow({ where: { id: estimate.id } })).tokenExpiresAt!;
    for (const expected of [
      `${business.legalName} License #${business.licenseNumber}`,
      formatAddress(),
      `Prepared for: ${customer.name}`,
      "Service address: 4521 Government St, Baton Rouge",
      `Valid until: ${formatDate(expires)}`,
      "Terms",
      ...business.estimateTerms.map((term, i) => `${i + 1}. ${term}`),
    ])
      expect(words).toContain(expected);
    expect(pdfPixelsNear(pdf!.content, [250, 204, 21], { x: 0, y: 0, width: 120, height: 90 })).toBeGreaterThan(20);

    const opened = await page(token);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toContain("no-store");
    const html = await opened.text();
    for (const name of ["Good", "Better", "Best"]) expect(html).toContain(name);
    expect(html).not.toContain(customer.email);

    const better = estimate.options[1]!;
    // The box not ticked: 400, nothing changes.
    const unticked = await approve(token, { optionId: String(better.id), signatureName: "Odile Broussard" });
    expect(unticked.status).toBe(400);
    expect((await stack.db.estimate.findUniqueOrThrow({ where: { id: estimate.id } })).status).toBe("sent");

    const approved = await approve(token, {
      optionId: String(better.id),
      signatureName: "Odile Broussard",
      agree: "on",
    });
    expect(approved.status).toBe(200);
    const row = await stack.db.estimate.findUniqueOrThrow({ where: { id: estimate.id } });
    expect(row).toMatchObject({ status: "approved", approvedOptionId: better.id, signatureName: "Odile Broussard" });
    expect(row.approvedIp).toBeTruthy();
    expect(row.approvedAt).toBeInstanceOf(Date);
    const after = (await (await page(token)).text()).replaceAll("<!-- -->", "");
    expect(after).toContain("Approved: Better");
    expect(after).toContain("Deposit due:");
    expect(after).not.toContain('name="signatureName"');
    // Without STRIPE_SECRET_KEY (this stack): no Pay button, the office is in touch; the route says so.
    expect(after).toContain("Our office will be in touch about the deposit");
    expect(after).not.toContain("/deposit");
    const deposit = await fetch(`${stack.url}/estimates/${token}/deposit`, {
      method: "POST",
      redirect: "manual",
      headers: { "X-Forwarded-For": randomIp() },
    });
    expect(deposit.headers.get("location")).toBe(`/estimates/${token}?payment=unavailable`);

    const again = await approve(token, {
      optionId: String(estimate.options[0]!.id),
      signatureName: "Someone Else",
      agree: "on",
    });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("approved already");
    expect(await stack.db.estimate.findUniqueOrThrow({ where: { id: estimate.id } })).toMatchObject({
      approvedOptionId: better.id,
      signatureName: "Odile Broussard",
    });

    // The signed PDF goes to the customer and to the office.
    for (const to of [customer.email, STAFF_EMAIL]) {
      const signed = await emailTo(to, (e) => e.subject === `Estimate ${estimate.number} approved: Better`);
      const attachment = signed.attachments?.find((a) => a.filename.endsWith(".pdf"));
      expect(Buffer.from(attachment!.content, "base64").subarray(0, 5).toString("latin1")).toBe("%PDF-");
    }
    // Sending an approved estimate is refused.
    expect((await api(stack.url, "POST", `/api/estimates/${estimate.id}/send`, admin.token)).status).toBe(409);
  });

  it("a link approves only its own estimate, and an expired or unknown one is refused", async () => {
    const { bookingId, customer } = await visit();
    const mine = await estimateOf(bookingId);
    const other = await estimateOf(bookingId);
    const { token } = await send(mine.id, customer.email);
    await send(other.id, customer.email);
    // The token of `mine` with an option of `other`: refused, nothing changes on either.
    const crossed = await approve(token, {
      optionId: String(other.options[0]!.id),
      signatureName: "Odile Broussard",
      agree: "on",
    });
    expect(crossed.status).toBe(400);
    expect((await stack.db.estimate.findUniqueOrThrow({ where: { id: other.id } })).status).toBe("sent");
    expect((await stack.db.estimate.findUniqueOrThrow({ where: { id: mine.id } })).status).toBe("sent");

    await stack.db.estimate.update({ where: { id: mine.id }, data: { tokenExpiresAt: new Date(Date.now() - 1000) } });
    expect((await page(token)).status).toBe(410);
    const late = await approve(token, {
      optionId: String(mine.options[0]!.id),
      signatureName: "Odile Broussard",
      agree: "on",
    });
    expect(late.status).toBe(410);
    expect((await stack.db.estimate.findUniqueOrThrow({ where: { id: mine.id } })).status).toBe("sent");

    expect((await page(randomToken())).status).toBe(404);
    expect((await page("not-a-token")).status).toBe(404);
    const unknown = randomToken();
    expect(await stack.db.estimate.count({ where: { tokenHash: sha256(unknown) } })).toBe(0);
    expect((await approve(unknown, { optionId: "1", signatureName: "Odile Broussard", agree: "on" })).status).toBe(404);
  });

  it("the office withdraws a sent estimate: its link says so and takes no approval; an approved one stays", async () => {
    const { bookingId, customer } = await visit();
    const estimate = await estimateOf(bookingId);
    const { token } = await send(estimate.id, customer.email);
    const withdrawn = await api(stack.url, "POST", `/api/estimates/${estimate.id}/void`, admin.token);
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.json.estimate.status).toBe("void");
    const shown = await page(token);
    expect(shown.status).toBe(409);
    expect(await shown.text()).toContain(`Estimate ${estimate.number} was withdrawn`);
    const late = await approve(token, {
      optionId: String(estimate.options[0]!.id),
      signatureName: "Odile Broussard",
      agree: "on",
    });
    expect(late.status).toBe(409);
    const again = await api(stack.url, "POST", `/api/estimates/${estimate.id}/void`, admin.token);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      success: false,
      message: `Estimate ${estimate.number} is void: it cannot be withdrawn`,
    });

    // Another customer's estimate, approved: it stays (its deposit and invoice follow it).
    const other = await visit();
    const kept = await estimateOf(other.bookingId);
    const link = await send(kept.id, other.customer.email);
    const approved = await approve(link.token, {
      optionId: String(kept.options[1]!.id),
      signatureName: "Odile Broussard",
      agree: "on",
    });
    expect(approved.status).toBe(200);
    const refused = await api(stack.url, "POST", `/api/estimates/${kept.id}/void`, admin.token);
    expect(refused.status).toBe(409);
    expect((await stack.db.estimate.findUniqueOrThrow({ where: { id: kept.id } })).status).toBe("approved");
    expect((await api(stack.url, "POST", "/api/estimates/2000000/void", admin.token)).status).toBe(404);
  });

  it("the customer declines, saying why: the office is told, the page turns read-only, nothing else is taken", async () => {
    const { bookingId, customer } = await visit();
    const estimate = await estimateOf(bookingId);
    const { token } = await send(estimate.id, customer.email);
    const shown = (await (await page(token)).text()).replaceAll("<!-- -->", "");
    expect(shown).toContain("Decline this estimate");
    expect(shown).toContain("I chose another contractor");

    // A reason not on the list, or a note past 500 characters: 400 beside the field, nothing changes.
    const odd = await approve(token, { intent: "decline", reason: "too-far" });
    expect(odd.status).toBe(400);
    expect(await odd.text()).toContain("Choose one of the reasons");
    const long = await approve(token, { intent: "decline", note: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("500 characters at most");
    expect((await stack.db.estimate.findUniqueOrThrow({ where: { id: estimate.id } })).status).toBe("sent");

    const declined = await approve(token, {
      intent: "decline",
      reason: "other_contractor",
      note: "  My cousin is an electrician.\nThanks for coming out.  ",
    });
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain(`estimate ${estimate.number} is declined`);
    const row = await stack.db.estimate.findUniqueOrThrow({ where: { id: estimate.id } });
    expect(row).toMatchObject({
      status: "declined",
      declineReason: "other_contractor",
      declineNote: "My cousin is an electrician.\nThanks for coming out.",
      approvedOptionId: null,
    });
    expect(row.declinedAt).toBeInstanceOf(Date);

    const after = (await (await page(token)).text()).replaceAll("<!-- -->", "");
    expect(after).toContain("You declined this estimate on");
    expect(after).not.toContain('name="signatureName"');
    expect(after).not.toContain("Decline this estimate");

    // The office hears it by email (the reply goes to the customer), and on the API.
    const told = await emailTo(
      STAFF_EMAIL,
      (e) => e.subject === `Estimate ${estimate.number} declined by ${customer.name}`,
    );
    expect(told.text).toContain("Reason: I chose another contractor.");
    expect(told.text).toContain("Their note: My cousin is an electrician.");
    expect(told.text).toContain(`/admin/estimates/${estimate.id}`);
    const staff = await api(stack.url, "GET", `/api/estimates/${estimate.id}`, admin.token);
    expect(staff.json.estimate).toMatchObject({ status: "declined", declineReason: "other_contractor" });
    expect(
      await stack.db.auditLog.count({ where: { action: "estimate.declined", targetId: String(estimate.id) } }),
    ).toBe(1);

    // Answered: approving or declining again is refused and changes nothing; the office cannot send it again.
    const late = await approve(token, {
      optionId: String(estimate.options[0]!.id),
      signatureName: "Odile Broussard",
      agree: "on",
    });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("declined already");
    expect((await approve(token, { intent: "decline" })).status).toBe(409);
    expect((await api(stack.url, "POST", `/api/estimates/${estimate.id}/send`, admin.token)).status).toBe(409);
    expect((await stack.db.estimate.findUniqueOrThrow({ where: { id: estimate.id } })).declineReason).toBe(
      "other_contractor",
    );

    // Declining with nothing said is fine; an approved estimate cannot be declined.
    const other = await visit();
    const quiet = await estimateOf(other.bookingId);
    const link = await send(quiet.id, other.customer.email);
    expect((await approve(link.token, { intent: "decline", reason: "", note: "" })).status).toBe(200);
    expect(await stack.db.estimate.findUniqueOrThrow({ where: { id: quiet.id } })).toMatchObject({
      status: "declined",
      declineReason: null,
      declineNote: null,
    });
    const third = await visit();
    const taken = await estimateOf(third.bookingId);
    const takenLink = await send(taken.id, third.customer.email);
    expect(
      (
        await approve(takenLink.token, {
          optionId: String(taken.options[0]!.id),
          signatureName: "Odile Broussard",
          agree: "on",
        })
      ).status,
    ).toBe(200);
    const refused = await approve(takenLink.token, { intent: "decline", reason: "price" });
    expect(refused.status).toBe(409);
    expect((await stack.db.estimate.findUniqueOrThrow({ where: { id: taken.id } })).status).toBe("approved");
  });
});
