import type { Endpoint } from "@app/shared/api/endpoint";
import { openApiDocument } from "@app/shared/api/openapi.server";

/**
 * The JSON API's catalogue: the contract every `api.*` route declares beside its
 * handler (`export const contract` in `api.<route>.contract.ts` next to the route
 * file, which Remix ignores; packages/shared/src/api/endpoint.ts), gathered from the
 * route folder with no list kept by hand. A new contract file is in it, and in
 * GET /api/openapi.json, by being there.
 */
const routes = import.meta.glob<{ contract?: Endpoint[] }>("../routes/api.*.contract.ts", { eager: true });

/**
 * Every endpoint, route by route in the folder's order. Read from the modules when asked, not when
 * this one loads.
 */
export function apiEndpoints(): Endpoint[] {
  return Object.keys(routes)
    .sort()
    .flatMap((file) => routes[file]!.contract ?? []);
}

let document: object | undefined;

/** The OpenAPI 3.1 document of the whole API (built once: it depends only on the contracts). */
export function apiDocument(): object {
  return (document ??= openApiDocument(apiEndpoints()));
}
