import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLocalDays, businessDate, businessMonth, monthRange, requireBusinessInstant } from "@app/shared/time";
import { api, signedInUser } from "../support/accounts";
import { connectAdminSocket } from "../support/chat";
import { startStack, type Stack } from "../support/stack";

/**
 * The office's view of the plans (docs/product.md#plans, docs/decisions/029-maintenance-plans.md) against the
 * production build: GET /api/reports/plans's five figures, exactly, over memberships in every state and around
 * every boundary (the month's first instant, the 30th day's last minute, a yearly price ÷ 12 rounded half up), the
 * dashboard showing the same figures, who may read them; and members marked on the dispatch board, the staff search,
 * the customer record and an emergency's live alert.
 */

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let technician: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;

const now = new Date();
const DAY = 86_400_000;
const today = businessDate(now);
const month = monthRange(businessMonth(now));

let generator: { id: number };
let safety: { id: number };
/** A member of both plans (Generator Care Report gives emergency priority). */
let both: { id: number };
/** A member of Home Safety Report only, past due. */
let pastDue: { id: number };
/** A customer whose only membership is paused: no member. */
let paused: { id: number };

let customers = 0;
async function newCustomer(name = `Plan Customer ${"abcdefghij"[++customers % 10]}${"abcdefghij"[customers % 7]}`) {
  return stack.db.customer.create({
    data: { name, email: `plan.report.${++customers}.${Date.now()}@example.com`, phone: "(225) 555-0142" },
  });
}

type Status = "pending" | "active" | "past_due" | "paused" | "cancelled" | "expired";

/** A membership straight into the database. */
async function membership(data: {
  customerId?: number;
  planId?: number;
  status: Status;
  interval?: "year" | "month";
  priceCents?: number;
  periodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
  cancelledAt?: Date | null;
  started?: boolean;
  /** When the member or the office chose to cancel (an audit entry `membership.cancel_scheduled`). */
  cancelChosenAt?: Date;
}) {
  const customerId = data.customerId ?? (await newCustomer()).id;
  const started = data.started ?? data.status !== "pending";
  const m = await stack.db.membership.create({
    data: {
      planId: data.planId ?? generator.id,
      customerId,
      status: data.status,
      interval: data.interval ?? "year",
      priceCents: data.priceCents ?? 18_900,
      discountPercent: 10,
      paysOnline: false,
      startedAt: started ? new Date(now.getTime() - 100 * DAY) : null,
      currentPeriodStart: started ? new Date(now.getTime() - 100 * DAY) : null,
      currentPeriodEnd: data.periodEnd ?? (started ? new Date(now.getTime() + 265 * DAY) : null),
      cancelAtPeriodEnd: data.cancelAtPeriodEnd ?? false,
      cancelledAt: data.cancelledAt ?? null,
      tokenHash: randomBytes(16).toString("hex"),
      sealedToken: "sealed",
    },
  });
  if (data.cancelChosenAt)
    await stack.db.auditLog.create({
      data: {
        actorEmail: "member",
        action: "membership.cancel_scheduled",
        targetType: "membership",
        targetId: String(m.id),
        details: { by: "member" },
        createdAt: data.cancelChosenAt,
      },
    });
  return m;
}

