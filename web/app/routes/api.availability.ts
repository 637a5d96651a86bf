import type { LoaderFunctionArgs } from "@remix-run/node";
import { readAvailability } from "~/features/scheduling/availability.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { availabilityQuerySchema } from "@app/shared/api/scheduling";
import { ok, windowJson } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** GET /api/availability?from=YYYY-MM-DD&days=N (public): the open arrival windows (docs/product.md#json-api). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () =>
    apiResult(await readAvailability(context, Object.fromEntries(new URL(request.url).searchParams))),
  );
}

export const action = () => methodNotAllowed(["GET"]);

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/availability",
  summary: "Open arrival windows (Baton Rouge time)",
  access: "public",
  query: availabilityQuerySchema,
  success: {
    status: 200,
    description: "Windows",
    schema: ok({
      timeZone: z.string(),
      from: z.string(),
      days: z.number(),
      windows: z.array(windowJson),
      closures: z.array(z.object({ date: z.string(), reason: z.string() })),
    }),
  },
  refusals: [429],
});
