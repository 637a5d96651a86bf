/**
 * Request generators for the fuzz test (tests/integration/fuzz.test.ts):
 * values derived from the JSON schemas of the OpenAPI document, mixed with
 * the values an attacker tries first (wrong types, edge numbers and dates,
 * deep and huge bodies, odd content types).
 */
import fc from "fast-check";

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

const edgeNumbers = [
  0,
  -1,
  1,
  2,
  0.5,
  -0.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

const edgeNumberTexts = [
  "0",
  "-1",
  "1",
  "2147483647",
  "2147483648",
  "9999999999999",
  "99999999999999999999",
  "1e309",
  "-1e309",
  "Infinity",
  "NaN",
  "0x10",
  "1.5",
  " 7 ",
  "07",
  "",
  "1,2",
  "+1",
  "١٢",
];

/**
 * Extreme numbers (docs/security.md, "Numbers within what the database holds"): 0, −1, the edges of
 * PostgreSQL's integer and of the money module (2³¹, 2⁵³, $10,000,000.00, 9,999.99), huge, 1e308,
 * many decimals and exponent notation, as JSON numbers and as the texts a form posts ("NaN", "1e5").
 */
const extremeNumberValues = [
  0,
  -0,
  -1,
  1,
  0.01,
  0.001,
  0.1 + 0.2,
  1.23456789012345,
  99.999,
  9_999.99,
  10_000,
  999_999,
  1_000_000,
  999_999.99,
  99_999_999,
  1_000_000_000,
  1_000_000_001,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_648,
  -2_147_483_649,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e15,
  1e21,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  5e-324,
];

const extremeNumberTexts = [
  ...extremeNumberValues.map(String),
  "NaN",
  "-NaN",
  "Infinity",
  "-Infinity",
  "1e5",
  "1E3",
  "1e-7",
  "9.99e2",
  "1e308",
  "1e309",
  "0x7fffffff",
  "0b11",
  "1_000",
  "10,000",
  "10,000,000.00",
  "10,000,000.01",
  "$99,999,999,999.99",
  "9999.99",
  "9999.999",
  "10000",
  "10000.00",
  "1.123456789",
  "0.0000000001",
  "00000000000000000001",
  "9".repeat(400),
  "1." + "9".repeat(400),
  "-0",
  "+5",
  " 1 ",
  "1 000",
  "25%",
  "100%",
  "101",
  "١٠",
];

/** The few that find most: every numeric field gets each of these first (as fast-check's examples), then random ones. */
export const coreExtremeNumbers: unknown[] = [
  0,
  -1,
  0.001,
  1.123456789,
  9_999.99,
  999_999.99,
  1_000_000_001,
  2 ** 31,
  2 ** 53 + 2,
  1e308,
  "NaN",
];
export const coreExtremeTexts = [
  "0",
  "-1",
  "10000",
  "9999.999",
  "1e5",
  "NaN",
  "2147483648",
  "9007199254740993",
  "1e308",
  "1.123456789",
  "10000000.01",
];

/** An extreme number as a JSON body carries it: a number, or now and then the text of one. */
export const extremeNumber: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...extremeNumberValues) },
  { weight: 2, arbitrary: fc.constantFrom(...extremeNumberTexts) },
  { weight: 1, arbitrary: fc.double({ noNaN: true }) },
  { weight: 1, arbitrary: fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String) },
);

/** An extreme number as a form posts it: text. */
export const extremeNumberText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...extremeNumberTexts) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.nat({ max: 99_999_999 }), fc.nat({ max: 9_999 }))
      .map(([whole, part]) => `${whole.toLocaleString("en-US")}.${part}`),
  },
);

/** Where a JSON schema holds a number: each path (an array's first item stands for every item). */
export function numericPaths(
  schema: JsonSchema | undefined,
  at: Array<string | number> = [],
  depth = 0,
): Array<Array<string | number>> {
  if (!schema || depth > 8) return [];
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options?.length) {
    const seen = new Map<string, Array<string | number>>();
    for (const option of options)
      for (const path of numericPaths(option, at, depth + 1)) seen.set(path.join("."), path);
    return [...seen.values()];
  }
  const type = schemaType(schema);
  if (type === "integer" || type === "number") return [at];
  if (type === "array") return numericPaths(schema.items, [...at, 0], depth + 1);
  if (type === "object")
    return Object.entries(schema.properties ?? {}).flatMap(([key, child]) =>
      numericPaths(child, [...at, key], depth + 1),
    );
  return [];
}

