/**
 * GET /api/openapi.json as the production build serves it is, byte for byte, the document
 * made from the contracts the `api.*` routes declare beside their handlers (`api.<route>.contract.ts`)
 * (docs/decisions/023-api-described-beside-its-handler.md), gathered here by this test's
 * own glob of the route folder rather than through the app's catalogue.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Endpoint } from "@app/shared/api/endpoint";
import { openApiDocument } from "@app/shared/api/openapi.server";
import { type Stack } from "../support/stack";
import { sharedStack } from "../support/shared-stack";

const modules = import.meta.glob<{ contract?: Endpoint[] }>("../../web/app/routes/api.*.contract.ts", { eager: true });

let stack: Stack;
beforeAll(async () => {
  stack = await sharedStack();
}, 120_000);

describe("GET /api/openapi.json", () => {
  it("is the document of the routes' own contracts, byte for byte", async () => {
    const declared = Object.keys(modules)
      .sort()
      .flatMap((file) => modules[file]!.contract ?? []);
    expect(declared.length).toBeGreaterThan(50);
    const res = await fetch(`${stack.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(JSON.stringify(openApiDocument(declared)));
  });
});
