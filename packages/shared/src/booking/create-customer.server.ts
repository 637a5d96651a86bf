import type { z } from "../zod";
import type { newCustomerSchema } from "../api/admin";
import type { ChangeContext } from "../outbox.server";

/** What a new customer record shows the New Booking dialog and the API: its id and contact details. */
const customerColumns = { id: true, name: true, email: true, phone: true } as const;

/**
 * Staff create a customer record (the New Booking dialog, `POST /api/customers`), from input read by
 * `newCustomerSchema`; its email is stored lower-cased, as every customer record's.
 */
export async function createCustomer(context: ChangeContext, input: z.output<typeof newCustomerSchema>) {
  return context.services.db.customer.create({
    data: { name: input.name, email: input.email.toLowerCase(), phone: input.phone },
    select: customerColumns,
  });
}
