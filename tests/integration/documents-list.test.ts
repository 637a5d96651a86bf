/**
 * The office's lists of estimates and invoices (docs/product.md#estimates, #invoices, "Lists"):
 * GET /api/estimates and /api/invoices and the /admin/estimates and /admin/invoices pages over the
 * same services (filters, keyset pages, `q` by customer or number, refusals), and the staff search's
 * documents (docs/product.md#search). Documents are written with Prisma, as the services leave them
 * (their making is estimates.test.ts's and invoices.test.ts's subject). On the shared stack, so every
 * question names this file's own customers (by a surname no other test has) or documents.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, inLetters, signedInUser } from "../support/accounts";
import { randomIp, type Stack } from "../support/stack";
import { sharedStack } from "../support/shared-stack";

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;

type InvoiceStatus = "draft" | "sent" | "partially_paid" | "paid" | "void";
type EstimateStatus = "draft" | "sent" | "approved" | "declined" | "void";

interface ListedInvoice {
  id: number;
  number: string;
  status: InvoiceStatus;
  customer: { id: number; name: string };
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  daysOutstanding: number | null;
}
interface ListedEstimate {
  id: number;
  number: string;
  status: EstimateStatus;
  customer: { id: number; name: string };
  totalCents: number;
  maxTotalCents: number;
  approvedAt: string | null;
}

/**
 * A surname of 16 random letters no other test has (a person's name holds no digits), so that no
 * other customer is like it, even to the search's forgiving of typos.
 */
const surname = () => {
  const digits = () => String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  const word = inLetters(`${digits()}${digits()}`);
  return word[0]!.toUpperCase() + word.slice(1);
};

async function customer(first: string, last: string) {
  return stack.db.customer.create({
    data: { name: `${first} ${last}`, email: `${last.toLowerCase()}@example.com`, phone: "225-555-0177" },
  });
}

/** An invoice as the invoices and payments services leave it in `status`. */
async function invoice(
  customerId: number,
  status: InvoiceStatus,
  { totalCents = 10_000, estimateId, createdAt }: { totalCents?: number; estimateId?: number; createdAt?: Date } = {},
) {
  const paidCents = status === "paid" ? totalCents : status === "partially_paid" ? Math.floor(totalCents / 4) : 0;
  return stack.db.invoice.create({
    data: {
      customerId,
      estimateId,
      status,
      createdAt,
      taxRatePpm: 0,
      subtotalCents: totalCents,
      taxCents: 0,
      totalCents,
      paidCents,
      ...(status === "draft" ? {} : { sentAt: new Date() }),
      ...(status === "paid" ? { paidAt: new Date() } : {}),
      ...(status === "void" ? { voidedAt: new Date() } : {}),
    },
  });
}

/** An estimate of options with these totals, in `status` (approved: its second option, when it has one). */
async function estimate(customerId: number, status: EstimateStatus, createdAt: Date) {
  const totals = [150_000, 230_000, 310_000];
  const made = await stack.db.estimate.create({
    data: {
      customerId,
      // Approved below, with its option (the database holds an approval to its option, name and time).
      status: status === "approved" ? "sent" : status,
      createdAt,
      taxRatePpm: 0,
      ...(status === "draft" ? {} : { sentAt: new Date() }),
      // The database holds a declined estimate to its time.
      ...(status === "declined" ? { declinedAt: new Date() } : {}),
      options: {
        create: totals.map((total, i) => ({
          position: i + 1,
          name: ["Good", "Better", "Best"][i]!,
          subtotalCents: total,
          taxCents: 0,
          totalCents: total,
          depositCents: 0,
        })),
      },
    },
    include: { options: { orderBy: { position: "asc" } } },
  });
  if (status !== "approved") return made;
  const chosen = made.options[1] ?? made.options[0]!;
  return stack.db.estimate.update({
    where: { id: made.id },
    data: { status, approvedOptionId: chosen.id, approvedAt: new Date(), signatureName: "Odile" },
    include: { options: { orderBy: { position: "asc" } } },
  });
}

