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
/** A visit tomorrow-ish (a distinct hour each) for `technicianId`, in `status`. */
async function visit(technicianId: number | null, status: "pending" | "in_progress" = "pending") {
  const customer = await stack.db.customer.create({
    data: { name: "State Customer", email: `state${++visits}@customer.example.com`, phone: "(225) 555-0142" },
  });
  const start = new Date(Date.now() + 86_400_000 + visits * 3 * 3_600_000);
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

  it("is reopened by staff to pending, never straight to in progress or completed", async () => {
    const booking = await visit(null);
    const patch = (body: Record<string, unknown>) =>
      api(stack.url, "PATCH", `/api/bookings/${booking.id}`, admin.token, body);
    expect((await patch({ status: "cancelled" })).status).toBe(200);
    const completed = await patch({ status: "completed" });
    expect(completed.status).toBe(409);
    expect(completed.json).toMatchObject({
      success: false,
      message: "This visit was cancelled by the office. Reopen it (set it to Pending) first.",
    });
    // The staff pages' form post (the bookings list, a booking's page, the calendar) says the same.
    const page = await pagePost("/admin/bookings", admin.token, {
      intent: "update-status",
      bookingId: String(booking.id),
      status: "in_progress",
    });
    expect(page.status).toBe(409);
    expect(page.html).toContain("Reopen it (set it to Pending) first.");
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("cancelled");
    expect(await owed(booking.id, "review-request")).toBe(0);

    expect((await patch({ status: "pending" })).status).toBe(200);
    expect((await patch({ status: "in_progress" })).status).toBe(200);
    expect((await patch({ status: "completed" })).status).toBe(200);
    // A completed visit is not cancelled: it is reopened first.
    expect((await patch({ status: "cancelled" })).status).toBe(409);
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
