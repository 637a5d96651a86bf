/** Customers as staff create and find them (/api/customers). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, signedInUser } from "../support/accounts";
import { startStack, type Stack } from "../support/stack";

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  stack = await startStack({ name: "customers" });
  admin = await signedInUser(stack.url, stack.db, "admin");
});
afterAll(async () => {
  await stack?.stop();
});

describe("customers", () => {
  it("creates customers and finds them by partial name, any case, and by ids", async () => {
    const created = await api(stack.url, "POST", "/api/customers", admin.token, {
      name: "Beau Arceneaux",
      email: "Beau@Example.com",
      phone: "(225) 555-0170",
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      success: true,
      customer: { id: expect.any(Number), name: "Beau Arceneaux", email: "beau@example.com" },
    });
    const other = await api(stack.url, "POST", "/api/customers", admin.token, {
      name: "Odile Guidry",
      email: "odile@example.com",
      phone: "225-555-0171",
    });

    const byName = await api(stack.url, "GET", "/api/customers/search?name=arcen", admin.token);
    expect(byName.json.map((c: { name: string }) => c.name)).toEqual(["Beau Arceneaux"]);
    const byIds = await api(
      stack.url,
      "GET",
      `/api/customers/search?ids=${created.json.customer.id},${other.json.customer.id}`,
      admin.token,
    );
    expect(byIds.json.map((c: { id: number }) => c.id)).toEqual([created.json.customer.id, other.json.customer.id]);
    const all = await api(stack.url, "GET", "/api/customers/search", admin.token);
    expect(all.json.length).toBeGreaterThanOrEqual(2);
    expect((await api(stack.url, "GET", "/api/customers/search?ids=1,x", admin.token)).status).toBe(400);
  });

  it("requires name, email and phone", async () => {
    for (const body of [
      { email: "a@b.co", phone: "2255550100" },
      { name: "A", phone: "2255550100" },
      { name: "A", email: "a@b.co" },
      { name: "A", email: "nope", phone: "2255550100" },
    ]) {
      const res = await api(stack.url, "POST", "/api/customers", admin.token, body);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ success: false, message: "Please fill in all customer fields" });
    }
  });
});
