import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorSchema } from "@app/shared/api/endpoint";
import { formNameProblem } from "@app/shared/api/form-names";
import { apiEndpoints } from "~/utils/api-catalogue.server";
import { pageSessionCookie, signedInUser } from "../support/accounts";
import {
  bodyFor,
  coreExtremeNumbers,
  coreExtremeTexts,
  encodeForm,
  extremeNumber,
  extremeNumberText,
  formBody,
  numericPaths,
  pathValueFor,
  queryValueFor,
  sampleBody,
  withNumberAt,
} from "../support/fuzz";
import { postJson, productionEnv, randomIp, startStack, type Stack } from "../support/stack";

/**
 * The fuzz test: requests derived from the served OpenAPI document for every
 * JSON route and method (each role, wrong types, edge numbers and dates, deep
 * and huge bodies, odd content types), and random form bodies for every page
 * action, sent to the production build. Never a 5xx; a 4xx from the API is
 * always `{ success: false, message, errors? }`; a refused request stores
 * nothing; a success has the documented shape.
 *
 * CI runs a fixed seed and a bounded count; `npm run fuzz` runs a long random
 * one (FUZZ_RUNS requests to the API and a fifth as many to the pages,
 * FUZZ_SEED to replay a run). docs/security.md has the figures.
 */
const endpoints = apiEndpoints();
const RUNS = Number(process.env.FUZZ_RUNS ?? 1_200);
const SEED = process.env.FUZZ_SEED === "random" ? Date.now() : Number(process.env.FUZZ_SEED ?? 20261125);
const PAGE_RUNS = Math.max(100, Math.round(RUNS / 5));
/** Requests of the extreme-number sweep: to the API's numeric fields, and to the page forms' (each a twelfth of RUNS: 100 in CI), after the core values of every field. */
const NUMBER_RUNS = Math.max(50, Math.round(RUNS / 12));
/** A generous time per request: deep, huge and throttled requests included. */
const timeout = (runs: number) => 60_000 + runs * 200;

type Role = "anonymous" | "customer" | "technician" | "admin";
type JsonSchema = Parameters<typeof bodyFor>[0];
interface Operation {
  method: string;
  path: string;
  roles: Role[];
  parameters: Array<{ name: string; in: "path" | "query"; schema: JsonSchema }>;
  body?: JsonSchema;
}

