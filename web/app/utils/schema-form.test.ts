import { describe, expect, it } from "vitest";
import { newBookingSchema, newCustomerSchema } from "@app/shared/api/admin";
import { authFormSchemas } from "@app/shared/api/auth";
import { appointmentRequestSchema } from "@app/shared/api/chat";
import { contactMessageSchema } from "@app/shared/api/contact";
import {
  ADDRESS_MAX_LENGTH,
  BOOKING_SUMMARY_MAX_LENGTH,
  CONTACT_MESSAGE_MAX_LENGTH,
  CUSTOMER_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PRICE_ITEM_NAME_MAX_LENGTH,
} from "@app/shared/api/limits";
import { priceBookItemEditFormSchema, priceBookItemFormSchema, salesTaxFormSchema } from "@app/shared/api/price-book";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@app/shared/api/auth-rules";
import { formConstraint, parseSubmission } from "./schema-form";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
};

describe("formConstraint: the browser's checks come from the schema", () => {
  it("gives the contact form's fields their limits and what is required", () => {
    const c = formConstraint(contactMessageSchema);
    expect(c.firstName).toMatchObject({ required: true, maxLength: PERSON_NAME_MAX_LENGTH });
    expect(c.lastName).toMatchObject({ required: true, maxLength: PERSON_NAME_MAX_LENGTH });
    // The email is a trimmed text piped into the email check: its limit is the text's.
    expect(c.email).toMatchObject({ required: true, maxLength: EMAIL_MAX_LENGTH });
    expect(c.phone).toMatchObject({ required: false, maxLength: PHONE_MAX_LENGTH });
    expect(c.service).toMatchObject({ required: false });
    expect(c.message).toMatchObject({ required: true, maxLength: CONTACT_MESSAGE_MAX_LENGTH });
  });

  it("reads the price book's forms, whose fields turn dollars and a percent into cents and ppm", () => {
    expect(formConstraint(priceBookItemFormSchema)).toMatchObject({
      name: { required: true, maxLength: PRICE_ITEM_NAME_MAX_LENGTH },
      unitPrice: { required: true },
      unit: { required: true },
      taxable: { required: false },
    });
    expect(formConstraint(priceBookItemEditFormSchema).id).toMatchObject({ required: true });
    expect(formConstraint(salesTaxFormSchema).salesTaxRate).toMatchObject({ required: true });
  });

  it("gives passwords their minimum and maximum", () => {
    for (const schema of [authFormSchemas.login, authFormSchemas.register, authFormSchemas.reset])
      expect(formConstraint(schema).password).toMatchObject({
        required: true,
        minLength: PASSWORD_MIN_LENGTH,
        maxLength: PASSWORD_MAX_LENGTH,
      });
  });

  it("reads the fields behind a preprocess (the new booking) and of optional texts", () => {
    const booking = formConstraint(newBookingSchema);
    expect(booking.summary).toMatchObject({ required: true, maxLength: BOOKING_SUMMARY_MAX_LENGTH });
    expect(booking.address).toMatchObject({ required: false, maxLength: ADDRESS_MAX_LENGTH });
    expect(formConstraint(newCustomerSchema).name).toMatchObject({
      required: true,
      maxLength: CUSTOMER_NAME_MAX_LENGTH,
    });
    expect(formConstraint(appointmentRequestSchema).address).toMatchObject({
      required: false,
      maxLength: ADDRESS_MAX_LENGTH,
    });
  });
});

describe("parseSubmission: the browser's and the action's parse", () => {
  it("keeps blank values as sent, so a blank required field says what the server says", () => {
    const submission = parseSubmission(form({ email: "  ", password: "" }), authFormSchemas.login);
    const error = submission.status === "error" ? submission.error : {};
    // The form shows each field's first message.
    expect(error?.email?.[0]).toBe("Email is required");
    expect(error?.password?.[0]).toBe("Password is required");
  });

  it("replies with the values sent, but never the hidden ones", () => {
    const submission = parseSubmission(
      form({ intent: "login", email: "jo@example.com", password: "short" }),
      authFormSchemas.login,
    );
    const reply = submission.reply({ hideFields: ["password"] });
    expect(reply.initialValue).toEqual({ intent: "login", email: "jo@example.com" });
    expect(reply.error).toMatchObject({ password: [expect.stringContaining("at least")] });
  });
});