/** A sample body shaped by a JSON schema (the first that fast-check draws with `seed`), to set one number in. */
export function sampleBody(schema: JsonSchema | undefined, seed: number): unknown {
  return fc.sample(fromSchema(schema ?? { type: "object" }), { numRuns: 1, seed })[0];
}

/** `value` with `path` set to `number` (objects and arrays made on the way; the original untouched). */
export function withNumberAt(value: unknown, path: Array<string | number>, number: unknown): unknown {
  if (path.length === 0) return number;
  const [head, ...rest] = path;
  if (typeof head === "number") {
    const list = Array.isArray(value) ? [...(value as unknown[])] : [];
    list[head] = withNumberAt(list[head], rest, number);
    return list;
  }
  const record = value && typeof value === "object" && !Array.isArray(value) ? { ...(value as object) } : {};
  (record as Record<string, unknown>)[head!] = withNumberAt((record as Record<string, unknown>)[head!], rest, number);
  return record;
}

const edgeDates = [
  "0001-01-01T00:00:00Z",
  "0100-01-01T00:00:00Z",
  "0999-06-01T14:00:00Z",
  "1899-12-31T23:59:59Z",
  "1970-01-01T00:00:00Z",
  "2000-01-01T00:00:00Z",
  "2026-11-26T15:00:00Z",
  "2026-11-30T14:00:00-06:00",
  "2100-12-31T23:59:59-06:00",
  "2101-01-01T00:00:00Z",
  "9999-12-31T23:59:59Z",
  "2026-02-30T10:00:00Z",
  "2026-13-01T00:00:00Z",
  "2026-11-26T25:00:00Z",
  "+275760-09-13T00:00:00Z",
  "-000001-01-01T00:00:00Z",
  "2026-11-26",
  "2026-11-26T15:00",
  "2026-11-26T15:00:00.123456789Z",
];

const edgeLocalDates = [
  "0001-01-01",
  "0100-01-01",
  "0999-06-01",
  "1999-12-31",
  "2000-01-01",
  "2026-11-26",
  "2026-11-30",
  "2026-02-29",
  "2028-02-29",
  "2100-12-31",
  "2101-01-01",
  "9999-12-31",
  "2026-13-01",
  "2026-00-10",
  "26-11-26",
  "2026-1-1",
  "20261126",
];

const nastyStrings = [
  "' OR 1=1 --",
  '\'; DROP TABLE "Booking"; --',
  "<script>alert(1)</script>",
  "{{7*7}}",
  "${process.exit()}",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\u202Egnp.exe",
  "𝕳𝖊𝖑𝖑𝖔 👋🏽 \u200B",
  "../../etc/passwd",
  "%00",
  "%",
  "x;=1+1",
  '=HYPERLINK("http://evil.example")',
  "https://evil.example/login",
  "Your account is locked. Call +1 (900) 555-0199 now.",
  "a".repeat(1_001),
  "a".repeat(20_000),
  "__proto__",
  "constructor",
];

/** JSON nested `depth` deep inside an object: `{"a":[[[…]]]}`. */
const deepJson = (depth: number) => `{"a":${"[".repeat(depth)}${"]".repeat(depth)}}`;

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...nastyStrings),
  fc.constantFrom(...edgeNumbers),
  fc.constantFrom(...edgeNumberTexts),
  extremeNumber,
  fc.constantFrom(...edgeDates),
  fc.constantFrom(...edgeLocalDates),
  fc.constantFrom(null, true, false, [], {}, [1, 2], { $ne: null }, { __proto__: { isAdmin: true } }),
  fc.string({ unit: "binary", maxLength: 60 }),
);

function schemaType(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type[0] : schema.type;
}

