import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentTotals, formatCents, type MoneyLine } from "@app/shared/money/money";
import { randomToken, sha256 } from "@app/shared/tokens.server";
import { api, formPost, signedInUser } from "../support/accounts";
import { pdfText } from "../support/pdf-text";
import type { CapturedEmail } from "../support/resend-standin";
import { randomIp, startStack, type Stack } from "../support/stack";

/**
 * The members' discount on estimates and invoices (docs/product.md#plans, docs/decisions/029-maintenance-plans.md):
 * a member's new estimate carries their plan's percent of each option's subtotal, before tax, as a line of its own
 * with the plan's name, in the JSON API, the staff page, the customer's page, the email and the PDF; a non-member's
 * does not; an invoice of the estimate keeps it after the membership ends, and an estimate made after has none; an
 * invoice drafted for a member without an estimate takes it too. Real web, worker, PostgreSQL and email stand-in;
 * a stack of its own (it sets the business's tax rate).
 */

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let planId: number;
const TAX_PPM = 94_500;
const PLAN = "Generator Care Discount Test";
const LABEL = `${PLAN} member discount (10%)`;

beforeAll(async () => {
  stack = await startStack({ name: "member-discount" });
  admin = await signedInUser(stack.url, stack.db, "admin");
  await stack.db.businessSetting.create({ data: { id: 1, salesTaxRatePpm: TAX_PPM } });
  planId = (
    await stack.db.plan.create({
      data: {
        name: PLAN,
        slug: "generator-care-discount-test",
        yearlyPriceCents: 18_900,
        visitsPerYear: 1,
        serviceType: "generator",
        discountPercent: 10,
        terms: "One generator service a year; 10% off other work.",
      },
    })
  ).id;
});
afterAll(async () => {
  await stack?.stop();
});

let customers = 0;
/** A customer with a visit, and a membership of the plan in `status` (none: not a member). */
async function customerWith(status: "active" | "past_due" | "cancelled" | null) {
  const tag = `${++customers}.${Date.now()}`;
  const customer = await stack.db.customer.create({
    data: { name: `Odile Broussard ${tag}`, email: `odile.${tag}@example.com`, phone: "225-555-0142" },
  });
  const booking = await stack.db.booking.create({
    data: { customerId: customer.id, summary: "Generator repair", scheduledDate: new Date() },
  });
  const membership = status
    ? await stack.db.membership.create({
        data: {
          planId,
          customerId: customer.id,
          status,
          priceCents: 18_900,
          discountPercent: 10,
          paysOnline: false,
          startedAt: new Date(),
          tokenHash: sha256(randomToken()),
          sealedToken: "sealed",
        },
      })
    : null;
  return { customer, bookingId: booking.id, membershipId: membership?.id ?? null };
}

const REPAIR = {
  name: "Repair",
  items: [
    { description: "Transfer switch", quantity: 1, unitPriceCents: 38_999 },
    { description: "Electrician labor", quantity: 1.5, unitPriceCents: 12_500 },
  ],
};
const REPLACE = {
  name: "Replace",
  discountCents: 2_000,
  items: [
    { description: "Transfer switch", quantity: 1, unitPriceCents: 38_999 },
    { description: "Whole-home surge protector", quantity: 1, unitPriceCents: 32_999 },
  ],
};

/** The option's lines as the money module reads them (the written-in lines are taxable). */
const moneyLines = (option: typeof REPAIR | typeof REPLACE): MoneyLine[] =>
  option.items.map((i) => ({
    quantityHundredths: Math.round(i.quantity * 100),
    unitPriceCents: i.unitPriceCents,
    taxable: true,
  }));

const discountOf = (option: typeof REPAIR | typeof REPLACE, percent: number) =>
  documentTotals(moneyLines(option), TAX_PPM, "discountCents" in option ? option.discountCents : 0, percent);

