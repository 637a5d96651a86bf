import { beforeAll, describe, expect, it } from "vitest";
import { pageSessionCookie, signedInUser } from "../support/accounts";
import { postJson, randomIp, type Stack } from "../support/stack";
import { sharedStack } from "../support/shared-stack";

/**
 * Bodies no browser or API client of ours sends, within the size limit (body-limit.test.ts): a JSON
 * body nested thousands deep, a multipart body that does not parse, a form action sent JSON. Each
 * is refused with a 4xx that says what was wrong (the JSON API's error shape; a page's error
 * boundary for the page actions), never a 500.
 */

let stack: Stack;
const cookies: Record<"customer" | "technician" | "admin", string> = { customer: "", technician: "", admin: "" };
let adminId = 0;
beforeAll(async () => {
  stack = await sharedStack();
  for (const role of ["customer", "technician", "admin"] as const) {
    const { user } = await signedInUser(stack.url, stack.db, role);
    cookies[role] = await pageSessionCookie(stack.url, user.email);
    if (role === "admin") adminId = user.id;
  }
});

const nested = (depth: number) => `{"a":${"[".repeat(depth)}${"]".repeat(depth)}}`;

describe("a JSON body nested too deep", () => {
  it.each([
    "/api/contact",
    "/api/auth/login",
    "/api/auth/register",
    "/api/auth/request-reset",
    "/api/auth/verify-email",
    "/api/chat/session",
  ])("%s answers 400 with the error shape to one nested 5,000 deep (10 KB)", async (path) => {
    const res = await postJson(`${stack.url}${path}`, null, { raw: nested(5000) });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      success: false,
      message: "Request body is nested too deeply",
      errors: expect.any(Object),
    });
  });

  it("answers 400 to a 1 MB one", async () => {
    const res = await postJson(`${stack.url}/api/contact`, null, { raw: nested(512 * 1024 - 4) });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, message: "Request body is nested too deeply" });
  });
});

const GARBAGE_MULTIPART = { "Content-Type": "multipart/form-data; boundary=xyz" };

async function postPage(path: string, headers: Record<string, string>, body: string, role?: keyof typeof cookies) {
  const res = await fetch(`${stack.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, "X-Forwarded-For": randomIp(), ...(role ? { Cookie: cookies[role] } : {}) },
    body,
  });
  return { status: res.status, type: res.headers.get("content-type") ?? "", html: await res.text() };
}

describe("a page action's form post that does not parse", () => {
  it.each([
    ["/login"],
    ["/contact"],
    ["/verify-email"],
    ["/appointments/not-a-token"],
    ["/unsubscribe/not-a-token"],
    ["/account", "customer"],
    ["/jobs", "technician"],
    ["/dashboard", "admin"],
    ["/admin/users", "admin"],
    ["/admin/bookings", "admin"],
    ["/admin/bookings/1", "admin"],
    ["/admin/calendar", "admin"],
    ["/admin/inbox", "admin"],
    ["/admin/queues", "admin"],
  ] as const)("%s answers 400 with a page saying the form could not be read", async (path, role?) => {
    const res = await postPage(path, GARBAGE_MULTIPART, "garbage", role);
    expect(res.status).toBe(400);
    expect(res.type).toContain("text/html");
    expect(res.html).toContain("We could not accept that form");
    expect(res.html).toContain("The form could not be read");
  });

  it("a fetcher's post (the page's data address) answers 400 too, never a 500", async () => {
    const res = await postPage("/admin/users.data", GARBAGE_MULTIPART, "garbage", "admin");
    expect(res.status).toBe(400);
  });
});

describe("a page action sent what is not a form", () => {
  it.each([["/login"], ["/contact"], ["/dashboard", "admin"]] as const)(
    "%s answers 415 with a page saying what it takes",
    async (path, role?) => {
      // An empty body passes the server's check of bodies (formPostsOnly); the action's reader refuses the type.
      const res = await postPage(path, { "Content-Type": "application/json" }, "", role);
      expect(res.status).toBe(415);
      expect(res.html).toContain("application/x-www-form-urlencoded or multipart/form-data");
    },
  );

  it("a NUL character in a form answers 400 with a page saying so, and nothing is stored", async () => {
    const before = await stack.db.contactMessage.count();
    const res = await postPage(
      "/contact",
      { "Content-Type": "application/x-www-form-urlencoded" },
      new URLSearchParams({ firstName: "A\u0000", lastName: "B", email: "a@b.co", message: "hi" }).toString(),
    );
    expect(res.status).toBe(400);
    expect(res.html).toContain("not allowed");
    expect(await stack.db.contactMessage.count()).toBe(before);
  });
});

describe("a form with the form library's own fields sent by hand", () => {
  it.each([
    ["/contact", "__intent__"],
    ["/contact", "__state__"],
    ["/login", "__intent__"],
    ["/admin/bookings", "__intent__", "admin"],
  ] as const)("%s answers 400 to %s that is not what the page sends, and stores nothing", async (path, name, role?) => {
    const before = await stack.db.contactMessage.count();
    const body = new URLSearchParams({
      intent: path === "/admin/bookings" ? "create-customer" : "login",
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@example.com",
      message: "Hi",
      [name]: "not json",
    });
    const res = await postPage(path, { "Content-Type": "application/x-www-form-urlencoded" }, body.toString(), role);
    expect(res.status).toBe(400);
    expect(res.html).toContain("We could not accept that form");
    expect(await stack.db.contactMessage.count()).toBe(before);
  });
});

describe("forms as browsers send them still work", () => {
  it("a multipart post (a form with enctype multipart/form-data) is read like a urlencoded one", async () => {
    const before = await stack.db.contactMessage.count();
    const form = new FormData();
    for (const [k, v] of Object.entries({ firstName: "Ann", lastName: "Lee", email: "ann@example.com", message: "Hi" }))
      form.append(k, v);
    const res = await fetch(`${stack.url}/contact`, {
      method: "POST",
      headers: { "X-Forwarded-For": randomIp() },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(await stack.db.contactMessage.count()).toBe(before + 1);
  });

  it("a staff form post without JavaScript still changes what it says", async () => {
    const res = await postPage(
      "/dashboard",
      { "Content-Type": "application/x-www-form-urlencoded" },
      "intent=calendar-feed-create",
      "admin",
    );
    expect(res.status).toBe(200);
    expect(await stack.db.user.count({ where: { id: adminId, calendarFeedId: { not: null } } })).toBe(1);
  });
});
