import type { LoaderFunctionArgs } from "@remix-run/node";
import { dispatchBoard } from "~/features/dispatch/board.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/dispatch?date=YYYY-MM-DD[&view=week] (admin): the dispatch board as the page renders it,
 * `{ success, date, view, timeZone, days, technicians: [{ id, name, workingHours, visits }],
 * unassigned }` (docs/product.md#dispatch-board). 400 for a date or view that is not one.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    return apiResult(await dispatchBoard(context, Object.fromEntries(new URL(request.url).searchParams)));
  });
}

export const action = () => methodNotAllowed(["GET"]);
