import { pushSubscriptionSchema, pushUnsubscribeSchema } from "@app/shared/api/push.server";
import { message, ok, okMessage } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.push.subscriptions.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints(
  {
    method: "POST",
    path: "/api/push/subscriptions",
    summary: "This device gets the caller's alerts (201 new, 200 saved before)",
    access: "staff",
    body: pushSubscriptionSchema({ extraHosts: [] }),
    success: { status: 201, description: "Subscribed", schema: okMessage },
    refusals: [401, 403, 404],
    storesNothingWhenRefused: true,
  },
  {
    method: "DELETE",
    path: "/api/push/subscriptions",
    summary: "This device stops getting alerts",
    access: "staff",
    body: pushUnsubscribeSchema,
    success: { status: 200, description: "Unsubscribed", schema: ok({ removed: z.boolean(), message }) },
    refusals: [401, 403],
    storesNothingWhenRefused: true,
  },
);
