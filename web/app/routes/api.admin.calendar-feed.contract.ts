import { feedUrl } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.admin.calendar-feed.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
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