let stack: Stack;
let document: {
  paths: Record<
    string,
    Record<
      string,
      {
        "x-roles": Role[];
        parameters: Operation["parameters"];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
};
const tokens: Partial<Record<Role, { email: string; token: string; cookie: string }>> = {};
const known: Record<string, string[]> = {};
const tally = { api: 0, pages: 0, byStatus: new Map<number, number>() };

async function signIn(role: Exclude<Role, "anonymous">) {
  const { user, token } = await signedInUser(stack.url, stack.db, role);
  tokens[role] = { email: user.email, token, cookie: await pageSessionCookie(stack.url, user.email) };
}

/** What a refused request must not have changed: every table a request writes synchronously. */
async function stored() {
  const [row] = await stack.db.$queryRaw<Array<Record<string, bigint>>>`
    select (select count(*) from "User") as users,
           (select count(*) from "Customer") as customers,
           (select count(*) from "Booking") as bookings,
           (select max("updatedAt") from "Booking") as "bookingChange",
           (select count(*) from "ContactMessage") as contacts,
           (select count(*) from "ChatSession") as "chatSessions",
           (select count(*) from "ChatMessage" where sender = 'user') as "visitorMessages",
           (select count(*) from "AppointmentRequest") as requests,
           (select count(*) from "AuditLog") as audit,
           (select count(*) from "PushSubscription") as "pushSubscriptions",
           (select count(*) from "PriceBookItem") as "priceBookItems",
           (select max("updatedAt") from "PriceBookItem") as "priceBookChange",
           (select max("updatedAt") from "BusinessSetting") as "settingsChange",
           (select max("updatedAt") from "JobRecord") as "jobRecordChange",
           (select count(*) from "JobPhoto") as "jobPhotos",
           (select count(*) from "JobItem") as "jobItems",
           (select count(*) from "Payment") as payments,
           (select count(*) from "StripeEvent") as "stripeEvents",
           (select count(*) from "CheckoutSession") as checkouts`;
  return row;
}

function count(status: number) {
  tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
}

beforeAll(async () => {
  // Stripe on (keys of this run's own; no Checkout is ever made), so the webhook checks its signature.
  stack = await startStack({
    name: "fuzz",
    env: {
      ...productionEnv(),
      STRIPE_SECRET_KEY: `sk_test_${randomBytes(12).toString("hex")}`,
      STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(12).toString("hex")}`,
    },
  });
  await Promise.all((["customer", "technician", "admin"] as const).map(signIn));
  const customer = await stack.db.customer.create({
    data: { name: "Fuzz Customer", email: "fuzz.customer@test.example.com", phone: "(225) 555-0100" },
  });
  const booking = await stack.db.booking.create({
    data: { customerId: customer.id, summary: "Fuzz visit", scheduledDate: new Date("2026-12-01T15:00:00Z") },
  });
  const sessionId = `chat_fuzz${Date.now().toString(36)}`;
  await postJson(`${stack.url}/api/chat/session`, { sessionId, status: "active" });
  const users = await stack.db.user.findMany({ select: { id: true } });
  const item = await stack.db.priceBookItem.create({ data: { name: "Fuzz item", unitPriceCents: 8_900 } });
  // A sent invoice of $10,000,000.00, so a payment's amount reaches the service.
  const invoice = await stack.db.invoice.create({
    data: {
      bookingId: booking.id,
      customerId: customer.id,
      status: "sent",
      taxRatePpm: 0,
      subtotalCents: 1_000_000_000,
      taxCents: 0,
      totalCents: 1_000_000_000,
      sentAt: new Date(),
    },
  });
  known.id = [String(booking.id), String(item.id)];
  known.bookingId = [String(booking.id)];
  known.invoiceId = [String(invoice.id)];
  known.itemId = [String(item.id)];
  known.customerId = [String(customer.id)];
  known.userId = users.map((u) => String(u.id));
  known.sessionId = [sessionId, "chat_nosuchconversation"];
  const res = await fetch(`${stack.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  document = (await res.json()) as typeof document;
}, 120_000);

afterAll(async () => {
  if (tally.api + tally.pages > 0)
    console.log(
      `fuzz: seed ${SEED}, ${tally.api} API and ${tally.pages} page requests; statuses ${JSON.stringify(Object.fromEntries([...tally.byStatus].sort(([a], [b]) => a - b)))}`,
    );
  await stack?.stop();
});

function operations(): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      roles: op["x-roles"],
      parameters: op.parameters,
      // A multipart upload's parts are fuzzed as a JSON body would be: the route refuses them (415 or 400).
      body: Object.values(op.requestBody?.content ?? {})[0]?.schema,
    })),
  );
}

/** A path segment as a client would send it; a lone surrogate (not encodable) goes as the bytes a client would make of it. */
function encodePathSegment(value: string) {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, "\uFFFD"));
  }
}

const roleArb = fc.constantFrom<Role>("anonymous", "customer", "technician", "admin");

function authHeaders(role: Role, how: "bearer" | "cookie"): Record<string, string> {
  const who = role === "anonymous" ? undefined : tokens[role];
  if (!who) return {};
  return how === "bearer" ? { Authorization: `Bearer ${who.token}` } : { Cookie: who.cookie };
}

