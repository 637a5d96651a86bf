/**
 * The visit's state machine (packages/shared/src/booking/visit-status.ts,
 * docs/product.md#booking-rules) on every path that changes a status: the
 * admin API, the staff pages' form posts, the technician's day (/jobs,
 * on my way included) and the customer's portal. A refused change is a 409
 * that says why, and nothing is written or owed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, formPost, signedInUser } from "../support/accounts";
import type { Stack } from "../support/stack";
import { sharedStack } from "../support/shared-stack";

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  stack = await sharedStack();
  admin = await signedInUser(stack.url, stack.db, "admin");
});

let visits = 0;
/** A visit `daysAhead` days ahead (tomorrow-ish, a distinct hour each) for `technicianId`, in `status`. */
async function visit(technicianId: number | null, status: "pending" | "in_progress" = "pending", daysAhead = 1) {
  const customer = await stack.db.customer.create({
    data: { name: "State Customer", email: `state${++visits}@customer.example.com`, phone: "(225) 555-0142" },
  });
  const start = new Date(Date.now() + daysAhead * 86_400_000 + visits * 3 * 3_600_000);
  start.setUTCMinutes(0, 0, 0);
  return stack.db.booking.create({
    data: { customerId: customer.id, summary: "Panel check", status, scheduledDate: start, technicianId },
  });
}

/** A plain form post to a page, as the browser without JavaScript sends it. */
async function pagePost(path: string, token: string, fields: Record<string, string>) {
  const res = await formPost(stack.url, path, token, fields);
  return { status: res.status, html: (await res.text()).replaceAll("<!-- -->", "") };
}

const owed = (bookingId: number, kind: string) =>
  stack.db.outbox.count({ where: { subject: `booking:${bookingId}`, kind, cancelledAt: null } });

