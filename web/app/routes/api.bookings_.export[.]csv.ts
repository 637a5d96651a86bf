import type { LoaderFunctionArgs } from "@remix-run/node";
import { bookingListQuerySchema } from "@app/shared/api/admin";
import { businessDate } from "@app/shared/time";
import { bookingsCsv } from "~/features/admin/bookings-csv.server";
import { csvResponse } from "~/utils/csv.server";
import { apiHandler, apiResult, methodNotAllowed, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/bookings/export.csv (admin): the bookings list as filtered, with the
 * same `status`, `priority`, `customerId`, `from`, `to` parameters as GET /api/bookings
 * (400 naming a parameter that is not valid). The file is built whole before the
 * answer starts, and sent with its length: it arrives complete, or the answer
 * is an error status (docs/product.md#admin).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const params = Object.fromEntries(new URL(request.url).searchParams);
    delete params.limit;
    delete params.cursor;
    const { limit: _limit, cursor: _cursor, ...filters } = validate(bookingListQuerySchema, params, "Invalid filters");
    const csv = await bookingsCsv(context, filters);
    if (!csv.ok) return apiResult(csv);
    const day = businessDate(new Date());
    return csvResponse(csv.value.chunks, `bookings-${filters.status ?? "all"}-${day}.csv`);
  });
}

export const action = () => methodNotAllowed(["GET"]);
