import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { recordPaymentFormSchema } from "@app/shared/api/payments";

describe("Record a payment", () => {
  it("is a schema Conform reads for the browser's constraints (the page renders with them)", () => {
    expect(getZodConstraint(recordPaymentFormSchema)).toMatchObject({
      method: { required: true },
      amount: { required: true },
      reference: { required: false },
    });
  });
});
