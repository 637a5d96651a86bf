import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "../support/accounts";
import { connectSocket } from "../support/chat";
import { postJson, randomIp, type Stack } from "../support/stack";
import { sharedStack } from "../support/shared-stack";

/**
 * Hostile input, generated: whatever arrives, public endpoints answer 4xx with
 * `{ success: false, message }` (or succeed with a valid payload), never 5xx,
 * and nothing is stored from a refused request.
 */

/** Runs per property; HOSTILE_RUNS_FACTOR=20 makes a deep search (minutes) instead of CI's quick one. */
const runs = (n: number) => Math.round(n * Number(process.env.HOSTILE_RUNS_FACTOR ?? 1));

let stack: Stack;
let sessionId: string;
beforeAll(async () => {
  stack = await sharedStack();
  sessionId = `chat_hostile${Date.now().toString(36)}`;
  await postJson(`${stack.url}/api/chat/session`, { sessionId, status: "active" });
});

const nasty = fc.oneof(
  fc.constantFrom(
    "' OR 1=1 --",
    '\'; DROP TABLE "Booking"; --',
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "{{7*7}}",
    "${process.exit()}",
    "\u0000",
    "\uD800",
    "\u202Egnp.exe",
    "𝕳𝖊𝖑𝖑𝖔 👋🏽 \u200B",
    "../../etc/passwd",
    "a".repeat(20_000),
  ),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.string({ maxLength: 50 }),
);
const weirdKey = fc.constantFrom(
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "firstName",
  "message",
  "email",
  "sessionId",
);
const value = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(weirdKey, nasty, { maxKeys: 3 }),
);
const body = fc.oneof(
  fc.dictionary(fc.oneof(weirdKey, fc.string({ maxLength: 10 })), value, { maxKeys: 8 }).map((o) => JSON.stringify(o)),
  // Prototype pollution written literally (JSON.stringify would drop a real __proto__ key).
  fc
    .tuple(nasty, nasty)
    .map(
      ([a, b]) =>
        `{"__proto__":{"isAdmin":true,"polluted":${JSON.stringify(a)}},"constructor":{"prototype":{"x":${JSON.stringify(b)}}},"message":${JSON.stringify(a)}}`,
    ),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom("", "{", "[]", "null", "true", '{"a":', "\u0000", '{"firstName":{"$ne":null}}'),
);

async function counts() {
  const [contacts, messages, bookings, requests, customers] = await Promise.all([
    stack.db.contactMessage.count(),
    stack.db.chatMessage.count(),
    stack.db.booking.count(),
    stack.db.appointmentRequest.count(),
    stack.db.customer.count(),
  ]);
  return { contacts, messages, bookings, requests, customers };
}

const endpoints = () => [
  "/api/contact",
  "/api/chat/session",
  `/api/chat/${sessionId}/message`,
  `/api/chat/${sessionId}/book-appointment`,
  "/api/auth/login",
  "/api/auth/register",
  "/api/auth/request-reset",
  "/api/auth/reset-password",
];

