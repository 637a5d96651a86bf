import { business } from "../business";
import { z } from "../zod";
import { errorSchema, type Access, type Endpoint } from "./endpoint";

/**
 * The OpenAPI 3.1 document of the JSON API (`GET /api/openapi.json`), made
 * from the contracts the routes declare beside their handlers (./endpoint.ts,
 * gathered by web/app/utils/api-catalogue.server.ts) and their zod schemas, so
 * that the document and the validation cannot disagree (docs/product.md#json-api).
 */

type JsonSchema = Record<string, unknown>;

/** A schema's request side (`input`: what a client sends, before defaults and transforms) or its answer side (`output`). */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

const accessText: Record<Access, string> = {
  public: "Anyone.",
  "signed-in": "Any signed-in user (bearer token or session cookie).",
  admin: "Admins only (bearer token or session cookie).",
  staff: "Admins and technicians (bearer token or session cookie).",
};

/** The roles that may call an endpoint, for clients and the fuzz test (`x-roles`). */
export const rolesFor: Record<Access, Array<"anonymous" | "customer" | "technician" | "admin">> = {
  public: ["anonymous", "customer", "technician", "admin"],
  "signed-in": ["customer", "technician", "admin"],
  admin: ["admin"],
  staff: ["technician", "admin"],
};

const refusalText: Record<number, string> = {
  400: "The request does not fit: `errors` names each field",
  401: "Not signed in, or the session has expired",
  403: "Signed in with a role that may not do this",
  404: "No such record",
  405: "Another method: `Allow` lists the ones this path takes",
  409: "Conflicts with the record's current state (a taken window answers `alternatives`; a technician busy then, also `freeTechnicians`)",
  413: "The body is over 1 MB (a photo upload: over 15 MB)",
  415: "The body is not JSON",
  429: "Too many requests: `Retry-After` says when to try again",
  503: "The database is unavailable for a moment: `Retry-After` says when to try again",
};

function parameters(endpoint: Endpoint) {
  const list: Array<Record<string, unknown>> = [];
  for (const [where, schema] of [
    ["path", endpoint.params],
    ["query", endpoint.query],
  ] as const) {
    if (!schema) continue;
    const json = jsonSchema(schema, "input");
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((json.properties ?? {}) as Record<string, JsonSchema>)) {
      list.push({ name, in: where, required: where === "path" || required.has(name), schema: property });
    }
  }
  return list;
}

function operation(endpoint: Endpoint) {
  const errorContent = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
  const statuses = new Set<number>([...endpoint.refusals, 405, 503]);
  if (endpoint.params || endpoint.query || endpoint.body) statuses.add(400);
  if (endpoint.body) [413, 415].forEach((s) => statuses.add(s));
  if (endpoint.access !== "public") statuses.add(401);
  if (endpoint.access === "admin" || endpoint.access === "staff") statuses.add(403);
  const success = endpoint.success;
  const responses: Record<string, unknown> = {
    [success.status]: {
      description: success.description,
      content: {
        [success.contentType ?? "application/json"]: success.schema
          ? { schema: jsonSchema(success.schema, "output") }
          : {},
      },
    },
  };
  for (const status of [...statuses].sort())
    responses[status] = { description: refusalText[status] ?? "Refused", content: errorContent };
  return {
    operationId: `${endpoint.method.toLowerCase()}${endpoint.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string = "") => c.toUpperCase())}`,
    summary: endpoint.summary,
    description: accessText[endpoint.access],
    "x-roles": rolesFor[endpoint.access],
    security: endpoint.access === "public" ? [] : [{ bearer: [] }, { session: [] }],
    parameters: parameters(endpoint),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: {
              [endpoint.bodyContentType ?? "application/json"]: { schema: jsonSchema(endpoint.body, "input") },
            },
          },
        }
      : {}),
    responses,
  };
}

/** The document of these endpoints, in their order (it depends only on their schemas and the business's name). */
export function openApiDocument(endpoints: readonly Endpoint[]): object {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation(endpoint);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${business.name} JSON API`,
      version: "1.0.0",
      description:
        "JSON in and out. A refusal is `{ success: false, message, errors? }` with a 4xx status; `errors` maps each field to what is wrong with it. Sign in with POST /api/auth/login and send the token as `Authorization: Bearer <token>`.",
    },
    paths,
    components: {
      schemas: { Error: jsonSchema(errorSchema, "output") },
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "The token POST /api/auth/login answers" },
        session: { type: "apiKey", in: "cookie", name: "bce_session", description: "The website's session cookie" },
      },
    },
  };
}