/** Values that fit a JSON schema (or nearly: patterns are not followed), for a request to get past its first checks. */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((s) => fromSchema(s, depth + 1)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0], depth + 1);
  switch (schemaType(schema)) {
    case "string":
      return stringFor(schema);
    case "integer":
    case "number": {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
      const max = Math.min(schema.maximum ?? 100_000, 2_147_483_647);
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: Math.max(min, -2_147_483_648), max: Math.max(min, max) }) },
        { weight: 1, arbitrary: fc.constantFrom(...edgeNumbers) },
        { weight: 1, arbitrary: extremeNumber },
      );
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 4 });
    case "object": {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (!keys.length)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const key of keys) record[key] = fromSchema(properties[key], depth + 1);
      // Required keys are there most of the time, so requests reach the deeper checks.
      return fc.record(record, { requiredKeys: [] }).chain((value) =>
        fc.boolean().map((fill) => {
          if (!fill) return value;
          const out: Record<string, unknown> = { ...value };
          for (const key of schema.required ?? []) if (!(key in out)) out[key] = "x";
          return out;
        }),
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === "date-time") return fc.constantFrom(...edgeDates);
  if (schema.format === "email")
    return fc.oneof(fc.emailAddress(), fc.constantFrom("a@b", "@", "x".repeat(300) + "@example.com"));
  const max = schema.maxLength ?? 200;
  const plain = fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(max, 60) });
  return fc.oneof(
    { weight: 4, arbitrary: plain },
    { weight: 1, arbitrary: fc.constant("a".repeat(max + 1)) },
    { weight: 1, arbitrary: fc.constantFrom(...edgeLocalDates) },
    { weight: 1, arbitrary: fc.constantFrom("Jane", "Thibodeaux", "O'Neil", "(225) 555-0123", "jane@example.com") },
  );
}

/** A body for an operation: mostly shaped like its schema with a hostile value here and there, sometimes anything at all. */
export function bodyFor(schema: JsonSchema | undefined): fc.Arbitrary<{ raw: string; contentType?: string }> {
  const shaped = fromSchema(schema ?? { type: "object" });
  const mutated = fc
    .tuple(shaped, fc.option(fc.tuple(fc.constantFrom(...Object.keys(schema?.properties ?? { x: 1 })), hostileValue)))
    .map(([value, change]) => {
      if (!change || !value || typeof value !== "object" || Array.isArray(value)) return value;
      return { ...(value as object), [change[0]]: change[1] };
    });
  const json = fc.oneof(
    { weight: 6, arbitrary: mutated.map((v) => JSON.stringify(v) ?? "null") },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "",
        "{",
        "[]",
        "null",
        "7",
        '"x"',
        '{"a":',
        "\u0000",
        '{"__proto__":{"isAdmin":true}}',
        deepJson(30),
        deepJson(5_000),
        `{"a":"${"x".repeat(900_000)}"}`,
        `[${"1,".repeat(100_000)}1]`,
        `{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(",")}}`,
      ),
    },
  );
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant("application/json") },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        undefined,
        "text/plain",
        "application/json; charset=utf-16",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=xyz",
        "application/xml",
        "*/*",
        "application/json, text/html",
      ),
    },
  );
  return fc.record({ raw: json, contentType });
}

/** A query value for a parameter: shaped like its schema, or hostile. */
export function queryValueFor(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const shaped = fromSchema(schema).map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? "")));
  return fc.oneof(
    { weight: 3, arbitrary: shaped },
    { weight: 1, arbitrary: fc.constantFrom(...edgeNumberTexts, ...edgeLocalDates, ...edgeDates) },
    { weight: 1, arbitrary: fc.constantFrom(...nastyStrings.filter((s) => s.length < 2000)) },
  );
}

/** A path parameter: an existing id, an edge value, or junk. */
export function pathValueFor(schema: JsonSchema | undefined, known: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    { weight: 2, arbitrary: fc.constantFrom(...edgeNumberTexts.filter(Boolean)) },
    { weight: 1, arbitrary: queryValueFor(schema).filter((v) => v.length > 0) },
  );
}