const get = (path: string, token: string | undefined = admin.token) => api(stack.url, "GET", path, token);
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

async function invoicesOf(
  params: Record<string, string>,
): Promise<{ invoices: ListedInvoice[]; nextCursor: string | null }> {
  const res = await get(`/api/invoices?${query(params)}`);
  expect(res.status, res.text).toBe(200);
  expect(res.json.success).toBe(true);
  return res.json;
}

async function estimatesOf(
  params: Record<string, string>,
): Promise<{ estimates: ListedEstimate[]; nextCursor: string | null }> {
  const res = await get(`/api/estimates?${query(params)}`);
  expect(res.status, res.text).toBe(200);
  expect(res.json.success).toBe(true);
  return res.json;
}

/** A page as a signed-in admin's browser gets it. */
async function page(path: string) {
  const res = await fetch(`${stack.url}${path}`, {
    headers: { Authorization: `Bearer ${admin.token}`, Accept: "text/html", "X-Forwarded-For": randomIp() },
  });
  return { status: res.status, html: (await res.text()).replaceAll("<!-- -->", "") };
}

/** The spellings people use for a stored number: "INV-2026-0042" → "inv-2026-42", "INV 2026 42", … */
function spellings(number: string) {
  const [kind, year, serial] = number.split("-") as [string, string, string];
  const bare = String(Number(serial));
  return [
    number,
    `${kind.toLowerCase()}-${year}-${bare}`,
    `${kind} ${year} ${bare}`,
    `"${number}"`,
    ` ${kind}${year}-${serial} `,
  ];
}

let many: { name: string; customerId: number; invoices: Array<{ id: number; status: InvoiceStatus }> };
let few: {
  name: string;
  customerId: number;
  estimates: Array<{ id: number; number: string; status: EstimateStatus }>;
  approved: { id: number; number: string };
  billed: { id: number; number: string };
};

beforeAll(async () => {
  stack = await sharedStack();
  admin = await signedInUser(stack.url, stack.db, "admin");

  // 30 invoices of one customer, in every status: two pages of 25.
  const c = await customer("Marie", surname());
  const statuses: InvoiceStatus[] = ["draft", "sent", "partially_paid", "paid", "void"];
  const invoices: Array<{ id: number; status: InvoiceStatus }> = [];
  for (let i = 0; i < 30; i++) {
    const status = statuses[i % statuses.length]!;
    const made = await invoice(c.id, status, { totalCents: 10_000 + i });
    invoices.push({ id: made.id, status });
  }
  many = { name: c.name, customerId: c.id, invoices };

  // Another customer: an estimate in each status, then an invoice of the approved one, a second
  // apart each (the search orders an estimate and an invoice by when they were made).
  const other = await customer("Odile", surname());
  const start = Date.now() - 60_000;
  const estimates = [];
  for (const [i, status] of (["draft", "sent", "approved", "declined", "void"] as const).entries()) {
    const made = await estimate(other.id, status, new Date(start + i * 1000));
    estimates.push({ id: made.id, number: made.number, status });
  }
  const approved = estimates.find((e) => e.status === "approved")!;
  const billed = await invoice(other.id, "sent", {
    totalCents: 230_000,
    estimateId: approved.id,
    createdAt: new Date(start + 10_000),
  });
  few = {
    name: other.name,
    customerId: other.id,
    estimates,
    approved,
    billed: { id: billed.id, number: billed.number },
  };
}, 120_000);

