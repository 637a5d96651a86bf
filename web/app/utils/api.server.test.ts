import { describe, expect, it } from "vitest";
import { apiHandler, assertPlainText, MAX_JSON_DEPTH, readJsonObject } from "./api.server";

const post = (body: string) => new Request("http://test.local/api/x", { method: "POST", body });

/** The Response readJsonObject threw, with its JSON body. */
async function refusal(body: string) {
  const thrown: unknown = await readJsonObject(post(body)).then(
    () => null,
    (error: unknown) => error,
  );
  if (!(thrown instanceof Response)) throw new Error(`expected a thrown Response, got ${String(thrown)}`);
  return { status: thrown.status, json: (await thrown.json()) as Record<string, unknown> };
}

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const MB = 1024 * 1024;

/** Bodies of about 1 MB: one array of half a million numbers, of 250,000 strings, of many deep chains, and one deep chain. */
const bigBodies = {
  wide: `{"a":[${Array<string>(MB / 2 - 8)
    .fill("0")
    .join(",")}]}`,
  strings: `{"a":[${Array<string>(MB / 4 - 8)
    .fill('"x"')
    .join(",")}]}`,
  chains: `{"a":[${Array<string>(170).fill(nested(3000)).join(",")}]}`,
  deep: `{"a":${nested(MB / 2 - 4)}}`,
};

describe("readJsonObject", () => {
  it(`takes a body nested ${MAX_JSON_DEPTH} deep and refuses one level more with the error shape`, async () => {
    // The body itself is the first level.
    await expect(readJsonObject(post(`{"a":${nested(MAX_JSON_DEPTH - 1)}}`))).resolves.toBeTruthy();
    const { status, json } = await refusal(`{"a":${nested(MAX_JSON_DEPTH)}}`);
    expect(status).toBe(400);
    expect(json).toMatchObject({ success: false, message: expect.any(String), errors: expect.any(Object) });
  });

  it("refuses a body nested 5,000 deep (10 KB) with a 400, not a stack overflow", async () => {
    const { status, json } = await refusal(`{"a":${nested(5000)}}`);
    expect(status).toBe(400);
    expect(json).toMatchObject({ success: false, message: "Request body is nested too deeply" });
  });

  it("names the field holding a NUL character, however it is nested", async () => {
    const { status, json } = await refusal('{"ok":"yes","keys":{"auth":["x","a\\u0000b"]}}');
    expect(status).toBe(400);
    expect(json).toMatchObject({ success: false, errors: { "keys.auth.1": "Contains a NUL character" } });
    const key = await refusal('{"keys":{"a\\u0000":"x"}}');
    expect(key.json).toMatchObject({ errors: { keys: "Contains a NUL character" } });
  });

  it.each(Object.entries(bigBodies))("walks a 1 MB %s body quickly", (name, body) => {
    const value: unknown = JSON.parse(body);
    const walk = () => {
      try {
        assertPlainText(value);
        return "taken";
      } catch (thrown) {
        // Refused with the API's answer, not a RangeError.
        expect(thrown).toBeInstanceOf(Response);
        return "refused";
      }
    };
    expect(walk()).toBe(name === "deep" || name === "chains" ? "refused" : "taken");
    // The fastest of five walks, so that a busy machine's pauses do not count: a few milliseconds
    // here (the deep ones stop at MAX_JSON_DEPTH), where the recursive walk building a path for
    // every value took 70-280 ms and overflowed the stack on the deep one.
    const times = Array.from({ length: 5 }, () => {
      const started = performance.now();
      walk();
      return performance.now() - started;
    });
    expect(Math.min(...times)).toBeLessThan(name === "deep" || name === "chains" ? 5 : 50);
  });
});

describe("apiHandler", () => {
  const failWith = (code: string, message: string) =>
    apiHandler({}, () => Promise.reject(Object.assign(new Error(message), { code })));

  it("answers 503 with Retry-After, not 500, when a transaction waited too long for a database connection", async () => {
    // What Prisma throws when a burst queues transactions behind the pool for longer than their maxWait.
    const res = await failWith("P2028", "Transaction API error: Unable to start a transaction in the given time.");
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("30");
    expect(await res.json()).toMatchObject({ success: false, message: expect.any(String) });
  });

  it("still answers 500 for an error that is a bug", async () => {
    expect((await failWith("P2002", "Unique constraint failed")).status).toBe(500);
  });
});
