import { auditQuerySchema } from "@app/shared/api/admin";
import { ok } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints, isoDateTime } from "@app/shared/api/endpoint";

/** What ./api.admin.audit.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
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