type EstimateJson = {
  id: number;
  number: string;
  memberDiscount: { planName: string; percent: number; label: string } | null;
  options: Array<{
    id: number;
    name: string;
    subtotalCents: number;
    memberDiscountCents: number;
    discountCents: number;
    taxCents: number;
    totalCents: number;
  }>;
};

async function estimateFor(bookingId: number, extra: Record<string, unknown> = {}): Promise<EstimateJson> {
  const res = await api(stack.url, "POST", "/api/estimates", admin.token, {
    bookingId,
    options: [REPAIR, REPLACE],
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return res.json.estimate as EstimateJson;
}

async function emailTo(to: string, match: (e: CapturedEmail) => boolean) {
  const found = await stack.mail.waitFor((emails) => emails.some((e) => e.to.includes(to) && match(e)), 20_000);
  return found.find((e) => e.to.includes(to) && match(e))!;
}

/** A page as the customer's browser reads it (React's text separators left out). */
const customerPage = async (path: string) =>
  (await (await fetch(`${stack.url}${path}`, { headers: { "X-Forwarded-For": randomIp() } })).text()).replaceAll(
    "<!-- -->",
    "",
  );

const staffPage = async (path: string) =>
  (await (await fetch(`${stack.url}${path}`, { headers: admin.auth })).text()).replaceAll("<!-- -->", "");

/** Sends the estimate; answers the email, its PDF's text (spaces folded) and the link's token. */
async function sendEstimate(id: number, to: string) {
  const res = await api(stack.url, "POST", `/api/estimates/${id}/send`, admin.token);
  expect(res.status, res.text).toBe(200);
  const email = await emailTo(to, (e) => e.subject.startsWith("Your estimate"));
  const token = /Review and approve: \S+\/estimates\/([\w-]{43})/.exec(email.text ?? "")![1]!;
  const pdf = email.attachments!.find((a) => a.filename.endsWith(".pdf"))!;
  return { email, token, pdf: pdfText(pdf.content).replace(/\s+/g, " ") };
}

describe("estimates", () => {
  it("a member's new estimate takes the plan's percent off each option before tax, a line of its own everywhere; a non-member's does not", async () => {
    const member = await customerWith("active");
    const estimate = await estimateFor(member.bookingId);
    expect(estimate.memberDiscount).toEqual({ planName: PLAN, percent: 10, label: LABEL });
    const [repair, replace] = estimate.options;
    // Repair: $389.99 + 1.5 × $125.00 = $577.49; 10 % = $57.749 → $57.75 off; tax on $519.74.
    expect(repair).toMatchObject({ subtotalCents: 57_749, memberDiscountCents: 5_775, discountCents: 0 });
    expect(repair!.taxCents).toBe(Math.round((51_974 * 94_500) / 1_000_000));
    expect(repair!.totalCents).toBe(57_749 - 5_775 + repair!.taxCents);
    // Replace: $719.98; 10 % = $72.00 off, then the office's $20.00; tax on $627.98.
    expect(replace).toMatchObject({ subtotalCents: 71_998, memberDiscountCents: 7_200, discountCents: 2_000 });
    for (const [option, asked] of [
      [repair!, REPAIR],
      [replace!, REPLACE],
    ] as const) {
      const totals = discountOf(asked, 10);
      expect(option).toMatchObject({
        memberDiscountCents: totals.memberDiscountCents,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
      });
    }
    const read = await api(stack.url, "GET", `/api/estimates/${estimate.id}`, admin.token);
    expect(read.json.estimate).toEqual(estimate);
    expect(await staffPage(`/admin/estimates/${estimate.id}`)).toContain(`${LABEL} ${formatCents(-5_775)}`);

    const { email, token, pdf } = await sendEstimate(estimate.id, member.customer.email);
    expect(email.text).toContain(`Repair: ${formatCents(repair!.totalCents)} (${LABEL}: -$57.75)`);
    expect(email.text).toContain(`Replace: ${formatCents(replace!.totalCents)} (${LABEL}: -$72.00)`);
    expect(pdf).toContain(`${LABEL} -$57.75`);
    expect(pdf).toContain(`${LABEL} -$72.00`);
    const html = await customerPage(`/estimates/${token}`);
    expect(html).toContain(LABEL);
    expect(html).toContain("-$57.75");
    expect(html).toContain("-$72.00");
    expect(html).toContain(formatCents(repair!.totalCents));

    // Past due is still a member; a cancelled membership, or none, gives nothing.
    expect((await estimateFor((await customerWith("past_due")).bookingId)).memberDiscount?.percent).toBe(10);
    for (const status of ["cancelled", null] as const) {
      const other = await customerWith(status);
      const plain = await estimateFor(other.bookingId);
      expect(plain.memberDiscount).toBeNull();
      expect(plain.options.map((o) => o.memberDiscountCents)).toEqual([0, 0]);
      expect(plain.options[0]!.totalCents).toBe(discountOf(REPAIR, 0).totalCents);
      const sent = await sendEstimate(plain.id, other.customer.email);
      expect(sent.email.text).not.toContain("member discount");
      expect(sent.pdf).not.toContain("member discount");
      expect(await customerPage(`/estimates/${sent.token}`)).not.toContain("member discount");
    }
  });

  it("the office leaves it off a draft (the API's memberDiscount, the builder's box); writing the draft again reads the membership now", async () => {
    const member = await customerWith("active");
    const off = await estimateFor(member.bookingId, { memberDiscount: false });
    expect(off.memberDiscount).toBeNull();
    expect(off.options.map((o) => o.memberDiscountCents)).toEqual([0, 0]);
    const put = (body: Record<string, unknown>) =>
      api(stack.url, "PUT", `/api/estimates/${off.id}`, admin.token, { options: [REPAIR], ...body });
    const on = await put({});
    expect(on.status, on.text).toBe(200);
    expect(on.json.estimate.memberDiscount).toEqual({ planName: PLAN, percent: 10, label: LABEL });
    expect(on.json.estimate.options[0].memberDiscountCents).toBe(5_775);
    expect((await put({ memberDiscount: false })).json.estimate.memberDiscount).toBeNull();
    expect(
      await stack.db.auditLog.findFirst({
        where: { action: "estimate.created", targetId: String(off.id) },
        select: { details: true },
      }),
    ).toMatchObject({ details: { memberDiscount: null } });

    // The builder offers the box to a member only, ticked on a new estimate; a draft's follows what it has.
    const builder = await staffPage(`/admin/estimates/new?booking=${member.bookingId}`);
    expect(builder).toContain(`Take off the ${LABEL}`);
    expect(/<input[^>]*name="memberDiscount"[^>]*>/.exec(builder)?.[0]).toContain("checked");
    expect(await staffPage(`/admin/estimates/${off.id}/edit`)).toMatch(
      /<input(?![^>]*checked)[^>]*name="memberDiscount"/,
    );
    const nonMember = await customerWith(null);
    expect(await staffPage(`/admin/estimates/new?booking=${nonMember.bookingId}`)).not.toContain(
      'name="memberDiscount"',
    );
    const fields = {
      bookingId: String(member.bookingId),
      "options[0].name": "",
      "options[0].lines[0].description": "Transfer switch",
      "options[0].lines[0].price": "389.99",
    };
    for (const [box, percent] of [
      ["on", 10],
      [undefined, null],
    ] as const) {
      const res = await formPost(stack.url, `/admin/estimates/new?booking=${member.bookingId}`, admin.token, {
        ...fields,
        ...(box ? { memberDiscount: box } : {}),
      });
      expect(res.status).toBe(200);
      const id = Number(/\/admin\/estimates\/(\d+)\?saved=1$/.exec(res.url)?.[1]);
      const saved = (await api(stack.url, "GET", `/api/estimates/${id}`, admin.token)).json.estimate as EstimateJson;
      expect(saved.memberDiscount?.percent ?? null).toBe(percent);
      // $389.99 × 10 % = $38.999 → $39.00.
      expect(saved.options[0]!.memberDiscountCents).toBe(percent ? 3_900 : 0);
    }
  });
});

describe("invoices", () => {
  it("an invoice of the approved estimate keeps its discount after the membership ends; an estimate made after has none", async () => {
    const member = await customerWith("active");
    const estimate = await estimateFor(member.bookingId);
    const replace = estimate.options[1]!;
    await stack.db.estimate.update({
      where: { id: estimate.id },
      data: { status: "approved", approvedAt: new Date(), approvedOptionId: replace.id, signatureName: "O B" },
    });
    await stack.db.membership.update({
      where: { id: member.membershipId! },
      data: { status: "cancelled", cancelledAt: new Date() },
    });
    // An item added on site: the estimate's percent covers the whole invoice.
    await stack.db.jobItem.create({
      data: {
        bookingId: member.bookingId,
        description: "Extra outlet",
        quantityHundredths: 100,
        unitPriceCents: 12_500,
        taxable: false,
      },
    });
    const made = await api(stack.url, "POST", "/api/invoices", admin.token, { estimateId: estimate.id });
    expect(made.status, made.text).toBe(201);
    const lines: MoneyLine[] = [
      ...moneyLines(REPLACE),
      { quantityHundredths: 100, unitPriceCents: 12_500, taxable: false },
    ];
    const totals = documentTotals(lines, TAX_PPM, 2_000, 10);
    // $719.98 + $125.00 = $844.98; 10 % = $84.498 → $84.50.
    expect(totals.memberDiscountCents).toBe(8_450);
    const invoice = made.json.invoice;
    expect(invoice).toMatchObject({
      estimateId: estimate.id,
      memberDiscount: { planName: PLAN, percent: 10, label: LABEL },
      subtotalCents: 84_498,
      memberDiscountCents: 8_450,
      discountCents: 2_000,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
    });
    expect(await staffPage(`/admin/invoices/${invoice.id}`)).toContain(`${LABEL} -$84.50`);

    const sent = await api(stack.url, "POST", `/api/invoices/${invoice.id}/send`, admin.token);
    expect(sent.status, sent.text).toBe(200);
    const email = await emailTo(member.customer.email, (e) => e.subject.startsWith(`Your invoice ${invoice.number}`));
    expect(email.text).toContain(`${LABEL}: -$84.50\nTotal: ${formatCents(totals.totalCents)}`);
    const pdf = pdfText(email.attachments!.find((a) => a.filename.endsWith(".pdf"))!.content).replace(/\s+/g, " ");
    expect(pdf).toContain(`${LABEL} -$84.50`);
    const token = /View your invoice: \S+\/invoices\/([\w-]{43})/.exec(email.text ?? "")![1]!;
    const html = await customerPage(`/invoices/${token}`);
    expect(html).toContain(LABEL);
    expect(html).toContain("-$84.50");

    // No longer a member: the next estimate has no discount.
    expect((await estimateFor(member.bookingId)).memberDiscount).toBeNull();
  });

  it("an invoice drafted for a member without an estimate takes the member's discount; a non-member's has none", async () => {
    const item = {
      description: "Generator tune-up parts",
      quantityHundredths: 200,
      unitPriceCents: 4_999,
      taxable: true,
    };
    const line: MoneyLine = { quantityHundredths: 200, unitPriceCents: 4_999, taxable: true };
    for (const status of ["past_due", null] as const) {
      const customer = await customerWith(status);
      await stack.db.jobItem.create({ data: { bookingId: customer.bookingId, ...item } });
      const made = await api(stack.url, "POST", "/api/invoices", admin.token, { bookingId: customer.bookingId });
      expect(made.status, made.text).toBe(201);
      const totals = documentTotals([line], TAX_PPM, 0, status ? 10 : 0);
      expect(made.json.invoice).toMatchObject({
        estimateId: null,
        memberDiscount: status ? { planName: PLAN, percent: 10, label: LABEL } : null,
        // $99.98 × 10 % = $9.998 → $10.00.
        memberDiscountCents: status ? 1_000 : 0,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
      });
    }
  });
});