describe.each([0, 1, 2, 3, 4, 5, 6, 7])("public endpoint #%i under generated input", (index) => {
  it("answers 4xx with the error shape or a real success, never 5xx, and stores nothing when refusing", async () => {
    const path = endpoints()[index]!;
    await fc.assert(
      fc.asyncProperty(body, async (raw) => {
        const before = await counts();
        const res = await postJson(`${stack.url}${path}`, null, { raw, ip: randomIp() });
        expect(res.status, `${path} ${raw.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) {
          expect(res.json).toMatchObject({ success: false, message: expect.any(String) });
          const after = await counts();
          expect(after).toEqual(before);
        }
        // Nothing leaked onto Object.prototype in this process or the server's answers.
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(JSON.stringify(res.json ?? {})).not.toContain("isAdmin");
      }),
      { numRuns: runs(40) },
    );
  });
});

it("stores hostile text verbatim when it is otherwise valid, and escapes it in the staff email", async () => {
  const payload = `<img src=x onerror=alert(1)> '; DROP TABLE "ContactMessage"; -- 𝕳𝖊𝖑𝖑𝖔`;
  const res = await postJson(`${stack.url}/api/contact`, {
    firstName: "Ève",
    lastName: "O’Brien",
    email: "eve@example.com",
    message: payload,
  });
  expect(res.status).toBe(201);
  const row = await stack.db.contactMessage.findUniqueOrThrow({ where: { id: res.json.id } });
  expect(row.message).toBe(payload);
  expect(row.lastName).toBe("O’Brien");
  const emails = await stack.mail.waitFor((all) => all.some((e) => (e.text ?? "").includes("DROP TABLE")));
  const html = emails.find((e) => (e.text ?? "").includes("DROP TABLE"))!.html!;
  expect(html).not.toContain("<img src=x");
  expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
});

it("refuses a NUL character (which PostgreSQL cannot store) with a 400, in JSON and in form posts", async () => {
  const before = await counts();
  const json = await postJson(`${stack.url}/api/contact`, {
    firstName: "A\u0000",
    lastName: "B",
    email: "a@b.co",
    message: "hi",
  });
  expect(json.status).toBe(400);
  expect(json.json).toMatchObject({ success: false, errors: { firstName: expect.any(String) } });
  const chat = await postJson(`${stack.url}/api/chat/${sessionId}/message`, { message: "hi\u0000there" });
  expect(chat.status).toBe(400);
  const form = await fetch(`${stack.url}/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
    body: new URLSearchParams({ firstName: "A\u0000", lastName: "B", email: "a@b.co", message: "hi" }),
  });
  expect(form.status).toBeLessThan(500);
  expect(await counts()).toEqual(before);
});

describe("page form actions under generated input", () => {
  const field = fc.oneof(
    nasty,
    fc.constant("valid@example.com"),
    fc.constant("long-enough-password"),
    fc.constant("A\u0000B"),
  );
  const intents = fc.constantFrom("login", "register", "request-reset", "reset", "nonsense", "");
  it.each([["/login"], ["/contact"], ["/book"]])("%s never answers 5xx and stores nothing it refused", async (path) => {
    await fc.assert(
      fc.asyncProperty(
        intents,
        fc.dictionary(
          fc.constantFrom(
            "email",
            "password",
            "confirmPassword",
            "firstName",
            "lastName",
            "token",
            "message",
            "website",
            // /book's last step.
            "service",
            "windowStart",
            "customerName",
            "customerPhone",
            "customerEmail",
            "address",
            "description",
          ),
          field,
        ),
        async (intent, fields) => {
          const usersBefore = await stack.db.user.count();
          const res = await fetch(`${stack.url}${path}`, {
            method: "POST",
            redirect: "manual",
            headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
            body: new URLSearchParams({ intent, ...fields }),
          });
          await res.arrayBuffer();
          expect(res.status, `${path} ${intent} ${JSON.stringify(fields).slice(0, 200)}`).toBeLessThan(500);
          if (res.status >= 400) expect(await stack.db.user.count()).toBe(usersBefore);
        },
      ),
      { numRuns: runs(40) },
    );
  });
});

it("refuses a NUL character in the register form with a 400", async () => {
  const before = await stack.db.user.count();
  const res = await fetch(`${stack.url}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
    body: new URLSearchParams({
      intent: "register",
      firstName: "A\u0000B",
      lastName: "B",
      email: "nul@example.com",
      password: "long-enough-password",
      confirmPassword: "long-enough-password",
    }),
  });
  expect(res.status).toBe(400);
  expect(await stack.db.user.count()).toBe(before);
});

it("answers an address or headers too large for the server with the error shape", async () => {
  const res = await fetch(`${stack.url}/api/chat/chat_${"a".repeat(20_000)}/messages`);
  expect(res.status).toBe(431);
  expect(await res.json()).toMatchObject({ success: false, message: expect.any(String) });
  const headers = await fetch(`${stack.url}/api/contact`, {
    method: "POST",
    headers: { "X-Padding": "b".repeat(20_000) },
    body: "{}",
  });
  expect(headers.status).toBe(431);
  expect(await headers.json()).toMatchObject({ success: false });
});

/**
 * A path segment for any string, lone surrogates included: encodeURIComponent
 * throws on those, so they go out as the bytes a careless client would send
 * (%ED%A0%80 for \uD800), which is malformed UTF-8 the server must refuse.
 */
function pathSegment(s: string): string {
  let out = "";
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    } else out += encodeURIComponent(ch);
  }
  return out;
}

it("encodes lone surrogates in a path the way a careless client would", () => {
  expect(pathSegment("a\uD800b")).toBe("a%ED%A0%80b");
  expect(pathSegment("\uDC00")).toBe("%ED%B0%80");
  expect(pathSegment("é👋🏽/")).toBe(encodeURIComponent("é👋🏽/"));
});

it("refuses a session id that is not valid UTF-8 with the error shape", async () => {
  for (const raw of ["chat_%ED%A0%80", "chat_%E0%A4%A", "chat_%FF", "%"]) {
    const res = await fetch(`${stack.url}/api/chat/${raw}/messages`, { headers: { "X-Forwarded-For": randomIp() } });
    expect(res.status, raw).toBeGreaterThanOrEqual(400);
    expect(res.status, raw).toBeLessThan(500);
    expect(await res.json()).toMatchObject({ success: false, message: expect.any(String) });
  }
});

it("refuses a NUL character anywhere in the address with the error shape", async () => {
  const { auth } = await signedInUser(stack.url, stack.db, "admin");
  for (const path of [
    "/api/customers/search?name=%00",
    "/api/bookings?status=a%00",
    "/admin/inbox?q=%00",
    "/api/chat/chat_a%00b/messages",
    "/services%00",
  ]) {
    const res = await fetch(`${stack.url}${path}`, { headers: { ...auth, "X-Forwarded-For": randomIp() } });
    expect(res.status, path).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: expect.stringContaining("NUL") });
  }
});

it("reads of a chat transcript with generated session ids answer 404 or the transcript, never a 5xx", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        nasty,
        fc.constant(sessionId),
        fc.string({ maxLength: 120 }).map((s) => `chat_${s}`),
      ),
      async (id) => {
        const res = await fetch(`${stack.url}/api/chat/${pathSegment(id)}/messages`, {
          headers: { "X-Forwarded-For": randomIp() },
        });
        expect(res.status, id.slice(0, 200)).toBeLessThan(500);
        const json = await res.json();
        if (res.status === 200)
          expect(json).toMatchObject({ success: true, sessionId: id, messages: expect.any(Array) });
        else expect(json).toMatchObject({ success: false, message: expect.any(String) });
      },
    ),
    { numRuns: runs(60) },
  );
});

