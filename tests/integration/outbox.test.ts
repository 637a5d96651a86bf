import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations } from "@app/shared/migrate.server";
import { withOutbox } from "@app/shared/outbox.server";
import { createQueues, type Queues } from "@app/shared/queues.server";
import { createFastFailRedis, type Redis } from "@app/shared/redis.server";
import { dropDatabase, runId, withDatabase } from "../support/database";
import { notificationSentAt } from "../support/outbox";
import { STAFF_EMAIL, startStack, type Stack } from "../support/stack";

/**
 * The outbox (docs/decisions/008-notification-outbox.md): a notification
 * written with a delay is sent when it is due and not before; one cancelled
 * meanwhile is never sent; and the upgrade turns the old per-kind "sent"
 * columns into outbox rows, sending what was still owed exactly once.
 */

const quiet = { warn: () => {} };

describe("delayed and cancelled notifications", () => {
  let stack: Stack;
  let redis: Redis;
  let queues: Queues;
  beforeAll(async () => {
    stack = await startStack({ name: "outbox" });
    redis = createFastFailRedis(stack.redisUrl);
    redis.on("error", () => {});
    queues = createQueues(redis, stack.redisPrefix);
  });
  afterAll(async () => {
    await Promise.all(Object.values(queues ?? {}).map((q) => q.close()));
    redis?.disconnect();
    await stack?.stop();
  });

  /** A contact message and its staff email, due `delayMs` from now. */
  const storeMessage = (text: string, delayMs: number) =>
    withOutbox({ db: stack.db, queues, logger: quiet }, async (tx, outbox) => {
      const row = await tx.contactMessage.create({
        data: { firstName: "Dee", lastName: "Layed", email: "dee@example.com", message: text },
      });
      outbox.add(
        "contact-notification",
        { contactMessageId: row.id },
        { availableAt: new Date(Date.now() + delayMs), subject: `contact:${row.id}` },
      );
      return row;
    });

  it("sends a delayed notification when it is due, not before", async () => {
    const row = await storeMessage("due in three seconds", 3_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(stack.mail.list(STAFF_EMAIL).filter((e) => e.text?.includes("due in three seconds"))).toHaveLength(0);
    expect(await notificationSentAt(stack.db, "contact-notification", { contactMessageId: row.id })).toBeNull();

    await stack.mail.waitFor((all) => all.some((e) => e.text?.includes("due in three seconds")), 20_000);
    await expect
      .poll(() => notificationSentAt(stack.db, "contact-notification", { contactMessageId: row.id }), {
        timeout: 10_000,
      })
      .not.toBeNull();
    expect(stack.mail.list(STAFF_EMAIL).filter((e) => e.text?.includes("due in three seconds"))).toHaveLength(1);
  });

  it("never sends a notification cancelled before it was due", async () => {
    const row = await storeMessage("cancelled before it was due", 2_000);
    const cancelled = await withOutbox({ db: stack.db, queues, logger: quiet }, (_tx, outbox) =>
      outbox.cancel(`contact:${row.id}`),
    );
    expect(cancelled).toBe(1);
    // Past its time, and past the sweeper's grace: its job ran and found it cancelled.
    await expect
      .poll(async () => (await queues.email.getJob(`contact-${row.id}`))?.finishedOn ?? null, { timeout: 20_000 })
      .not.toBeNull();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(stack.mail.list(STAFF_EMAIL).filter((e) => e.text?.includes("cancelled before it was due"))).toHaveLength(0);
    expect(await stack.db.outbox.findUniqueOrThrow({ where: { key: `contact-${row.id}` } })).toMatchObject({
      sentAt: null,
      cancelledAt: expect.any(Date),
    });
  });
});

describe("the upgrade to the outbox", () => {
  const server = process.env.TEST_PG_URL!;
  const name = `bce_test_${runId()}_outbox_upgrade`;
  const migrations = path.resolve(import.meta.dirname, "../../prisma/migrations");
  afterAll(async () => {
    await dropDatabase(server, name);
  });

  const copies: string[] = [];
  afterAll(async () => {
    for (const dir of copies) await rm(dir, { recursive: true, force: true });
  });
  /** The migrations as they were before the one named by this timestamp. */
  async function migrationsBefore(timestamp: string) {
    const dir = await mkdtemp(path.join(tmpdir(), "bce-migrations-"));
    copies.push(dir);
    for (const entry of await readdir(migrations)) {
      if (entry < timestamp) await cp(path.join(migrations, entry), path.join(dir, entry), { recursive: true });
    }
    return dir;
  }

  it("keeps what was sent as sent, and owes what was not", async () => {
    // The migrations as they were just before the outbox.
    const before = await migrationsBefore("20261125000000");
    const admin = postgres(withDatabase(server, "postgres"), { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    const url = withDatabase(server, name);
    await applyMigrations(url, before);

    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const sent = new Date("2026-11-20T15:00:00.000Z");
      const cancelledAt = new Date("2026-11-21T16:30:00.123Z");
      await sql`insert into "ContactMessage" (id, "firstName", "lastName", email, message, "requestId", "notifiedAt") values
        (1, 'A', 'A', 'a@example.com', 'sent', 'req-1', ${sent}), (2, 'B', 'B', 'b@example.com', 'owed', null, null)`;
      await sql`insert into "Customer" (id, name, email, phone, "updatedAt") values (1, 'C', 'c@example.com', '1', now())`;
      await sql`insert into "Booking" (id, "customerId", summary, "scheduledDate", "updatedAt", status, "notifiedAt", "cancelledByCustomerAt", "cancellationNotifiedAt") values
        (1, 1, 'sent', now(), now(), 'pending', ${sent}, null, null),
        (2, 1, 'owed', now(), now(), 'cancelled', null, ${cancelledAt}, null)`;
      await sql`insert into "AppointmentRequest" (id, "customerName", "customerPhone", "customerEmail", "serviceType", "bookingId", "confirmedAt") values
        (1, 'C', '1', 'c@example.com', 'Panel Upgrade', 1, ${sent}), (2, 'C', '1', 'c@example.com', 'Panel Upgrade', 2, null)`;

      // Up to the outbox: later migrations are checked below.
      const result = await applyMigrations(url, await migrationsBefore("20261126000000"));
      expect(result.applied).toEqual(["20261125000000_notification_outbox"]);

      const rows = await sql<{ key: string; kind: string; payload: unknown; sentAt: Date | null }[]>`
        select key, kind, payload, "sentAt" from "Outbox" order by key`;
      expect(rows).toEqual([
        {
          key: "appointment-confirmation-1",
          kind: "appointment-confirmation",
          payload: { appointmentRequestId: 1 },
          sentAt: sent,
        },
        {
          key: "appointment-confirmation-2",
          kind: "appointment-confirmation",
          payload: { appointmentRequestId: 2 },
          sentAt: null,
        },
        {
          key: `booking-cancelled-2-${cancelledAt.getTime()}`,
          kind: "booking-cancelled-notification",
          payload: { bookingId: 2, cancelledAt: cancelledAt.getTime() },
          sentAt: null,
        },
        { key: "booking-email-1", kind: "booking-staff-notification", payload: { bookingId: 1 }, sentAt: sent },
        { key: "booking-email-2", kind: "booking-staff-notification", payload: { bookingId: 2 }, sentAt: null },
        {
          key: "booking-event-2-created",
          kind: "booking-event",
          payload: { bookingId: 2, event: "created", version: "created" },
          sentAt: null,
        },
        {
          key: "contact-1",
          kind: "contact-notification",
          payload: { contactMessageId: 1, requestId: "req-1" },
          sentAt: sent,
        },
        { key: "contact-2", kind: "contact-notification", payload: { contactMessageId: 2 }, sentAt: null },
      ]);
      const columns = await sql`select table_name, column_name from information_schema.columns
        where column_name in ('notifiedAt', 'emailedAt', 'confirmedAt', 'cancellationNotifiedAt')`;
      expect(columns).toEqual([]);

      // Then technicians and windows: a chat request not started still has to be placed by staff, at its address.
      await sql`insert into "Booking" (id, "customerId", summary, "scheduledDate", "updatedAt", status, source) values
        (3, 1, 'from the chat', now(), now(), 'pending', 'chat')`;
      await sql`insert into "AppointmentRequest" (id, "customerName", "customerPhone", "customerEmail", "serviceType", "bookingId", address) values
        (3, 'C', '1', 'c@example.com', 'Panel Upgrade', 3, '12 Main St, Walker')`;
      expect((await applyMigrations(url, await migrationsBefore("20261127000000"))).applied).toEqual([
        "20261126000000_technicians_and_windows",
      ]);
      const bookings = await sql`select id, "needsPlacing", address from "Booking" order by id`;
      expect(bookings).toEqual([
        { id: 1, needsPlacing: false, address: null },
        { id: 2, needsPlacing: false, address: null },
        { id: 3, needsPlacing: true, address: "12 Main St, Walker" },
      ]);
      // Then the customer's loop, on the data they left.
      expect((await applyMigrations(url, await migrationsBefore("20261128000000"))).applied).toEqual([
        "20261127000000_customer_loop",
      ]);
      const emailed = await sql`select id, "emailCustomer" from "Booking" order by id`;
      expect(emailed.every((b) => b.emailCustomer === true)).toBe(true);
      // And the rest: a customer takes the address of their newest visit or request that named one.
      expect((await applyMigrations(url, migrations)).applied).toContain("20261128000000_customer_address");
      expect(await sql`select id, address from "Customer" order by id`).toEqual([
        { id: 1, address: "12 Main St, Walker" },
      ]);
    } finally {
      await sql.end();
    }
  });
});
