import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarDay } from "~/features/calendar/calendar.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /admin/calendar/day?date=YYYY-MM-DD (admin): the calendar's day dialog
 * reads its day here when it opens, and again when the page's data reloads
 * (docs/product.md#calendar). 400 `{ success: false, message, errors }` for a
 * date that is not one; 401 / 403 from the guard. Never stored.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const response = await apiHandler(context, async () => {
    await requireAdmin(request, context);
    return apiResult(await calendarDay(context, Object.fromEntries(new URL(request.url).searchParams)));
  });
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}

export const action = () => methodNotAllowed(["GET"]);
