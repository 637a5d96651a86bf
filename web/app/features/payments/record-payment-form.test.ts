import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { RECEIVED_DAYS_BACK, recordPaymentFormSchema } from "@app/shared/api/payments";
import { addLocalDays, businessDate } from "@app/shared/time";

/** The one payment form's schema: "Record a payment" on the staff invoice page, "Collect a payment" on /jobs. */
describe("the payment form", () => {
  const today = businessDate();
  const form = (fields: Record<string, string>) =>
    recordPaymentFormSchema.safeParse({ method: "cash", amount: "20.00", ...fields });
  const messages = (fields: Record<string, string>) => {
    const parsed = form(fields);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("is a schema Conform reads for the browser's constraints (the page renders with them)", () => {
    expect(getZodConstraint(recordPaymentFormSchema)).toMatchObject({
      method: { required: true },
      amount: { required: true },
      reference: { required: false },
      receivedOn: { required: false },
    });
  });

  it("asks how the customer paid: no method is assumed", () => {
    const parsed = recordPaymentFormSchema.safeParse({ amount: "20.00" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(["Choose how the customer paid: cash, check or other"]);
  });

  // A day's margin at each edge: the schema reads today when it parses, a moment after this test did.
  it("takes a date received from today back RECEIVED_DAYS_BACK days, today when blank", () => {
    expect(form({ receivedOn: today }).data?.receivedOn).toBe(today);
    expect(form({ receivedOn: addLocalDays(today, 1 - RECEIVED_DAYS_BACK) }).success).toBe(true);
    expect(form({ receivedOn: "" }).data?.receivedOn).toBeUndefined();
    expect(messages({ receivedOn: addLocalDays(today, 2) })).toEqual([
      "receivedOn: The date received cannot be later than today",
    ]);
    expect(messages({ receivedOn: addLocalDays(today, -RECEIVED_DAYS_BACK - 2) })).toEqual([
      `receivedOn: The date received can be at most ${RECEIVED_DAYS_BACK} days ago`,
    ]);
    expect(messages({ receivedOn: "12/03/2026" })).toEqual([
      "receivedOn: Give the date it was received, like 2026-12-03",
    ]);
  });
});
