import { services, type ServiceSlug } from "../business";
import { parseDollars } from "../money/money";
import { z } from "../zod";
import { centsField, MAX_DOLLARS_TEXT } from "./amounts";
import { appointmentRequestSchema } from "./chat";
import { requiredText, staffText, textConsentField } from "./fields";
import { ADDRESS_MAX_LENGTH, DESCRIPTION_MAX_LENGTH, PRICE_ITEM_NAME_MAX_LENGTH } from "./limits";
import { idField } from "./values";

/**
 * Maintenance plans (docs/product.md#plans, docs/decisions/029-maintenance-plans.md). The JSON API takes whole
 * cents; /admin/plans' forms post what the office types ("189.00"), read into cents by the same money parser, so
 * the browser and the server check a form with one schema. /plans' join form and the customer record's enrol form
 * are here too.
 */

/** The services a plan's visits may be for (a service page's slug). */
const serviceSlugs = services.map((s) => s.slug) as [ServiceSlug, ...ServiceSlug[]];
/** The most visits a year a plan may include (one a month). */
export const MAX_PLAN_VISITS = 12;
/** The highest members' discount (a plan is not a way around the price book). */
export const MAX_PLAN_DISCOUNT = 50;

export const billingIntervals = ["year", "month"] as const;
export type BillingIntervalName = (typeof billingIntervals)[number];

export const membershipStatuses = ["pending", "active", "past_due", "paused", "cancelled", "expired"] as const;
export type MembershipStatusName = (typeof membershipStatuses)[number];

const name = staffText("Name", PRICE_ITEM_NAME_MAX_LENGTH).refine((v) => /[a-z0-9]/i.test(v), {
  message: "Name needs a letter or a digit",
});
const serviceType = z.enum(serviceSlugs, { error: "Choose the service of the included visits" });
const visitsPerYear = z
  .number({ error: "Visits per year must be a whole number" })
  .int("Visits per year must be a whole number")
  .min(0, "Visits per year cannot be negative")
  .max(MAX_PLAN_VISITS, `At most ${MAX_PLAN_VISITS} visits a year`);
const DISCOUNT_MESSAGE = `Discount must be a whole percent from 0 to ${MAX_PLAN_DISCOUNT}`;
const discountPercent = z
  .number({ error: DISCOUNT_MESSAGE })
  .int(DISCOUNT_MESSAGE)
  .min(0, DISCOUNT_MESSAGE)
  .max(MAX_PLAN_DISCOUNT, DISCOUNT_MESSAGE);
const terms = requiredText("Terms", DESCRIPTION_MAX_LENGTH, `Terms are too long (${DESCRIPTION_MAX_LENGTH} at most)`);
const flag = (what: string) => z.boolean({ error: `${what} must be true or false` });

/** POST /api/plans: a new plan, in cents. */
export const newPlanSchema = z.object({
  name,
  yearlyPriceCents: centsField("Yearly price", 1),
  monthlyPriceCents: centsField("Monthly price", 1).nullable().optional(),
  visitsPerYear,
  serviceType,
  discountPercent,
  emergencyPriority: flag("Emergency priority").optional(),
  terms,
  active: flag("Active").optional(),
});

/** PATCH /api/plans/{id}: any of the plan's fields; at least one. */
export const planChangeSchema = newPlanSchema.partial().refine((v) => Object.values(v).some((x) => x !== undefined), {
  message:
    "Send name, yearlyPriceCents, monthlyPriceCents, visitsPerYear, serviceType, discountPercent, emergencyPriority, terms or active",
  path: ["name"],
});

export type NewPlan = z.output<typeof newPlanSchema>;
export type PlanChange = z.output<typeof planChangeSchema>;

/** /api/plans/{id} */
export const planParamsSchema = z.object({ id: idField() });

/** GET /api/plans?active=true|false */
export const planQuerySchema = z.object({
  active: z.enum(["true", "false"], { error: "Active must be true or false" }).optional(),
});

const PRICE_MESSAGE = `Enter a price in dollars up to ${MAX_DOLLARS_TEXT}, like 189.00`;

/** Dollars as typed → cents; blank is none when `optional`. */
const dollars = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .transform((text, ctx) => {
      const cents = parseDollars(text);
      if (cents === null || cents < 1) ctx.addIssue({ code: "custom", message: PRICE_MESSAGE });
      return cents ?? 0;
    });

const optionalDollars = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  dollars("Monthly price").optional(),
);

/** A whole number typed in a form. */
const wholeNumber = (what: string, schema: z.ZodNumber) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .regex(/^\d{1,3}$/, `${what} must be a whole number`)
    .transform(Number)
    .pipe(schema);

const checkbox = z
  .literal("on", { error: "Tick the box or leave it" })
  .optional()
  .transform((value) => value === "on");

/** The plan's fields as /admin/plans' forms post them (dollars and whole numbers as typed). */
const planFormFields = {
  name,
  yearlyPrice: dollars("Yearly price"),
  monthlyPrice: optionalDollars,
  visitsPerYear: wholeNumber("Visits per year", visitsPerYear),
  serviceType,
  discountPercent: wholeNumber("Discount", discountPercent),
  emergencyPriority: checkbox,
  terms,
};

/** /admin/plans' "Add a plan" form. */
export const planFormSchema = z.object(planFormFields);
/** A plan's Edit form on /admin/plans. */
export const planEditFormSchema = z.object({ id: idField("Choose a plan"), ...planFormFields });
/** A plan's Deactivate or Activate button. */
export const planActiveFormSchema = z.object({
  id: idField("Choose a plan"),
  active: z.enum(["true", "false"], { error: "Choose active or inactive" }).transform((v) => v === "true"),
});

/** The plan's form fields as the API's input (cents). */
export function planInputOf(form: z.output<typeof planFormSchema>): NewPlan {
  const { yearlyPrice, monthlyPrice, ...rest } = form;
  return { ...rest, yearlyPriceCents: yearlyPrice, monthlyPriceCents: monthlyPrice ?? null };
}

const request = appointmentRequestSchema.shape;
const interval = z.enum(billingIntervals, { error: "Choose yearly or monthly" });

/** /plans: a homeowner joins a plan (then pays the first period on Stripe's page). */
export const joinPlanSchema = z.object({
  planId: idField("Choose a plan"),
  interval,
  customerName: request.customerName,
  customerPhone: request.customerPhone,
  customerEmail: request.customerEmail,
  address: requiredText("Address", ADDRESS_MAX_LENGTH),
  /** "Text me about my visits" (docs/product.md#texts): the same box as every form's. */
  textConsent: textConsentField,
});
export type JoinPlanInput = z.output<typeof joinPlanSchema>;

/** A check's number or the office's note on a payment; blank is none. */
const reference = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  staffText("Check number or note", 120).optional(),
);

/** The customer record's "Enrol in a plan": the office enrols a customer who pays by check. */
export const enrolFormSchema = z.object({ planId: idField("Choose a plan"), interval, reference });

/** A member's or the office's cancellation of a membership, and the office's pause and resume. */
export const membershipActionSchema = z.object({
  membershipId: idField("Choose a membership"),
});

/** The customer record's "Record renewal": a renewal paid to the office (a check). */
export const renewFormSchema = membershipActionSchema.extend({ reference });
