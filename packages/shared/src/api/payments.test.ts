import { describe, expect, it } from "vitest";
import { payProblemMessage, paymentFromForm, recordPaymentFormSchema, recordPaymentSchema } from "./payments";

describe("recording a payment", () => {
  it("reads the staff form's dollars into the API's cents, with the money module's reading", () => {
    expect(
      paymentFromForm(recordPaymentFormSchema.parse({ method: "check", amount: "1,234.50", reference: " 1042 " })),
    ).toEqual({
      method: "check",
      amountCents: 123_450,
      reference: "1042",
    });
    expect(paymentFromForm(recordPaymentFormSchema.parse({ method: "cash", amount: "$80", reference: "" }))).toEqual({
      method: "cash",
      amountCents: 8_000,
    });
  });

  it("refuses what is not an amount, nothing, card payments by hand and a reference on two lines", () => {
    const fieldsOf = (input: unknown) =>
      recordPaymentFormSchema.safeParse(input).error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(fieldsOf({ method: "cash", amount: "12.345" })).toEqual(["amount"]);
    expect(fieldsOf({ method: "cash", amount: "0" })).toEqual(["amount"]);
    expect(fieldsOf({ method: "cash", amount: "-5" })).toEqual(["amount"]);
    expect(fieldsOf({ method: "card", amount: "5" })).toEqual(["method"]);
    expect(fieldsOf({ method: "check", amount: "5", reference: "10\n42" })).toEqual(["reference"]);
    expect(recordPaymentSchema.safeParse({ method: "cash", amountCents: 1.5 }).success).toBe(false);
    expect(recordPaymentSchema.safeParse({ method: "cash", amountCents: 0 }).success).toBe(false);
    expect(recordPaymentSchema.safeParse({ method: "other", amountCents: 1 }).success).toBe(true);
  });

  it("reads only its own reasons back from a page's address", () => {
    expect(payProblemMessage("nothing-due")).toContain("Nothing is due");
    expect(payProblemMessage("<script>")).toBeNull();
    expect(payProblemMessage("toString")).toBeNull();
    expect(payProblemMessage(null)).toBeNull();
  });
});
