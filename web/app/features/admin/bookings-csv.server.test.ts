import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { bookingsCsv } from "./bookings-csv.server";

/** A booking row as the export reads it. */
const row = (id: number) => ({
  id,
  customerId: 1,
  customer: { name: "Jolie Broussard", email: "jolie@example.com", phone: "225-555-0100" },
  summary: `Visit ${id}`,
  details: null,
  priority: "medium",
  status: "pending",
  scheduledDate: new Date("2032-01-10T15:00:00Z"),
  createdAt: new Date(Date.UTC(2031, 0, 1) - id * 1000),
  serviceTitanId: null,
  source: "api",
  technician: null,
  address: null,
});

/** A context whose database gives these pages of rows, in turn, then fails. */
function contextReading(pages: Array<ReturnType<typeof row>[] | Error>) {
  let call = 0;
  const findMany = async () => {
    const page = pages[call++];
    if (!page) throw new Error("no more pages expected");
    if (page instanceof Error) throw page;
    return page;
  };
  return { services: { db: { booking: { findMany } } } } as unknown as AppLoadContext;
}

describe("bookingsCsv", () => {
  it("builds the whole file, header first, before anything is sent", async () => {
    const csv = await bookingsCsv(contextReading([[row(1), row(2)]]), {});
    expect(csv.ok).toBe(true);
    if (!csv.ok) return;
    const file = Buffer.concat(csv.value.chunks);
    expect(csv.value.bytes).toBe(file.byteLength);
    const text = file.toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toMatch(/^"Booking ID","Customer ID",/);
    expect(lines[1]).toMatch(/^"1","1","Jolie Broussard",/);
    // Times in Baton Rouge time, the zone named in the header and on each time.
    expect(lines[0]).toContain('"Scheduled (America/Chicago)","Created (America/Chicago)"');
    expect(lines[1]).toContain('"pending","2032-01-10 09:00 CST","2030-12-31 17:59 CST"');
    expect(lines).toHaveLength(4);
  });

  it("fails as a whole when a later batch cannot be read: no part of the file is answered", async () => {
    const first = Array.from({ length: 1_000 }, (_, i) => row(i + 1));
    await expect(bookingsCsv(contextReading([first, new Error("connection lost")]), {})).rejects.toThrow(
      "connection lost",
    );
  });
});