describe("fuzz: the JSON API", () => {
  it("lists every endpoint in the served document", () => {
    const served = operations().map((o) => `${o.method} ${o.path}`);
    expect(served.sort()).toEqual(endpoints.map((e) => `${e.method} ${e.path}`).sort());
  });

  it(
    "never answers 5xx, refuses with the error shape and stores nothing, succeeds with the documented shape",
    async () => {
      const ops = operations();
      const request = fc.constantFrom(...ops).chain((op) =>
        fc.record({
          op: fc.constant(op),
          // Mostly a role that may call it, so requests get past the door.
          role: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...op.roles) }, { weight: 1, arbitrary: roleArb }),
          auth: fc.constantFrom<"bearer" | "cookie">("bearer", "bearer", "cookie"),
          // Now and then another method than the document's (405 in the error shape).
          otherMethod: fc.oneof(
            { weight: 10, arbitrary: fc.constant(null) },
            { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS") },
          ),
          path: fc.tuple(
            ...op.parameters.filter((p) => p.in === "path").map((p) => pathValueFor(p.schema, known[p.name] ?? ["1"])),
          ),
          query: fc.tuple(
            ...op.parameters
              .filter((p) => p.in === "query")
              .map((p) => fc.option(queryValueFor(p.schema), { freq: 3 })),
          ),
          extraQuery: fc.option(
            fc.tuple(fc.constantFrom("x", "limit", "from", "__proto__"), queryValueFor(undefined)),
            {
              freq: 6,
            },
          ),
          body: bodyFor(op.body),
        }),
      );

      await fc.assert(
        fc.asyncProperty(request, async ({ op, role, auth, otherMethod, path, query, extraQuery, body }) => {
          const method = otherMethod ?? op.method;
          const pathParams = op.parameters.filter((p) => p.in === "path");
          const queryParams = op.parameters.filter((p) => p.in === "query");
          let url = op.path;
          pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, encodePathSegment(path[i]!))));
          const search = new URLSearchParams();
          queryParams.forEach((p, i) => query[i] !== null && search.append(p.name, query[i]!));
          if (extraQuery) search.append(...extraQuery);
          const target = `${stack.url}${url}${search.size ? `?${search}` : ""}`;
          const sendsBody = method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
          const before = await stored();
          const res = await fetch(target, {
            method,
            headers: {
              "X-Forwarded-For": randomIp(),
              ...(sendsBody && body.contentType ? { "Content-Type": body.contentType } : {}),
              ...authHeaders(role, auth),
            },
            body: sendsBody ? body.raw : undefined,
          });
          const text = await res.text();
          tally.api++;
          count(res.status);
          const what = `${method} ${target.slice(stack.url.length, 300)} as ${role} (${auth}) ${body.contentType} ${body.raw.slice(0, 200)} → ${res.status} ${text.slice(0, 300)}`;
          expect(res.status, what).toBeLessThan(500);
          if (res.status >= 400) {
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              json = text;
            }
            expect(errorSchema.safeParse(json).success, what).toBe(true);
            expect(await stored(), what).toEqual(before);
          } else if (method === op.method && res.headers.get("content-type")?.startsWith("application/json")) {
            const endpoint = endpoints.find((e) => e.method === op.method && e.path === op.path);
            const schema = endpoint?.success.schema;
            if (schema) {
              const parsed = schema.safeParse(JSON.parse(text));
              expect(parsed.success, `${what}\n${parsed.error?.message}`).toBe(true);
            }
          }
          // A signed-out token is signed in again, so the run keeps every role.
          if (op.path === "/api/auth/logout" && role !== "anonymous" && res.status === 200) await signIn(role);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
    timeout(RUNS),
  );
});

/** Every page with an action, with a value for its parameter. */
const pages = () => [
  "/login",
  "/login?token=x",
  "/logout",
  "/contact",
  "/verify-email",
  "/verify-email?token=x",
  "/account",
  `/account/visits/${known.id![0]}`,
  "/account/visits/2147483648",
  "/dashboard",
  "/jobs",
  "/admin/users",
  "/admin/bookings",
  `/admin/bookings/${known.id![0]}`,
  "/admin/bookings/2147483648",
  `/admin/customers/${known.customerId![0]}`,
  "/admin/customers/2147483648",
  `/admin/customers/merge?booking=${known.id![0]}`,
  "/admin/calendar",
  "/admin/calendar/day?date=2026-12-01",
  "/admin/inbox",
  "/admin/calls",
  "/admin/on-call",
  "/admin/queues",
  "/admin/closures",
  "/admin/price-book",
  "/admin/plans",
  "/plans",
  "/membership/not-a-real-token",
  "/appointments/not-a-real-token",
  "/unsubscribe/not-a-real-token",
  "/invoices/not-a-real-token/pay",
  "/estimates/not-a-real-token/deposit",
  "/book",
  "/book?service=panel-upgrades&windowStart=2030-01-07T14:00:00.000Z",
  "/book/confirmed?visit=1&key=x",
];

