import type { ActionFunctionArgs } from "@remix-run/node";
import { NEW_CUSTOMER_MISSING_MESSAGE, newCustomerSchema } from "@app/shared/api/admin";
import { createCustomer, customerCreatedMessage } from "@app/shared/booking/create-customer.server";
import { apiHandler, jsonResponse, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** POST /api/customers (admin) {name, email, phone, askToText?: "on"}. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const admin = await requireAdmin(request, context);
    const input = validate(newCustomerSchema, await readJsonObject(request), NEW_CUSTOMER_MISSING_MESSAGE);
    const { customer, asked } = await createCustomer(context, input, admin);
    return jsonResponse({ success: true, customer, message: customerCreatedMessage(asked) }, { status: 201 });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
