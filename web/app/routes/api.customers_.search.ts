import type { LoaderFunctionArgs } from "@remix-run/node";
import { customerSearchQuerySchema } from "@app/shared/api/admin";
import { searchCustomers } from "~/features/customers/customers.server";
import { apiHandler, jsonResponse, validate, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { z } from "@app/shared/zod";
import { customerJson } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** GET /api/customers/search?name=… or ?ids=1,2,3 (admin): an array of {id, name, email, phone}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const query = validate(
      customerSearchQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
      "Invalid query",
    );
    return jsonResponse(await searchCustomers(context, query));
  });
}

export const action = () => methodNotAllowed(["GET"]);

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/customers/search",
  summary: "Customers by part of a name or email, or by ids",
  access: "admin",
  query: customerSearchQuerySchema,
  success: { status: 200, description: "An array of customers", schema: z.array(customerJson) },
  refusals: [401, 403],
});
