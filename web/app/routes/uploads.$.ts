import type { LoaderFunctionArgs } from "@remix-run/node";
import { signedPhotoResponse } from "~/features/jobs/photo-link.server";

/** GET /uploads/<key>?expires=…&signature=…: a job photo on disk, through its signed address (docs/security.md#job-photos). */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  return signedPhotoResponse(context, params["*"] ?? "", new URL(request.url));
}
