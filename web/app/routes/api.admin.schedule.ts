import type { LoaderFunctionArgs } from "@remix-run/node";
import { readDaySchedule } from "~/features/scheduling/availability.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** GET /api/admin/schedule?date=YYYY-MM-DD (admin): a day's windows and the technicians free in each. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    return apiResult(await readDaySchedule(context, Object.fromEntries(new URL(request.url).searchParams)));
  });
}

export const action = () => methodNotAllowed(["GET"]);
