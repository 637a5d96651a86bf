import type { LoaderFunctionArgs } from "@remix-run/node";
import { recentAudit } from "~/features/dashboard/audit.server";
import { auditQuerySchema } from "@app/shared/api/admin";
import { apiHandler, jsonResponse, validate, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { isoDateTime, ok } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** GET /api/admin/audit?limit= (admin): the newest staff changes (role and status changes: who, what, when). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const { limit } = validate(
      auditQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
      "Invalid query",
    );
    return jsonResponse({ success: true, entries: await recentAudit(context, limit) });
  });
}

export const action = () => methodNotAllowed(["GET"]);

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/admin/audit",
  summary: "The newest staff changes",
  access: "admin",
  query: auditQuerySchema,
  success: {
    status: 200,
    description: "Entries",
    schema: ok({
      entries: z.array(z.looseObject({ id: z.number().int(), action: z.string(), createdAt: isoDateTime })),
    }),
  },
  refusals: [401, 403],
});