beforeAll(async () => {
  stack = await startStack({ name: "plan-reports" });
  [admin, technician, customer] = await Promise.all([
    signedInUser(stack.url, stack.db, "admin"),
    signedInUser(stack.url, stack.db, "technician"),
    signedInUser(stack.url, stack.db, "customer"),
  ]);
  const plan = (name: string, emergencyPriority: boolean) =>
    stack.db.plan.create({
      data: {
        name,
        slug: name.toLowerCase().replace(/ /g, "-"),
        yearlyPriceCents: 18_900,
        monthlyPriceCents: 1_700,
        visitsPerYear: 1,
        serviceType: "generator",
        discountPercent: 10,
        emergencyPriority,
        terms: "One visit a year.",
      },
    });
  generator = await plan("Generator Care Report", true);
  safety = await plan("Home Safety Report", false);
  both = await newCustomer("Odalys Fontenot");
  pastDue = await newCustomer("Remy Guillory");
  paused = await newCustomer("Paulette Hebert");

  const renewsOn = (daysAhead: number, minutes: number) =>
    requireBusinessInstant(addLocalDays(today, daysAhead), minutes);
  await Promise.all([
    // Members: active, renewing in 10 days (yearly 18,900 → 1,575 a month).
    membership({ customerId: both.id, status: "active", periodEnd: new Date(now.getTime() + 10 * DAY) }),
    // Active yearly 9,900 → 825, renewing in 200 days; the same customer's second plan.
    membership({
      customerId: both.id,
      planId: safety.id,
      status: "active",
      priceCents: 9_900,
      periodEnd: new Date(now.getTime() + 200 * DAY),
    }),
    // Monthly 1,700, renewing in 20 days.
    membership({
      status: "active",
      interval: "month",
      priceCents: 1_700,
      periodEnd: new Date(now.getTime() + 20 * DAY),
    }),
    // Yearly 10,002 → 833.5 → 834 (half up); renewing in 40 days: not due.
    membership({ status: "active", priceCents: 10_002, periodEnd: new Date(now.getTime() + 40 * DAY) }),
    // Yearly 10,001 → 833.42 → 833, set to cancel (chosen now): no renewal, still paying, a cancellation this month.
    membership({
      status: "active",
      priceCents: 10_001,
      periodEnd: new Date(now.getTime() + 5 * DAY),
      cancelAtPeriodEnd: true,
      cancelChosenAt: now,
    }),
    // Yearly 12,000 → 1,000: a Cancel chosen this month but undone at Stripe (no longer set to cancel): not counted.
    membership({
      status: "active",
      priceCents: 12_000,
      periodEnd: new Date(now.getTime() + 400 * DAY),
      cancelChosenAt: month.from,
    }),
    // Monthly 2,000, renewing on the 30th day at 23:59: due.
    membership({ status: "active", interval: "month", priceCents: 2_000, periodEnd: renewsOn(30, 23 * 60 + 59) }),
    // Monthly 2,500, renewing at the 31st day's first instant: not due.
    membership({ status: "active", interval: "month", priceCents: 2_500, periodEnd: renewsOn(31, 0) }),
    // Yearly 18 → 1.5 → 2 (half up); its period ended an hour ago (not swept yet): not due.
    membership({ status: "active", priceCents: 18, periodEnd: new Date(now.getTime() - 3_600_000) }),
    // Past due: a member (discount and priority hold), not in the monthly revenue.
    membership({
      customerId: pastDue.id,
      planId: safety.id,
      status: "past_due",
      periodEnd: new Date(now.getTime() - 2 * DAY),
    }),
    // Paused, pending: none of the figures.
    membership({ customerId: paused.id, status: "paused" }),
    membership({ status: "pending" }),
    // Ended cancelled at the month's first instant, with no Cancel on record (Stripe's portal): counted.
    membership({ status: "cancelled", cancelledAt: month.from }),
    // Ended cancelled a millisecond before this month: not counted.
    membership({ status: "cancelled", cancelledAt: new Date(month.from.getTime() - 1) }),
    // Ended now, but chosen last month: counted last month, not now.
    membership({
      status: "cancelled",
      cancelledAt: now,
      cancelChosenAt: new Date(month.from.getTime() - DAY),
    }),
    // Chosen and ended this month: counted once.
    membership({ status: "cancelled", cancelledAt: now, cancelChosenAt: month.from }),
    // Expired (ended unpaid) this month: not a cancellation.
    membership({ status: "expired", cancelledAt: now }),
    // Dropped before its first payment: never a member.
    membership({ status: "cancelled", started: false, cancelledAt: now }),
  ]);
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

const FIGURES = {
  // 9 active + 1 past due.
  activeMembers: 10,
  // 1,575 + 825 + 1,700 + 834 + 833 + 1,000 + 2,000 + 2,500 + 2.
  monthlyRecurringCents: 11_269,
  // In 10 days, in 20 days, on the 30th day at 23:59.
  renewalsDue30Days: 3,
  pastDue: 1,
  // Chosen now (still set to cancel), ended at the month's first instant, chosen and ended this month.
  cancelledThisMonth: 3,
};

describe("GET /api/reports/plans", () => {
  it("answers the five figures, exactly", async () => {
    const res = await api(stack.url, "GET", "/api/reports/plans", admin.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, plans: FIGURES });
  });

  it("is for admins: 401 without a session, 403 for a technician or a customer", async () => {
    expect((await api(stack.url, "GET", "/api/reports/plans")).status).toBe(401);
    expect((await api(stack.url, "GET", "/api/reports/plans", technician.token)).status).toBe(403);
    expect((await api(stack.url, "GET", "/api/reports/plans", customer.token)).status).toBe(403);
    expect((await api(stack.url, "POST", "/api/reports/plans", admin.token, {})).status).toBe(405);
  });

  it("is what the dashboard shows under Plans", async () => {
    const res = await fetch(`${stack.url}/dashboard`, { headers: admin.auth });
    expect(res.status).toBe(200);
    const html = await res.text();
    const section = html.slice(html.indexOf('id="plans-figures-heading"'));
    expect(section).toMatch(/^id="plans-figures-heading"[^>]*>Plans<\/h2>/);
    const figure = (label: string) => new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>([^<]+)</dd>`).exec(section)?.[1];
    expect(figure("Members")).toBe("10");
    expect(figure("Monthly recurring")).toBe("$112.69");
    expect(figure("Renewals in 30 days")).toBe("3");
    expect(figure("Past due")).toBe("1");
    expect(figure("Cancelled this month")).toBe("3");
  });
});

describe("members marked", () => {
  const mark = { plans: ["Generator Care Report", "Home Safety Report"], priorityPlans: ["Generator Care Report"] };

  it("on the dispatch board: the member's visit carries their plans, another's none", async () => {
    const date = addLocalDays(today, 3);
    const visit = (customerId: number) =>
      stack.db.booking.create({
        data: { customerId, summary: "Generator service", scheduledDate: requireBusinessInstant(date, 10 * 60) },
      });
    const [ofBoth, ofPastDue, ofPaused] = await Promise.all([visit(both.id), visit(pastDue.id), visit(paused.id)]);
    const res = await api(stack.url, "GET", `/api/dispatch?date=${date}`, admin.token);
    expect(res.status).toBe(200);
    const cards = res.json.unassigned as Array<{ id: number; member: unknown }>;
    const card = (id: number) => cards.find((c) => c.id === id);
    expect(card(ofBoth.id)?.member).toEqual(mark);
    expect(card(ofPastDue.id)?.member).toEqual({ plans: ["Home Safety Report"], priorityPlans: [] });
    expect(card(ofPaused.id)?.member).toBeNull();

    // The card's badge says "Member", with the plans in its accessible name.
    const page = await fetch(`${stack.url}/admin/dispatch?date=${date}`, { headers: admin.auth });
    const html = await page.text();
    const cardHtml = (id: number) => html.slice(html.indexOf(`data-visit="${id}"`)).split("</article>")[0]!;
    expect(cardHtml(ofBoth.id)).toContain(
      'Member<span class="sr-only">: Generator Care Report, Home Safety Report</span>',
    );
    expect(html).toContain(`data-visit="${ofPaused.id}"`);
    expect(cardHtml(ofPaused.id)).not.toContain("Member");
  });

  it("in the staff search and on the customer record", async () => {
    const found = await api(stack.url, "GET", `/api/search?q=${encodeURIComponent("Odalys Fontenot")}`, admin.token);
    expect(found.status).toBe(200);
    expect(found.json.customers[0]).toMatchObject({ id: both.id, member: mark });
    const other = await api(stack.url, "GET", `/api/search?q=${encodeURIComponent("Paulette Hebert")}`, admin.token);
    expect(other.json.customers[0]).toMatchObject({ id: paused.id, member: null });

    const searchPage = await (
      await fetch(`${stack.url}/admin/search?q=${encodeURIComponent("Odalys Fontenot")}`, { headers: admin.auth })
    ).text();
    expect(searchPage).toContain("Member: Generator Care Report, Home Safety Report");

    // Near the name: the page's header, before the record's first section.
    const header = async (id: number) => {
      const html = await (await fetch(`${stack.url}/admin/customers/${id}`, { headers: admin.auth })).text();
      return html.slice(html.indexOf("<h1"), html.indexOf('id="details-heading"'));
    };
    const record = await header(both.id);
    expect(record).toContain("Odalys Fontenot");
    expect(record).toContain("Member: Generator Care Report, Home Safety Report");
    const notMember = await header(paused.id);
    expect(notMember).toContain("Paulette Hebert");
    expect(notMember).not.toContain("Member");
  });

  it("on an emergency's live alert, when a plan gives priority", async () => {
    const socket = await connectAdminSocket(stack.url, admin.token);
    const heard: Array<{ booking: { id: number }; memberPriority?: string }> = [];
    socket.on("booking:emergency", (p) => heard.push(p));
    try {
      const emergency = (customerId: number) =>
        api(stack.url, "POST", "/api/bookings", admin.token, {
          customerId,
          summary: "Generator will not start, storm coming",
          priority: "emergency",
          scheduledDate: new Date().toISOString(),
        });
      const member = await emergency(both.id);
      const noPriority = await emergency(pastDue.id);
      expect([member.status, noPriority.status]).toEqual([201, 201]);
      await expect.poll(() => heard.length).toBe(2);
      const alertOf = (id: number) => heard.find((p) => p.booking.id === id)!;
      expect(alertOf(member.json.booking.id).memberPriority).toBe("Member (Generator Care Report): priority");
      expect(alertOf(noPriority.json.booking.id)).not.toHaveProperty("memberPriority");
    } finally {
      socket.disconnect();
    }
  });
});
