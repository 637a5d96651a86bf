import type { LoaderFunctionArgs } from "@remix-run/node";
import { bookingListQuerySchema } from "@app/shared/api/admin";
import { businessDate } from "@app/shared/time";
import { bookingsCsvStream } from "~/features/admin/bookings-csv.server";
import { apiHandler, validate, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/bookings/export.csv (admin): the bookings list as filtered, with the
 * same `status`, `priority`, `customerId`, `from`, `to` parameters as GET /api/bookings.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const params = Object.fromEntries(new URL(request.url).searchParams);
    delete params.limit;
    delete params.cursor;
    const { limit: _limit, cursor: _cursor, ...filters } = validate(bookingListQuerySchema, params, "Invalid filters");
    const day = businessDate(new Date());
    return new Response(bookingsCsvStream(context, filters), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="bookings-${filters.status ?? "all"}-${day}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  });
}

export const action = () => methodNotAllowed(["GET"]);
