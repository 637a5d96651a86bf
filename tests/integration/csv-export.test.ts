import { beforeAll, describe, expect, it } from "vitest";
import { api, signedInUser } from "../support/accounts";
import type { Stack } from "../support/stack";
import { sharedStack } from "../support/shared-stack";

/**
 * GET /api/bookings/export.csv (docs/product.md#admin): a filter that is not
 * valid is refused before the first byte, the file arrives whole with its
 * length, and no cell can become a formula in a spreadsheet.
 */

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  stack = await sharedStack();
  admin = await signedInUser(stack.url, stack.db, "admin");
});

const exportCsv = (query: string) => fetch(`${stack.url}/api/bookings/export.csv?${query}`, { headers: admin.auth });

describe("GET /api/bookings/export.csv", () => {
  it("refuses a filter out of range with a JSON 400 naming it, never a 200 cut short", async () => {
    for (const [query, field] of [
      ["customerId=2147483648", "customerId"],
      ["customerId=99999999999999999999", "customerId"],
      ["from=0001-01-01T00:00:00Z", "from"],
      ["to=9999-12-31T00:00:00Z", "to"],
    ] as const) {
      const res = await exportCsv(query);
      expect(res.status, query).toBe(400);
      expect(res.headers.get("content-type"), query).toContain("application/json");
      const body = await res.json();
      expect(body, query).toMatchObject({ success: false, errors: { [field]: expect.any(String) } });
    }
  });

  it("quotes every cell and defuses every cell that starts like a formula", async () => {
    const c = await api(stack.url, "POST", "/api/customers", admin.token, {
      name: "x;=1+1",
      email: "formula@example.com",
      phone: "225-555-0158",
    });
    expect(c.status, c.text).toBe(201);
    const b = await api(stack.url, "POST", "/api/bookings", admin.token, {
      customerId: c.json.customer.id,
      summary: "-2+3",
      details: "@SUM(A1:A9)",
      address: "+1 Main St",
      scheduledDate: "2032-01-10T15:00:00Z",
    });
    expect(b.status, b.text).toBe(201);
    const res = await exportCsv(`customerId=${c.json.customer.id}`);
    expect(res.status).toBe(200);
    const file = Buffer.from(await res.arrayBuffer());
    // Sent whole, with its length.
    expect(res.headers.get("content-length")).toBe(String(file.byteLength));
    const lines = file
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      '"Booking ID","Customer ID","Customer Name","Customer Email","Customer Phone","Summary","Details","Priority","Status","Scheduled (America/Chicago)","Created (America/Chicago)","ServiceTitan ID","Source","Technician","Address"',
    );
    const id = b.json.booking.id;
    const customerId = c.json.customer.id;
    expect(lines[1]).toMatch(
      new RegExp(
        `^"${id}","${customerId}","x;=1\\+1","formula@example.com","225-555-0158","'-2\\+3","'@SUM\\(A1:A9\\)","medium","pending","2032-01-10 09:00 CST","\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d C[SD]T","","api","","'\\+1 Main St"$`,
      ),
    );
  });
});
