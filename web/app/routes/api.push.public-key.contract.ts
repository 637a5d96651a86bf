import { ok } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.push.public-key.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/push/public-key",
  summary: "The VAPID public key a browser subscribes with",
  access: "staff",
  success: { status: 200, description: "The key", schema: ok({ publicKey: z.string() }) },
  refusals: [401, 403, 404],
});
