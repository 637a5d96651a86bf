import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { currentFeedUrl, revokeFeed, rotateFeed } from "~/features/calendar/calendar-feed.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { feedUrl } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

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

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints(
  {
    method: "GET",
    path: "/api/admin/calendar-feed",
    summary: "The caller's private calendar feed address, or null",
    access: "admin",
    success: { status: 200, description: "The address", schema: feedUrl },
    refusals: [401, 403],
  },
  {
    method: "POST",
    path: "/api/admin/calendar-feed",
    summary: "A new private calendar feed address (the old one stops working)",
    access: "admin",
    success: { status: 201, description: "The new address", schema: feedUrl },
    refusals: [401, 403],
  },
  {
    method: "DELETE",
    path: "/api/admin/calendar-feed",
    summary: "No calendar feed",
    access: "admin",
    success: { status: 200, description: "Removed", schema: feedUrl },
    refusals: [401, 403],
  },
);
