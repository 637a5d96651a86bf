import type { LoaderFunctionArgs } from "@remix-run/node";
import { search } from "~/features/search/search.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { searchQuerySchema } from "@app/shared/api/search";
import {
  cents,
  customerJson,
  estimateStatus,
  invoiceStatus,
  isoDateTime,
  ok,
} from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { bookingStatuses } from "@app/shared/api/choices";
import { defineEndpoints } from "@app/shared/api/endpoint";

/**
 * GET /api/search?q= (admin): `{ success, customers: [{ id, name, email, phone, address }],
 * bookings: [{ id, summary, status, scheduledDate, customerName }], documents: [{ kind, id, number,
 * status, customerName, totalCents, maxTotalCents, href }] }`, ten of each at most: customers and
 * bookings best first, documents the one a number names (EST-2026-0007, inv 2026 42) or else the
 * estimates and invoices of the customers found, newest first; 400 `{ success: false, message, errors: { q } }` for a blank or too long `q`
 * (docs/product.md#search).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    return apiResult(await search(context, Object.fromEntries(new URL(request.url).searchParams)));
  });
}

export const action = () => methodNotAllowed(["GET"]);

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/search",
  summary:
    "Customers, bookings and documents by name (typos forgiven), phone digits, email, address, booking number or an estimate's or invoice's number",
  access: "admin",
  query: searchQuerySchema,
  success: {
    status: 200,
    description:
      "Ten customers, ten bookings and ten documents at most: customers and bookings best first; documents the one a number names, else the customers' found, newest first",
    schema: ok({
      customers: z.array(customerJson.extend({ address: z.string().nullable() })),
      bookings: z.array(
        z.object({
          id: z.number().int(),
          summary: z.string(),
          status: z.enum(bookingStatuses),
          scheduledDate: isoDateTime,
          customerName: z.string(),
        }),
      ),
      documents: z.array(
        z.object({
          kind: z.enum(["estimate", "invoice"]),
          id: z.number().int(),
          number: z.string(),
          status: z.union([estimateStatus, invoiceStatus]),
          customerName: z.string(),
          totalCents: cents,
          maxTotalCents: cents,
          href: z.string(),
        }),
      ),
    }),
  },
  refusals: [401, 403],
});
