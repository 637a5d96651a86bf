import type { LoaderFunctionArgs } from "@remix-run/node";
import { readAvailability } from "~/features/scheduling/availability.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";

/** GET /api/availability?from=YYYY-MM-DD&days=N (public): the open arrival windows (docs/product.md#json-api). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () =>
    apiResult(await readAvailability(context, Object.fromEntries(new URL(request.url).searchParams))),
  );
}

export const action = () => methodNotAllowed(["GET"]);
