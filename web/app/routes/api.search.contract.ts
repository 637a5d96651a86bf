import { searchQuerySchema } from "@app/shared/api/search";
import { cents, ok } from "@app/shared/api/json-shapes.server";
import { estimateStatus } from "@app/shared/estimates/estimates.server";
import { invoiceStatus } from "@app/shared/invoices/invoices.server";
import { customerJson } from "@app/shared/booking/booking-json";
import { memberMarkJson } from "@app/shared/plans/members.server";
import { z } from "@app/shared/zod";
import { bookingStatuses } from "@app/shared/api/choices";
import { defineEndpoints, isoDateTime } from "@app/shared/api/endpoint";

/** What ./api.search.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
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
      customers: z.array(customerJson.extend({ address: z.string().nullable(), member: memberMarkJson })),
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