/** A form body of random fields (the ones page actions read, with any values) and a content type. */
const formFields = [
  "intent",
  "email",
  "password",
  "confirmPassword",
  "firstName",
  "lastName",
  "phone",
  "service",
  "message",
  "name",
  "role",
  "userId",
  "status",
  "bookingId",
  "technicianId",
  "technician",
  "customerId",
  "summary",
  "details",
  "address",
  "priority",
  "scheduledDate",
  "date",
  "time",
  "windowStart",
  "token",
  "days",
  "sessionId",
  "reply",
  "redirectTo",
  "id",
  "emails",
  "reminders",
  "website",
  "text",
  "auditId",
  "customerAsked",
  "description",
  "unitPrice",
  "unit",
  "taxable",
  "active",
  "salesTaxRate",
  "quantity",
  "amount",
  "minutes",
  "itemId",
  "depositPercent",
];

const formIntents = [
  "login",
  "register",
  "request-reset",
  "reset",
  "resend-verification",
  "cancel",
  "reschedule",
  "email-preference",
  "take-over",
  "hand-back",
  "reply",
  "handled",
  "set-status",
  "on-the-way",
  "working-days",
  "create-customer",
  "create-booking",
  "assign-technician",
  "update-status",
  "merge-customer",
  "update-customer",
  "add-note",
  "resubscribe",
  "undo-merge",
  "calendar-feed-create",
  "calendar-feed-revoke",
  "retry",
  "request",
  "booking",
  "add-item",
  "edit-item",
  "set-active",
  "set-sales-tax",
  "job-item-add",
  "job-item-remove",
  "job-record",
  "record-payment",
];

type FormEncoding = "urlencoded" | "multipart" | "garbage-multipart" | "json" | "none" | "text";
interface FormBody {
  fields: Array<[string, string]>;
  encoding: FormEncoding;
}

/**
 * A field name as Conform reads a path (`options[0].lines[3].item`): within the bounds of the site's
 * forms, or past them (an index of millions, a path too deep or too long, an index that is no
 * number), which the server refuses before any page reads it (docs/security.md#forms-of-a-bounded-shape).
 */
const indexedFieldName: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom(...formFields), fc.integer({ min: 0, max: 99 })).map(([name, i]) => `${name}[${i}]`),
  fc
    .tuple(fc.constantFrom(...formFields, "zz"), fc.constantFrom(100, 1_000, 1_000_000, 10_000_000, 2 ** 31, 2 ** 53))
    .map(([name, i]) => `${name}[${i}]`),
  fc
    .tuple(fc.constantFrom("options", "zz"), fc.integer({ min: 0, max: 3 }), fc.nat({ max: 10_000_000 }))
    .map(([name, o, l]) => `${name}[${o}].lines[${l}].description`),
  fc.constantFrom("a.b.c.d.e.f.g.h", "zz[1][2][3][4][5][6]", "x".repeat(150), "zz[]", "zz[-1]", "zz[1e9]", "zz]["),
);

export const formBody: fc.Arbitrary<FormBody> = fc.record({
  fields: fc.array(
    fc.tuple(
      fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...formFields) }, { weight: 1, arbitrary: indexedFieldName }),
      fc.oneof(
        fc.constantFrom(...formIntents),
        fc.constantFrom(...edgeNumberTexts, ...edgeLocalDates, ...edgeDates),
        extremeNumberText,
        fc.constantFrom(...nastyStrings),
        fc.string({ maxLength: 40 }),
      ),
    ),
    { maxLength: 10 },
  ),
  encoding: fc.constantFrom<FormEncoding>("urlencoded", "multipart", "garbage-multipart", "json", "none", "text"),
});

/** Turns a generated form body into a request body and its headers. */
export function encodeForm({ fields, encoding }: FormBody): {
  body?: string | FormData;
  headers: Record<string, string>;
} {
  switch (encoding) {
    case "urlencoded":
      return {
        body: new URLSearchParams(fields).toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      };
    case "multipart": {
      const form = new FormData();
      for (const [k, v] of fields) form.append(k, v);
      return { body: form, headers: {} };
    }
    case "garbage-multipart":
      return { body: "garbage", headers: { "Content-Type": "multipart/form-data; boundary=xyz" } };
    case "json":
      return { body: JSON.stringify(Object.fromEntries(fields)), headers: { "Content-Type": "application/json" } };
    case "text":
      return { body: fields.map((f) => f.join("=")).join("\n"), headers: { "Content-Type": "text/plain" } };
    case "none":
      return { headers: {} };
  }
}