describe("fuzz: page actions", () => {
  it(
    "never answer 5xx to a random form body or content type, and a refusal stores nothing",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...pages()),
          roleArb,
          formBody,
          fc.constantFrom("POST", "POST", "PUT", "DELETE", "PATCH"),
          async (page, role, form, method) => {
            const { body, headers } = encodeForm(form);
            const before = await stored();
            const res = await fetch(`${stack.url}${page}`, {
              method,
              redirect: "manual",
              headers: { "X-Forwarded-For": randomIp(), ...headers, ...authHeaders(role, "cookie") },
              body,
            });
            const text = await res.text();
            tally.pages++;
            count(res.status);
            const what = `${method} ${page} as ${role} ${form.encoding} ${JSON.stringify(form.fields).slice(0, 300)} → ${res.status} ${text.slice(0, 200)}`;
            expect(res.status, what).toBeLessThan(500);
            if (res.status >= 400) expect(await stored(), what).toEqual(before);
            // A form no page has (an index past any list, a path too deep): a small 400 before any page reads it.
            if (
              (form.encoding === "urlencoded" || form.encoding === "multipart") &&
              form.fields.some(([name]) => formNameProblem(name))
            ) {
              expect(res.status, what).toBe(400);
              expect(text.length, what).toBeLessThan(10_000);
            }
            // Signing out through /logout ends the role's page session: sign in again.
            if (page === "/logout" && role !== "anonymous") await signIn(role);
          },
        ),
        { numRuns: PAGE_RUNS, seed: SEED, endOnFailure: true },
      );
    },
    timeout(PAGE_RUNS),
  );
});

/**
 * Extreme numbers (0, −1, 2³¹, 2⁵³, 1e308, "NaN", many decimals, exponent notation, and more:
 * `extremeNumber` of ../support/fuzz.ts) in every numeric field of every API route and of every page
 * form that takes a number, the other fields valid so the number reaches the service and the database
 * (docs/security.md, "Numbers within what the database holds"). Never a 5xx; a refusal is the error
 * shape (the API) and stores nothing.
 */