describe("admin endpoints under generated input (as an admin)", () => {
  let token: string;
  let targetUserId: number;
  beforeAll(async () => {
    token = (await signedInUser(stack.url, stack.db, "admin")).token;
    targetUserId = (await signedInUser(stack.url, stack.db, "customer")).user.id;
  });
  const send = async (method: string, path: string, raw?: string) => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, "X-Forwarded-For": randomIp() },
      body: raw,
    });
    const text = await res.text();
    return { status: res.status, text };
  };

  it.each([
    ["POST", "/api/bookings", () => "/api/bookings"],
    ["PATCH", "/api/bookings/:id", () => "/api/bookings/1"],
    ["POST", "/api/customers", () => "/api/customers"],
    ["PATCH", "/api/admin/users/:id/role", () => `/api/admin/users/${targetUserId}/role`],
  ])("%s %s answers 4xx or success, never 5xx", async (method, _label, path) => {
    // The token really is an admin's: refusals below are about the input, not the caller.
    expect((await send("GET", "/api/admin/stats")).status).toBe(200);
    await fc.assert(
      fc.asyncProperty(body, async (raw) => {
        const before = await counts();
        const res = await send(method, path(), raw);
        expect(res.status, `${method} ${path()} ${raw.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) {
          expect(JSON.parse(res.text)).toMatchObject({ success: false, message: expect.any(String) });
          expect(await counts()).toEqual(before);
        }
      }),
      { numRuns: runs(30) },
    );
  });

  it("query strings of the admin reads and pages never cause a 5xx", async () => {
    const keys = [
      "limit",
      "cursor",
      "from",
      "to",
      "status",
      "priority",
      "customerId",
      "name",
      "ids",
      "before",
      "after",
      "month",
      "date",
      "q",
      "page",
      "item",
      "new",
      "service",
      "day",
      "windowStart",
      "visit",
      "key",
      "__proto__",
    ];
    const query = fc.dictionary(fc.constantFrom(...keys), nasty, { maxKeys: 4 });
    const paths = [
      "/api/bookings",
      "/api/bookings/export.csv",
      "/api/customers/search",
      "/api/admin/users",
      "/api/admin/stats",
      "/api/admin/audit",
      "/api/reports/money",
      "/api/reports/plans",
      "/api/plans",
      "/api/payments/export.csv",
      "/api/estimates",
      "/api/invoices",
      "/api/search",
      "/admin/calendar/day",
    ];
    const pages = [
      "/dashboard",
      "/admin",
      "/admin/bookings",
      "/admin/calendar",
      "/admin/inbox",
      "/admin/users",
      "/admin/queues",
      "/admin/estimates",
      "/admin/invoices",
      "/admin/search",
      "/account",
      "/book",
      "/book/confirmed",
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths, ...pages), query, async (path, q) => {
        const res = await send("GET", `${path}?${new URLSearchParams(q)}`);
        expect(res.status, `${path} ${JSON.stringify(q).slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: runs(80) },
    );
  });
});

it("socket chat:join with generated payloads is refused unless it names the exact session, and the socket stays usable", async () => {
  const socket = await connectSocket(stack.url);
  try {
    const join = (payload: unknown) =>
      new Promise<{ ok: boolean; error?: string }>((resolve) => socket.emit("chat:join", payload, resolve));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          nasty,
          fc.record({ sessionId: fc.oneof(nasty, fc.anything()) }),
          fc.constant({ sessionId: `${sessionId} ` }),
          fc.constant({ sessionId: sessionId.toUpperCase() }),
        ),
        async (payload) => {
          expect(await join(payload)).toMatchObject({ ok: false, error: expect.any(String) });
        },
      ),
      { numRuns: runs(100) },
    );
    expect(await join({ sessionId })).toEqual({ ok: true });
  } finally {
    socket.disconnect();
  }
});

it("answers page form actions sent with a non-form body with 415, never a 5xx", async () => {
  for (const [path, type, body] of [
    ["/login", "application/json", '{"intent":"login","email":"a@b.co","password":"long-enough-password"}'],
    ["/login", "text/plain", "intent=login"],
    ["/contact", "application/xml", "<a/>"],
    ["/book", "application/json", '{"service":"lighting"}'],
    ["/logout", "application/json", "{}"],
  ] as const) {
    const res = await fetch(`${stack.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": type, "X-Forwarded-For": randomIp() },
      body,
    });
    expect(res.status, `${path} ${type}`).toBe(415);
  }
  // A bodyless post (the header's logout button without fields) still works.
  const logout = await fetch(`${stack.url}/logout`, {
    method: "POST",
    redirect: "manual",
    headers: { "X-Forwarded-For": randomIp() },
  });
  expect(logout.status).toBeLessThan(400);
});
