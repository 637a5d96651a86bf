import type { z } from "../zod";
import type { newCustomerSchema } from "../api/admin";
import type { ChangeContext } from "../outbox.server";
import type { Env } from "../env.server";
import { askToText } from "../texts/consent.server";

/** What a new customer record shows the New Booking dialog and the API: its id and contact details. */
const customerColumns = { id: true, name: true, email: true, phone: true } as const;

/**
 * Staff create a customer record (the New Booking dialog, `POST /api/customers`), from input read by
 * `newCustomerSchema`; its email is stored lower-cased, as every customer record's. With `askToText`, and
 * texts set up, the new number is asked once whether we may text it (../texts/consent.server.ts); `asked`
 * says whether it was (a number asked before, or that replied STOP, is not).
 */
export async function createCustomer(
  context: ChangeContext & { services: { env: Pick<Env, "TWILIO"> } },
  input: z.output<typeof newCustomerSchema>,
  asker: { id: number },
) {
  const customer = await context.services.db.customer.create({
    data: { name: input.name, email: input.email.toLowerCase(), phone: input.phone },
    select: customerColumns,
  });
  const asked =
    input.askToText && context.services.env.TWILIO ? (await askToText(context, customer.phone, asker)).ok : false;
  return { customer, asked };
}

/** What the office is told after creating a customer. */
export const customerCreatedMessage = (asked: boolean) =>
  asked
    ? "Customer created successfully. We asked them by text whether we may text them."
    : "Customer created successfully";