describe("GET /api/invoices", () => {
  it("pages newest first, 25 a page, across two pages with no duplicate and no gap", async () => {
    const first = await invoicesOf({ q: many.name });
    expect(first.invoices).toHaveLength(25);
    expect(first.nextCursor).toMatch(/^\d+$/);
    const second = await invoicesOf({ q: many.name, cursor: first.nextCursor! });
    expect(second.invoices).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.invoices, ...second.invoices].map((i) => i.id);
    expect(ids).toEqual(many.invoices.map((i) => i.id).sort((a, b) => b - a));

    // Any page size from 1 to 100: seven pages of 5 hold the same rows in the same order.
    const paged: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const got = await invoicesOf({ q: many.name, limit: "5", ...(cursor ? { cursor } : {}) });
      paged.push(...got.invoices.map((i) => i.id));
      cursor = got.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(6);
    expect(paged).toEqual(ids);
  });

  it("answers each row's customer, amounts and how long an unpaid one has been owed", async () => {
    const { invoices } = await invoicesOf({ q: many.name, limit: "5" });
    const part = invoices.find((i) => i.status === "partially_paid")!;
    expect(part).toMatchObject({
      customer: { id: many.customerId, name: many.name },
      paidCents: Math.floor(part.totalCents / 4),
      balanceCents: part.totalCents - Math.floor(part.totalCents / 4),
      daysOutstanding: 0,
    });
    expect(invoices.find((i) => i.status === "paid")).toMatchObject({ balanceCents: 0, daysOutstanding: null });
    expect(invoices.find((i) => i.status === "draft")).toMatchObject({ daysOutstanding: null });
  });

  it("filters by status, and Unpaid is sent or partially paid", async () => {
    const byStatus = (status: InvoiceStatus[]) =>
      many.invoices
        .filter((i) => status.includes(i.status))
        .map((i) => i.id)
        .sort((a, b) => b - a);
    const paid = await invoicesOf({ q: many.name, status: "paid" });
    expect(paid.invoices.map((i) => i.id)).toEqual(byStatus(["paid"]));
    const unpaid = await invoicesOf({ q: many.name, status: "unpaid" });
    expect(unpaid.invoices.map((i) => i.id)).toEqual(byStatus(["sent", "partially_paid"]));
    expect(unpaid.nextCursor).toBeNull();
    // A blank status is none (the page's "All statuses").
    expect((await invoicesOf({ q: many.name, status: "" })).invoices).toHaveLength(25);
  });

  it("finds a customer as the staff search does: part of the name, with a typo, or by email", async () => {
    const last = many.name.split(" ")[1]!;
    const all = many.invoices.map((i) => i.id).sort((a, b) => b - a);
    const typo = `Marie ${last.slice(0, 8)}${last[8]}${last.slice(8)}`;
    for (const q of [last.slice(3, 13), typo, `${last.toLowerCase()}@example.com`]) {
      const found = await invoicesOf({ q, limit: "100" });
      expect(
        found.invoices.map((i) => i.id),
        q,
      ).toEqual(all);
    }
  });

  it("finds an invoice by its number however it is written, and the invoices of an estimate by its number", async () => {
    for (const q of spellings(few.billed.number)) {
      const found = await invoicesOf({ q });
      expect(
        found.invoices.map((i) => i.number),
        q,
      ).toEqual([few.billed.number]);
    }
    expect((await invoicesOf({ q: few.approved.number })).invoices.map((i) => i.id)).toEqual([few.billed.id]);
    expect((await invoicesOf({ q: few.billed.number, status: "paid" })).invoices).toEqual([]);
    expect((await invoicesOf({ q: "INV-1999-0001" })).invoices).toEqual([]);
  });

  it("answers 400 naming the field for a bad status, cursor, limit or search", async () => {
    for (const [params, field] of [
      [{ status: "owing" }, "status"],
      [{ status: "approved" }, "status"],
      [{ cursor: "abc" }, "cursor"],
      [{ cursor: "0" }, "cursor"],
      [{ cursor: "1700000000000_12" }, "cursor"],
      [{ limit: "0" }, "limit"],
      [{ limit: "101" }, "limit"],
      [{ limit: "2.5" }, "limit"],
      [{ q: "x".repeat(101) }, "q"],
    ] as const) {
      const res = await get(`/api/invoices?${query(params)}`);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.json).toMatchObject({ success: false, errors: { [field]: expect.any(String) } });
    }
  });
});

