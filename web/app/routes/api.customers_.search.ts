import type { LoaderFunctionArgs } from "@remix-run/node";
import { customerSearchQuerySchema } from "@app/shared/api/admin";
import { searchCustomers } from "~/features/customers/customers.server";
import { apiHandler, jsonResponse, validate, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

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
