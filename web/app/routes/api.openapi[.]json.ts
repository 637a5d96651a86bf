import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiDocument } from "~/utils/api-catalogue.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";

/** GET /api/openapi.json (public): the OpenAPI 3.1 document of the JSON API, made from the schemas that validate it. */
export async function loader({ context }: LoaderFunctionArgs) {
  return apiHandler(context, () => Promise.resolve(jsonResponse(apiDocument())));
}

export const action = () => methodNotAllowed(["GET"]);