describe("GET /api/estimates", () => {
  it("lists a customer's estimates newest first with each status, and an estimate's total", async () => {
    const { estimates, nextCursor } = await estimatesOf({ q: few.name });
    expect(nextCursor).toBeNull();
    expect(estimates.map((e) => e.id)).toEqual(few.estimates.map((e) => e.id).reverse());
    const approved = estimates.find((e) => e.status === "approved")!;
    // Approved: its chosen option's total; before: from its lowest option's to its highest.
    expect(approved).toMatchObject({ totalCents: 230_000, maxTotalCents: 230_000, approvedAt: expect.any(String) });
    expect(estimates.find((e) => e.status === "sent")).toMatchObject({ totalCents: 150_000, maxTotalCents: 310_000 });
  });

  it("filters by status and pages with a cursor", async () => {
    for (const status of ["draft", "sent", "approved", "declined", "void"] as const) {
      const { estimates } = await estimatesOf({ q: few.name, status });
      expect(estimates.map((e) => e.id)).toEqual([few.estimates.find((e) => e.status === status)!.id]);
    }
    const first = await estimatesOf({ q: few.name, limit: "3" });
    const second = await estimatesOf({ q: few.name, limit: "3", cursor: first.nextCursor! });
    expect(second.nextCursor).toBeNull();
    expect([...first.estimates, ...second.estimates].map((e) => e.id)).toEqual(
      few.estimates.map((e) => e.id).reverse(),
    );
  });

  it("finds an estimate by its number, and the estimate of an invoice by the invoice's", async () => {
    const sent = few.estimates.find((e) => e.status === "sent")!;
    for (const q of spellings(sent.number))
      expect(
        (await estimatesOf({ q })).estimates.map((e) => e.id),
        q,
      ).toEqual([sent.id]);
    expect((await estimatesOf({ q: few.billed.number })).estimates.map((e) => e.id)).toEqual([few.approved.id]);
  });

  it("answers 400 naming the field for a bad status, cursor or limit", async () => {
    for (const [params, field] of [
      [{ status: "unpaid" }, "status"],
      [{ status: "Approved" }, "status"],
      [{ cursor: "-4" }, "cursor"],
      [{ cursor: "99999999999" }, "cursor"],
      [{ limit: "abc" }, "limit"],
      [{ limit: "1000" }, "limit"],
    ] as const) {
      const res = await get(`/api/estimates?${query(params)}`);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.json).toMatchObject({ success: false, errors: { [field]: expect.any(String) } });
    }
  });
});

describe("who may list", () => {
  it("answers 401 signed out and 403 to a technician or a customer, for both lists", async () => {
    const technician = await signedInUser(stack.url, stack.db, "technician");
    const client = await signedInUser(stack.url, stack.db, "customer");
    for (const path of ["/api/estimates", "/api/invoices"]) {
      expect((await api(stack.url, "GET", path)).status).toBe(401);
      expect((await get(path, technician.token)).status).toBe(403);
      expect((await get(path, client.token)).status).toBe(403);
    }
    // The pages too: not an admin, "Access Denied".
    for (const path of ["/admin/estimates", "/admin/invoices"]) {
      const res = await fetch(`${stack.url}${path}`, {
        headers: { Authorization: `Bearer ${technician.token}`, "X-Forwarded-For": randomIp() },
      });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain("Access Denied");
    }
  });
});

