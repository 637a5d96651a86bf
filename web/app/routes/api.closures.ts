import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { closureListQuerySchema, newClosureSchema } from "@app/shared/api/scheduling";
import { addClosure } from "@app/shared/scheduling/closures.server";
import { listClosures } from "~/features/scheduling/closed-days.server";
import { apiHandler, apiResult, jsonResponse, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { closureJson, isoDateTime, ok, technicianChoice } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { bookingPriorities, bookingStatuses } from "@app/shared/api/choices";
import { defineEndpoints } from "@app/shared/api/endpoint";

/**
 * GET /api/closures?from=YYYY-MM-DD&to=YYYY-MM-DD (admin): `{ success, closures }`, the closed days
 * in date order (from today unless `from` is given), each `{ date, reason, holiday, addedBy,
 * createdAt, visits }` with the visits on it that are not cancelled (docs/product.md#closed-days).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const range = validate(
      closureListQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
      "Invalid query",
    );
    return jsonResponse({ success: true, closures: await listClosures(context.services.db, range) });
  });
}

/**
 * POST /api/closures (admin) `{ date: "YYYY-MM-DD", reason }`: 201 `{ success, closure }`; a date in
 * the past answers 400, a day already closed 409, each on the `date` field.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const admin = await requireAdmin(request, context);
    const input = validate(newClosureSchema, await readJsonObject(request));
    return apiResult(await addClosure(context.services.db, admin, input), ({ closure }) => ({
      closure: { date: closure.date, reason: closure.reason, holiday: closure.holiday },
    }));
  });
}

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
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
