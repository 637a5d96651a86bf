import type { LoaderFunctionArgs } from "@remix-run/node";
import { bookingsExportSchema } from "@app/shared/api/exports";
import { bookingsExport, queuedMessage } from "~/features/bookings/bookings-csv.server";
import { apiHandler, jsonResponse, methodNotAllowed, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/bookings/export.csv (admin): the bookings as the /admin/bookings list shows them, newest
 * first: the list's `q` (its search), `status`, `priority`, the API's `customerId`, and a range of
 * scheduled days `from`, `to` (YYYY-MM-DD, Baton Rouge, both included; or instants in ISO 8601 with
 * their offset, `to` excluded). 400 naming a parameter that is not valid. Counted first: up to
 * 20,000 rows the file is streamed (chunked, a batch at a time); past that, 202 with
 * `{ success: true, message, export: { id, rowCount, email, expiresAt } }`, and the worker emails the
 * asker a link to the file (docs/product.md#bookings-list, docs/decisions/022-exports-that-finish.md).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    const admin = await requireAdmin(request, context);
    const query = validate(
      bookingsExportSchema,
      Object.fromEntries(new URL(request.url).searchParams),
      "Invalid filters",
    );
    const answer = await bookingsExport(context, admin, query);
    if ("streamed" in answer) return answer.streamed;
    return jsonResponse(
      { success: true, message: queuedMessage(answer.queued, "bookings"), export: answer.queued },
      { status: 202 },
    );
  });
}

export const action = () => methodNotAllowed(["GET"]);
