import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiDocument } from "~/utils/api-catalogue.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** GET /api/openapi.json (public): the OpenAPI 3.1 document of the JSON API, made from the schemas that validate it. */
export async function loader({ context }: LoaderFunctionArgs) {
  return apiHandler(context, () => Promise.resolve(jsonResponse(apiDocument())));
}

export const action = () => methodNotAllowed(["GET"]);

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/openapi.json",
  summary: "This document",
  access: "public",
  success: { status: 200, description: "The OpenAPI 3.1 document of the JSON API" },
  refusals: [],
});
