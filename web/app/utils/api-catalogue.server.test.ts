import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@app/shared/api/openapi.server";
import { apiEndpoints } from "./api-catalogue.server";

const routes = path.resolve(import.meta.dirname, "../routes");

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

/** Each route's own contract, read from the file beside it (not through the catalogue). */
const contracts = import.meta.glob<{ contract: Array<{ method: string; path: string }> }>(
  "../routes/api.*.contract.ts",
  {
    eager: true,
  },
);

describe("the routes' contracts", () => {
  const files = readdirSync(routes).filter(
    (f) => f.startsWith("api.") && f !== "api.$.ts" && !f.endsWith(".contract.ts"),
  );

  it.each(files)("%s declares a contract for every method it answers, at its own path", (file) => {
    const source = readFileSync(path.join(routes, file), "utf8");
    // Every API route answers every method itself: a 405 in the error shape, never Remix's own.
    expect(source).toMatch(/export (const|async function|function) loader/);
    expect(source).toMatch(/export (const|async function|function) action/);
    const contract = contracts[`../routes/${file.replace(/\.ts$/, ".contract.ts")}`]?.contract ?? [];
    expect(contract.map((e) => e.path)).toEqual(contract.map(() => pathOf(file)));
    expect(contract.map((e) => e.method).sort()).toEqual(methodsOf(source));
  });

  it("has no contract without its route", () => {
    for (const file of Object.keys(contracts))
      expect(files).toContain(file.replace(/^\.\.\/routes\//, "").replace(/\.contract\.ts$/, ".ts"));
  });

  it("gathers every route's contract, and nothing else", () => {
    const declared = Object.values(contracts).flatMap((module) => module.contract);
    expect(apiEndpoints()).toHaveLength(declared.length);
    expect(new Set(apiEndpoints())).toEqual(new Set(declared));
  });

  it("makes an OpenAPI 3.1 document with each endpoint's roles, parameters, body and answers", () => {
    const doc = openApiDocument(apiEndpoints()) as {
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
