/**
 * A booking's text carries no time (docs/product.md#a-booking): the migration
 * 20261203020500_booking_text_without_time takes out of the bookings written before the line the
 * chat, the portal and Book online generated from the time asked for, which a move left behind under
 * the true time ("Arrival window: Monday, Nov 30, between 8 AM and 10 AM" under "Scheduled: Wednesday
 * 12 PM"). Run here on rows as those forms wrote them; the template database has it applied already.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { useClonedDatabase } from "../support/test-database";

const db = useClonedDatabase("booking_text");

const MIGRATION = path.resolve(
  import.meta.dirname,
  "../../prisma/migrations/20261203020500_booking_text_without_time/migration.sql",
);

it("takes the generated time line out of the forms' bookings, and nothing else", async () => {
  const customer = await db().customer.create({
    data: { name: "Marie Landry", email: "marie@example.com", phone: "2255550187" },
  });
  const booking = (source: "chat" | "portal" | "online" | "admin", details: string) =>
    db().booking.create({
      data: { customerId: customer.id, summary: "Panel Upgrade", scheduledDate: new Date(), source, details },
    });
  const lines = (...parts: string[]) => parts.join("\n");
  const moved = await booking(
    "online",
    lines(
      "Requested through Book online (Panel Upgrade).",
      "Address: 1423 Stanford Ave, Baton Rouge, LA 70808",
      "Arrival window: Monday, Nov 30, between 8 AM and 10 AM",
      "Phone: 2255550187",
      "Visitor's description: Federal Pacific Stab-Lok panel.",
    ),
  );
  const slot = await booking(
    "portal",
    lines("Requested through the customer portal (Electrical Repair).", "Requested slot: 2026-12-02 09:00", "Phone: 1"),
  );
  const noDate = await booking(
    "chat",
    lines(
      "Requested through the website chat (Free Estimate).",
      "Preferred timing: weekday mornings",
      "No date chosen: placed on the next business morning.",
      "Phone: 1",
    ),
  );
  // The visitor's own words, after the phone, are theirs: kept even when they look like the line.
  const ownWords = await booking(
    "chat",
    lines(
      "Requested through the website chat (Free Estimate).",
      "Phone: 1",
      "Visitor's description: see below",
      "Arrival window: whenever you can",
    ),
  );
  // Staff's own text is never touched.
  const staff = await booking("admin", lines("Arrival window: Monday 8-10 AM", "Phone: 1"));

  await db().$executeRawUnsafe(await readFile(MIGRATION, "utf8"));
  const details = async (id: number) => (await db().booking.findUniqueOrThrow({ where: { id } })).details;

  expect(await details(moved.id)).toBe(
    lines(
      "Requested through Book online (Panel Upgrade).",
      "Address: 1423 Stanford Ave, Baton Rouge, LA 70808",
      "Phone: 2255550187",
      "Visitor's description: Federal Pacific Stab-Lok panel.",
    ),
  );
  expect(await details(slot.id)).toBe(lines("Requested through the customer portal (Electrical Repair).", "Phone: 1"));
  expect(await details(noDate.id)).toBe(
    lines("Requested through the website chat (Free Estimate).", "Preferred timing: weekday mornings", "Phone: 1"),
  );
  expect(await details(ownWords.id)).toBe(ownWords.details);
  expect(await details(staff.id)).toBe(staff.details);

  // Again: nothing more to take.
  await db().$executeRawUnsafe(await readFile(MIGRATION, "utf8"));
  expect(await details(moved.id)).not.toContain("Arrival window");
});
