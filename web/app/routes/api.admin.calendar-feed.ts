import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { currentFeedUrl, revokeFeed, rotateFeed } from "~/features/calendar/calendar-feed.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** GET: the signed-in admin's private calendar feed address (or null). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    const admin = await requireAdmin(request, context);
    return jsonResponse({ success: true, url: await currentFeedUrl(context, admin.id) });
  });
}

/** POST: a new address (the old one stops working). DELETE: no feed. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    const admin = await requireAdmin(request, context);
    if (request.method === "POST")
      return jsonResponse({ success: true, url: await rotateFeed(context, admin.id) }, { status: 201 });
    if (request.method === "DELETE") {
      await revokeFeed(context, admin.id);
      return jsonResponse({ success: true, url: null });
    }
    return methodNotAllowed(["GET", "POST", "DELETE"]);
  });
}
