import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { endpoints } from "./endpoints.server";
import { openApiDocument } from "./openapi.server";

const routes = path.resolve(import.meta.dirname, "../../../../web/app/routes");

/** `api.bookings_.$id.merge-customer.ts` → `/api/bookings/{id}/merge-customer` (Remix's flat routes). */
function pathOf(file: string) {
  return (
    "/" +
    file
      .replace(/\.tsx?$/, "")
      .replace(/\[\.\]/g, "~")
      .split(".")
      .map((segment) =>
        segment
          .replace(/_$/, "")
          .replace(/^\$(.+)$/, "{$1}")
          .replace(/~/g, "."),
      )
      .join("/")
  );
}

/** The methods a route answers: what its 405 lists. */
function methodsOf(source: string) {
  const lists = [...source.matchAll(/methodNotAllowed\(\[([^\]]*)\]\)/g)].map((m) => m[1]!);
  return [...new Set(lists.flatMap((list) => [...list.matchAll(/"([A-Z]+)"/g)].map((m) => m[1]!)))].sort();
}

describe("the endpoint list", () => {
  const files = readdirSync(routes).filter((f) => f.startsWith("api.") && f !== "api.$.ts");

  it.each(files)("lists every method of %s", (file) => {
    const source = readFileSync(path.join(routes, file), "utf8");
    // Every API route answers every method itself: a 405 in the error shape, never Remix's own.
    expect(source).toMatch(/export (const|async function|function) loader/);
    expect(source).toMatch(/export (const|async function|function) action/);
    const listed = endpoints
      .filter((e) => e.path === pathOf(file))
      .map((e) => e.method)
      .sort();
    expect(listed).toEqual(methodsOf(source));
  });

  it("lists no endpoint without a route", () => {
    const paths = new Set(files.map(pathOf));
    expect(endpoints.filter((e) => !paths.has(e.path))).toEqual([]);
  });

  it("makes an OpenAPI 3.1 document with each endpoint's roles, parameters, body and answers", () => {
    const doc = openApiDocument() as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            "x-roles": string[];
            parameters: Array<{ name: string }>;
            requestBody?: unknown;
            responses: Record<string, unknown>;
          }
        >
      >;
    };
    expect(doc.openapi).toBe("3.1.0");
    const patch = doc.paths["/api/bookings/{id}"]!.patch!;
    expect(patch["x-roles"]).toEqual(["admin"]);
    expect(patch.parameters.map((p) => p.name)).toEqual(["id"]);
    expect(patch.requestBody).toBeDefined();
    expect(Object.keys(patch.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403", "404", "409"]));
    expect(doc.paths["/api/availability"]!.get!.parameters.map((p) => p.name)).toEqual(["from", "days"]);
  });
});