describe("fuzz: extreme numbers in every numeric field", () => {
  /** Bodies that pass every other check of their route, for the number to be the only question. */
  const goodBodies = (): Record<string, unknown> => ({
    "POST /api/jobs/{bookingId}/items": { description: "Wire", unitPriceCents: 100, quantityHundredths: 100 },
    "POST /api/price-book": { name: "Fuzz number", unitPriceCents: 100, unit: "each" },
    "PATCH /api/price-book/{id}": { unitPriceCents: 100 },
    "POST /api/plans": {
      name: "Fuzz plan",
      yearlyPriceCents: 100,
      visitsPerYear: 1,
      serviceType: "generator",
      discountPercent: 5,
      terms: "Fuzz terms",
    },
    "PUT /api/settings/sales-tax": { salesTaxRatePpm: 94_500 },
    "POST /api/estimates": {
      bookingId: Number(known.bookingId![0]),
      options: [{ name: "Good", discountCents: 0, items: [{ description: "Wire", quantity: 1, unitPriceCents: 100 }] }],
      depositPercent: 10,
    },
    "POST /api/invoices/{id}/payments": { method: "check", amountCents: 100 },
  });

  /** A path's parameters as the route's own records: the invoice's for /api/invoices/{id}, the item's for the price book. */
  function address(path: string) {
    const id = path.startsWith("/api/invoices")
      ? known.invoiceId![0]!
      : path.startsWith("/api/price-book")
        ? known.itemId![0]!
        : known.bookingId![0]!;
    return path.replace(/\{(\w+)\}/g, (_, name: string) => (name === "id" ? id : (known[name]?.[0] ?? id)));
  }

  interface NumberTarget {
    method: string;
    path: string;
    where: "body" | "query";
    field: Array<string | number>;
    base: unknown;
  }

  function numberTargets(): NumberTarget[] {
    const bodies = goodBodies();
    return operations().flatMap((op): NumberTarget[] => {
      const key = `${op.method} ${op.path}`;
      const base = bodies[key] ?? sampleBody(op.body, 20261125);
      const inBody = op.body
        ? numericPaths(op.body).map((field) => ({ ...op, where: "body" as const, field, base }))
        : [];
      const inQuery = op.parameters
        .filter((p) => p.in === "query" && numericPaths(p.schema).length > 0)
        .map((p) => ({ ...op, where: "query" as const, field: [p.name], base: null }));
      return [...inBody, ...inQuery];
    });
  }

  it("reaches every numeric field the API document has", () => {
    const fields = numberTargets().map((t) => `${t.method} ${t.path} ${t.field.join(".")}`);
    for (const expected of [
      "POST /api/jobs/{bookingId}/items quantityHundredths",
      "POST /api/jobs/{bookingId}/items unitPriceCents",
      "POST /api/price-book unitPriceCents",
      "PATCH /api/price-book/{id} unitPriceCents",
      "POST /api/plans yearlyPriceCents",
      "POST /api/plans visitsPerYear",
      "POST /api/plans discountPercent",
      "PUT /api/settings/sales-tax salesTaxRatePpm",
      "POST /api/estimates options.0.items.0.quantity",
      "POST /api/estimates options.0.items.0.unitPriceCents",
      "POST /api/estimates options.0.discountCents",
      "POST /api/estimates depositPercent",
      "POST /api/invoices/{id}/payments amountCents",
    ])
      expect(fields).toContain(expected);
  });

  it(
    "the JSON API: never a 5xx, refusals in the error shape, nothing stored by a refusal",
    async () => {
      const targets = numberTargets();
      // Each field of the bodies first gets each core value; the query's (limits, days) get the random ones.
      const examples = targets
        .filter((t) => t.where === "body")
        .flatMap((t) => coreExtremeNumbers.map((n): [NumberTarget, unknown] => [t, n]));
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...targets), extremeNumber, async (target, number) => {
          let url = `${stack.url}${address(target.path)}`;
          let body: string | undefined;
          if (target.where === "query") url += `?${new URLSearchParams({ [String(target.field[0])]: String(number) })}`;
          else body = JSON.stringify(withNumberAt(target.base, target.field, number));
          const before = await stored();
          const res = await fetch(url, {
            method: target.method,
            headers: {
              "X-Forwarded-For": randomIp(),
              ...(body === undefined ? {} : { "Content-Type": "application/json" }),
              ...authHeaders("admin", "bearer"),
            },
            body,
          });
          const text = await res.text();
          tally.api++;
          count(res.status);
          const what = `${target.method} ${url.slice(stack.url.length, 200)} ${target.field.join(".")}=${String(number).slice(0, 60)} ${body?.slice(0, 200)} → ${res.status} ${text.slice(0, 300)}`;
          expect(res.status, what).toBeLessThan(500);
          if (res.status >= 400) {
            expect(errorSchema.safeParse(JSON.parse(text)).success, what).toBe(true);
            expect(await stored(), what).toEqual(before);
          }
        }),
        // Examples count among the runs: every one first, then NUMBER_RUNS drawn at random.
        { numRuns: examples.length + NUMBER_RUNS, seed: SEED, endOnFailure: true, examples },
      );
    },
    timeout(NUMBER_RUNS + 600),
  );

  /** Every page form that takes a number: its valid fields, and which of them are numbers. */
  interface PageForm {
    page: string;
    role: Role;
    fields: Record<string, string>;
    numbers: string[];
  }
  const pageForms = (): PageForm[] => {
    const bookingId = known.bookingId![0]!;
    const invoiceId = known.invoiceId![0]!;
    const itemId = known.itemId![0]!;
    const line = "options[0].lines[0]";
    return [
      {
        page: "/jobs",
        role: "admin",
        fields: { intent: "job-item-add", bookingId, description: "Wire", unitPrice: "1.00", quantity: "1" },
        numbers: ["quantity", "unitPrice", "bookingId", "priceBookItemId"],
      },
      {
        page: "/jobs",
        role: "admin",
        fields: { intent: "job-item-remove", bookingId, itemId: "1" },
        numbers: ["itemId", "bookingId"],
      },
      {
        page: "/jobs",
        role: "admin",
        fields: { intent: `invoice-payment:${invoiceId}`, method: "check", amount: "1.00" },
        numbers: ["amount"],
      },
      {
        page: "/jobs",
        role: "technician",
        fields: { intent: "on-the-way", bookingId, minutes: "15" },
        numbers: ["minutes", "bookingId"],
      },
      {
        page: "/jobs",
        role: "technician",
        fields: { intent: "working-days", days: "1" },
        numbers: ["days"],
      },
      {
        page: "/admin/price-book",
        role: "admin",
        fields: { intent: "add-item", name: "Fuzz number", unitPrice: "1.00", unit: "each" },
        numbers: ["unitPrice"],
      },
      {
        page: "/admin/price-book",
        role: "admin",
        fields: { intent: "edit-item", id: itemId, name: "Fuzz item", unitPrice: "89.00", unit: "each" },
        numbers: ["unitPrice", "id"],
      },
      {
        page: "/admin/price-book",
        role: "admin",
        fields: { intent: "set-sales-tax", salesTaxRate: "9.45" },
        numbers: ["salesTaxRate"],
      },
      {
        page: "/admin/estimates/new",
        role: "admin",
        fields: {
          bookingId,
          depositPercent: "10",
          "options[0].name": "Good",
          "options[0].discount": "1.00",
          [`${line}.description`]: "Wire",
          [`${line}.price`]: "1.00",
          [`${line}.quantity`]: "1",
        },
        numbers: [
          `${line}.price`,
          `${line}.quantity`,
          `${line}.item`,
          "options[0].discount",
          "depositPercent",
          "bookingId",
        ],
      },
      {
        page: `/admin/invoices/${invoiceId}`,
        role: "admin",
        fields: { intent: "record-payment", method: "check", amount: "1.00" },
        numbers: ["amount"],
      },
      {
        page: `/admin/bookings/${bookingId}`,
        role: "admin",
        fields: { intent: "create-invoice", bookingId },
        numbers: ["bookingId"],
      },
    ];
  };

  it(
    "the page forms: never a 5xx, nothing stored by a refusal",
    async () => {
      const forms = pageForms();
      // Each amount, quantity, rate and percent first gets each core value (ids, minutes and days the random ones).
      const examples = forms.flatMap((form) =>
        form.numbers
          .filter((field) => !/(^|\.)(bookingId|itemId|id|item|priceBookItemId|minutes|days)$/.test(field))
          .flatMap((field) =>
            coreExtremeTexts.map((n): [{ form: PageForm; field: string }, string] => [{ form, field }, n]),
          ),
      );
      const target = fc
        .constantFrom(...forms)
        .chain((form) => fc.record({ form: fc.constant(form), field: fc.constantFrom(...form.numbers) }));
      await fc.assert(
        fc.asyncProperty(target, extremeNumberText, async ({ form, field }, number) => {
          const fields = { ...form.fields, [field]: number };
          const before = await stored();
          const res = await fetch(`${stack.url}${form.page}`, {
            method: "POST",
            redirect: "manual",
            headers: {
              "X-Forwarded-For": randomIp(),
              "Content-Type": "application/x-www-form-urlencoded",
              ...authHeaders(form.role, "cookie"),
            },
            body: new URLSearchParams(fields).toString(),
          });
          const text = await res.text();
          tally.pages++;
          count(res.status);
          const what = `POST ${form.page} as ${form.role} ${field}=${number.slice(0, 60)} ${JSON.stringify(fields).slice(0, 300)} → ${res.status} ${text.slice(0, 200)}`;
          expect(res.status, what).toBeLessThan(500);
          if (res.status >= 400) expect(await stored(), what).toEqual(before);
        }),
        { numRuns: examples.length + NUMBER_RUNS, seed: SEED, endOnFailure: true, examples },
      );
    },
    timeout(NUMBER_RUNS + 300),
  );
});
