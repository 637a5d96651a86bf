import { apiError } from "~/utils/api.server";

/** Any /api path that no route claims: a JSON 404, never an HTML page. */
const notFound = ({ request }: { request: Request }) =>
  apiError(404, `No API endpoint at ${request.method} ${new URL(request.url).pathname}`);

export const loader = notFound;
export const action = notFound;
