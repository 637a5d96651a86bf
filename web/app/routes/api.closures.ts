import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { closureListQuerySchema, newClosureSchema } from "@app/shared/api/scheduling";
import { addClosure } from "@app/shared/scheduling/closures.server";
import { listClosures } from "~/features/scheduling/closed-days.server";
import { apiHandler, apiResult, jsonResponse, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/closures?from=YYYY-MM-DD&to=YYYY-MM-DD (admin): `{ success, closures }`, the closed days
 * in date order (from today unless `from` is given), each `{ date, reason, holiday, addedBy,
 * createdAt, visits }` with the visits on it that are not cancelled (docs/product.md#closed-days).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const range = validate(
      closureListQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
      "Invalid query",
    );
    return jsonResponse({ success: true, closures: await listClosures(context.services.db, range) });
  });
}

/**
 * POST /api/closures (admin) `{ date: "YYYY-MM-DD", reason }`: 201 `{ success, closure }`; a date in
 * the past answers 400, a day already closed 409, each on the `date` field.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const admin = await requireAdmin(request, context);
    const input = validate(newClosureSchema, await readJsonObject(request));
    return apiResult(await addClosure(context.services.db, admin, input), ({ closure }) => ({
      closure: { date: closure.date, reason: closure.reason, holiday: closure.holiday },
    }));
  });
}
