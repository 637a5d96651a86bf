import { z } from "../zod";

/**
 * The contract of a JSON API endpoint, declared by its route beside its handler
 * (`export const contract = defineEndpoints(...)` in web/app/routes/api.*.ts):
 * who may call it, what it takes (the very zod schemas the handler validates
 * with) and what it answers. The catalogue (web/app/utils/api-catalogue.server.ts)
 * gathers every route's contract for `GET /api/openapi.json` (./openapi.server.ts)
 * and for the fuzz test (tests/integration/fuzz.test.ts).
 */

/** Who may call an endpoint: anyone, any signed-in user, admins, or admins and technicians. */
export type Access = "public" | "signed-in" | "admin" | "staff";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint {
  method: Method;
  /** OpenAPI path, parameters in braces: `/api/bookings/{id}`. */
  path: string;
  summary: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** How the body is sent when not JSON: multipart/form-data for an upload (its schema names the parts). */
  bodyContentType?: "multipart/form-data" | "application/x-www-form-urlencoded";
  /** The answer of a success: status, description and (for JSON) its schema; `contentType` for anything else. */
  success: { status: 200 | 201 | 202; description: string; schema?: z.ZodType; contentType?: string };
  /** The statuses of refusals this endpoint may give beyond the ones every endpoint may (400 on bad input, 405, 503). */
  refusals: number[];
  /** Whether a refusal of this endpoint must leave the database as it was (everything but sign-in bookkeeping). */
  storesNothingWhenRefused?: boolean;
}

/** A route's endpoints, one per method it answers, typed as contracts. */
export function defineEndpoints(...endpoints: Endpoint[]): Endpoint[] {
  return endpoints;
}

/** A moment as every answer writes it: ISO 8601 with its offset. */
export const isoDateTime = z.iso.datetime({ offset: true });

/** The failure every endpoint answers with a 4xx or 5xx status. */
export const errorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
