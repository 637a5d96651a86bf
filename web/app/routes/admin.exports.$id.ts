import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportDownload } from "~/features/bookings/csv-export-link.server";
import { methodNotAllowed } from "~/utils/api.server";

/** GET /admin/exports/{id}?expires=…&signature=…: an emailed export's file (features/bookings/csv-export-link.server.ts). */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  return exportDownload(request, params.id, context);
}

export const action = () => methodNotAllowed(["GET"]);