describe("a visit the office cancelled", () => {
  it("cannot be revived by its technician: start, complete and on my way answer 409, nothing is written or owed", async () => {
    const tech = await signedInUser(stack.url, stack.db, "technician");
    const booking = await visit(tech.user.id);
    const cancelled = await api(stack.url, "PATCH", `/api/bookings/${booking.id}`, admin.token, {
      status: "cancelled",
    });
    expect(cancelled.status, cancelled.text).toBe(200);

    for (const status of ["in_progress", "completed"]) {
      const res = await pagePost("/jobs", tech.token, { intent: "set-status", bookingId: String(booking.id), status });
      expect(res.status, status).toBe(409);
      expect(res.html).toContain("This visit was cancelled by the office");
    }
    const onTheWay = await pagePost("/jobs", tech.token, {
      intent: "on-the-way",
      bookingId: String(booking.id),
      minutes: "30",
    });
    expect(onTheWay.status).toBe(409);
    expect(onTheWay.html).toContain("This visit was cancelled by the office");

    expect(await stack.db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({
      status: "cancelled",
      onTheWayAt: null,
    });
    expect(await owed(booking.id, "review-request")).toBe(0);
    expect(await owed(booking.id, "visit-on-the-way")).toBe(0);
    expect(
      await stack.db.auditLog.count({
        where: { targetId: String(booking.id), actorEmail: tech.user.email },
      }),
    ).toBe(0);
  });

  it("is set by staff to any of the four statuses from any other, as the specification says, owing what each target owes", async () => {
    // Its own technician, so bringing it back takes a time nobody else holds.
    const tech = await signedInUser(stack.url, stack.db, "technician");
    // Days ahead, so a reminder the day before is still to come.
    const booking = await visit(tech.user.id, "pending", 4);
    const patch = (body: Record<string, unknown>) =>
      api(stack.url, "PATCH", `/api/bookings/${booking.id}`, admin.token, body);
    // The bookings list's (and a booking's page's) form post.
    const listPost = (status: string) =>
      pagePost("/admin/bookings", admin.token, { intent: "update-status", bookingId: String(booking.id), status });
    const status = async () => (await stack.db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status;

    expect((await patch({ status: "cancelled" })).status).toBe(200);
    // Cancelled → completed: no "Reopen it first" any more; the review request and the invoice draft are owed.
    const completed = await listPost("completed");
    expect(completed.status, completed.html.slice(0, 400)).toBe(200);
    expect(completed.html).not.toContain("Reopen it");
    expect(await status()).toBe("completed");
    expect(await owed(booking.id, "review-request")).toBe(1);
    // Completed → cancelled: the review request not yet sent is dropped; nothing is emailed for a visit already done.
    expect((await listPost("cancelled")).status).toBe(200);
    expect(await owed(booking.id, "review-request")).toBe(0);
    expect(await owed(booking.id, "visit-cancelled")).toBe(1);
    // Cancelled → in progress: the customer is not sent a booking confirmation for a visit under way, nor a reminder.
    const confirmations = await owed(booking.id, "visit-confirmation");
    expect((await listPost("in_progress")).status).toBe(200);
    expect(await status()).toBe("in_progress");
    expect(await owed(booking.id, "visit-confirmation")).toBe(confirmations);
    expect(await owed(booking.id, "visit-reminder")).toBe(0);
    // Cancelled → pending: booked again, so the customer is told again (a confirmation) and reminded the day before.
    expect((await patch({ status: "cancelled" })).status).toBe(200);
    expect((await patch({ status: "pending" })).status).toBe(200);
    expect(await owed(booking.id, "visit-confirmation")).toBe(confirmations + 1);
    expect(await owed(booking.id, "visit-reminder")).toBe(1);
    // Pending → in progress: the visit has started, the reminder is dropped.
    expect((await patch({ status: "in_progress" })).status).toBe(200);
    expect(await owed(booking.id, "visit-reminder")).toBe(0);
    // Every change is audited, from and to.
    const changes = await stack.db.auditLog.findMany({
      where: { targetType: "booking", targetId: String(booking.id), action: "booking.status_changed" },
      orderBy: { id: "asc" },
    });
    expect(changes.map((c) => (c.details as { to: string }).to)).toEqual([
      "cancelled",
      "completed",
      "cancelled",
      "in_progress",
      "cancelled",
      "pending",
      "in_progress",
    ]);
  });

  it("brought back while its technician has taken another visit at its time: refused, naming the visit in the way", async () => {
    const tech = await signedInUser(stack.url, stack.db, "technician");
    const booking = await visit(tech.user.id);
    expect(
      (await api(stack.url, "PATCH", `/api/bookings/${booking.id}`, admin.token, { status: "cancelled" })).status,
    ).toBe(200);
    // Its time, freed by the cancellation, goes to another visit of the same technician.
    const other = await stack.db.booking.create({
      data: {
        customerId: booking.customerId,
        summary: "Breaker swap",
        scheduledDate: booking.scheduledDate,
        technicianId: tech.user.id,
      },
    });
    const page = await pagePost("/admin/bookings", admin.token, {
      intent: "update-status",
      bookingId: String(booking.id),
      status: "pending",
    });
    expect(page.status).toBe(409);
    expect(page.html).toContain(`Booking #${booking.id} cannot be brought back at its time:`);
    expect(page.html).toContain(`already has #${other.id}`);
    expect(page.html).toContain("Move it to another time or technician first.");
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("cancelled");
    expect(await owed(booking.id, "visit-confirmation")).toBe(0);
  });
});

describe("a technician's own steps", () => {
  it("goes pending → in progress → completed, one step at a time", async () => {
    const tech = await signedInUser(stack.url, stack.db, "technician");
    const booking = await visit(tech.user.id);
    const set = (status: string) =>
      pagePost("/jobs", tech.token, { intent: "set-status", bookingId: String(booking.id), status });
    const skipped = await set("completed");
    expect(skipped.status).toBe(409);
    expect(skipped.html).toContain("Start the visit before marking it completed.");
    expect((await set("in_progress")).status).toBe(200);
    expect((await set("completed")).status).toBe(200);
    const again = await set("in_progress");
    expect(again.status).toBe(409);
    expect(again.html).toContain("This visit is completed already.");
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("completed");
    expect(await owed(booking.id, "review-request")).toBe(1);
  });
});

describe("the customer", () => {
  it("cannot cancel from the portal a visit that has started: the page says to call", async () => {
    const owner = await signedInUser(stack.url, stack.db, "customer");
    const booking = await visit(null, "in_progress");
    await stack.db.customer.update({ where: { id: booking.customerId }, data: { userId: owner.user.id } });
    const res = await pagePost(`/account/visits/${booking.id}`, owner.token, { intent: "cancel" });
    // The visit's page in the account answers as its manage link does: 409, and the refusal shown.
    expect(res.status).toBe(409);
    expect(res.html).toContain("This visit is in progress and can no longer be changed online. Please call us at");
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("in_progress");
  });
});