describe("the /admin/estimates and /admin/invoices pages", () => {
  it("list with the filters in the address, link each number and customer, and link the older page", async () => {
    const first = await page(`/admin/invoices?${query({ q: many.name })}`);
    expect(first.status).toBe(200);
    const newest = [...many.invoices].sort((a, b) => b.id - a.id);
    expect(first.html).toContain(`href="/admin/invoices/${newest[0]!.id}"`);
    expect(first.html).toContain(`href="/admin/customers/${many.customerId}"`);
    expect(first.html).not.toContain(`href="/admin/invoices/${newest[25]!.id}"`);
    const older = /href="(\/admin\/invoices\?[^"]*cursor=\d+)"/.exec(first.html)?.[1]?.replaceAll("&amp;", "&");
    expect(older).toContain(`q=${encodeURIComponent(many.name).replaceAll("%20", "+")}`);
    const second = await page(older!);
    expect(second.html).toContain(`href="/admin/invoices/${newest[25]!.id}"`);
    expect(second.html).not.toContain(`href="/admin/invoices/${newest[0]!.id}"`);

    const unpaid = await page(`/admin/invoices?${query({ q: many.name, status: "unpaid" })}`);
    expect(unpaid.html).toContain("0 days outstanding");
    expect(unpaid.html).toContain('<option value="unpaid" selected="">');

    const estimates = await page(`/admin/estimates?${query({ q: few.name, status: "approved" })}`);
    expect(estimates.html).toContain(`href="/admin/estimates/${few.approved.id}"`);
    expect(estimates.html).toContain("$2,300.00");
    expect(estimates.html).not.toContain(`href="/admin/estimates/${few.estimates[0]!.id}"`);
  });

  it("say so in words when nothing matches, and ignore a filter they cannot read", async () => {
    const none = await page(`/admin/invoices?${query({ q: many.name, status: "void", cursor: "1" })}`);
    expect(none.html).toContain("No invoices");
    expect(none.html).toContain("There are no older invoices matching these filters.");
    const nothing = await page(`/admin/estimates?${query({ q: "EST-1999-0001" })}`);
    expect(nothing.html).toContain("No estimates match these filters.");
    // A hand-typed status is dropped: the customer's invoices, every status.
    const bad = await page(`/admin/invoices?${query({ q: many.name, status: "owing" })}`);
    expect(bad.status).toBe(200);
    expect(bad.html).toContain(`href="/admin/invoices/${Math.max(...many.invoices.map((i) => i.id))}"`);
  });
});

describe("the staff search's documents", () => {
  interface Found {
    customers: Array<{ id: number }>;
    documents: Array<{
      kind: string;
      id: number;
      number: string;
      status: string;
      customerName: string;
      totalCents: number;
      href: string;
    }>;
  }
  const find = async (q: string) => {
    const res = await get(`/api/search?${query({ q })}`);
    expect(res.status, res.text).toBe(200);
    return res.json as Found;
  };

  it("answers the document a number names, however it is written", async () => {
    for (const q of spellings(few.billed.number))
      expect((await find(q)).documents, q).toEqual([
        {
          kind: "invoice",
          id: few.billed.id,
          number: few.billed.number,
          status: "sent",
          customerName: few.name,
          totalCents: 230_000,
          maxTotalCents: 230_000,
          href: `/admin/invoices/${few.billed.id}`,
        },
      ]);
    for (const q of spellings(few.approved.number))
      expect((await find(q)).documents, q).toMatchObject([
        {
          kind: "estimate",
          id: few.approved.id,
          status: "approved",
          totalCents: 230_000,
          href: `/admin/estimates/${few.approved.id}`,
        },
      ]);
    expect((await find("INV-1999-0001")).documents).toEqual([]);
  });

  it("answers the estimates and invoices of the customers found, newest first, ten at most", async () => {
    const found = await find(few.name);
    expect(found.customers.map((c) => c.id)).toContain(few.customerId);
    // The invoice was made after the five estimates.
    expect(found.documents.map((d) => `${d.kind}-${d.id}`)).toEqual([
      `invoice-${few.billed.id}`,
      ...few.estimates.map((e) => `estimate-${e.id}`).reverse(),
    ]);
    const lots = await find(many.name);
    expect(lots.documents).toHaveLength(10);
    expect(lots.documents.map((d) => d.id)).toEqual(
      many.invoices
        .map((i) => i.id)
        .sort((a, b) => b - a)
        .slice(0, 10),
    );
  });

  it("shows them on the /admin/search page under Documents", async () => {
    const res = await page(`/admin/search?${query({ q: few.billed.number.toLowerCase() })}`);
    expect(res.html).toContain("Documents");
    expect(res.html).toContain(`href="/admin/invoices/${few.billed.id}"`);
  });
});
