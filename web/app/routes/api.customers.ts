import type { ActionFunctionArgs } from "@remix-run/node";
import { NEW_CUSTOMER_MISSING_MESSAGE, newCustomerSchema } from "@app/shared/api/admin";
import { createCustomer } from "~/features/customers/customers.server";
import { apiHandler, jsonResponse, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** POST /api/customers (admin) {name, email, phone}. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await requireAdmin(request, context);
    const input = validate(newCustomerSchema, await readJsonObject(request), NEW_CUSTOMER_MISSING_MESSAGE);
    const customer = await createCustomer(context, input);
    return jsonResponse({ success: true, customer, message: "Customer created successfully" }, { status: 201 });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
