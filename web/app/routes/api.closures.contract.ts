import { closureListQuerySchema, newClosureSchema } from "@app/shared/api/scheduling";
import { closureJson, ok, technicianChoice } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { bookingPriorities, bookingStatuses } from "@app/shared/api/choices";
import { defineEndpoints, isoDateTime } from "@app/shared/api/endpoint";

/** What ./api.closures.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints(
  {
    method: "GET",
    path: "/api/closures",
    summary: "The closed days from today (or `from`) to `to`, each with the visits on it that are not cancelled",
    access: "admin",
    query: closureListQuerySchema,
    success: {
      status: 200,
      description: "Closures in date order",
      schema: ok({
        closures: z.array(
          closureJson.extend({
            addedBy: technicianChoice.nullable(),
            createdAt: isoDateTime,
            visits: z.array(
              z.object({
                id: z.number().int(),
                summary: z.string(),
                status: z.enum(bookingStatuses),
                priority: z.enum(bookingPriorities),
                scheduledDate: isoDateTime,
                customerName: z.string(),
                technicianName: z.string().nullable(),
              }),
            ),
          }),
        ),
      }),
    },
    refusals: [401, 403],
  },
  {
    method: "POST",
    path: "/api/closures",
    summary: "Close a day: no arrival windows are offered on it (409 when it is closed already)",
    access: "admin",
    body: newClosureSchema,
    success: { status: 201, description: "Closed", schema: ok({ closure: closureJson }) },
    refusals: [401, 403, 409],
    storesNothingWhenRefused: true,
  },
);
