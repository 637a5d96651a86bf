/**
 * /estimates/<token>: the estimate a customer opens from our email and approves without signing in
 * (docs/product.md#estimates). The token is the key: 256 random bits, stored only as its hash, valid
 * 30 days from the send (packages/shared/src/estimates/estimates.server.ts). Whoever holds the link
 * may not be the customer (a forwarded email), so the page shows the estimate's number and its work
 * and prices, never the customer's name, email, phone or address. Every request counts against the
 * client network's limit, as the visit's page does.
 */
import type { AppLoadContext } from "@remix-run/node";
import { customerLine } from "~/features/documents/public.server";
import type { z } from "zod";
import { approveEstimateFormSchema, declineEstimateFormSchema, estimateTokenSchema } from "@app/shared/api/estimates";
import {
  approveEstimate,
  declineEstimate,
  estimateByToken,
  type EstimateRow,
} from "@app/shared/estimates/estimates.server";
import { formatRate } from "@app/shared/money/money";
import { memberDiscountJson } from "@app/shared/plans/member-discount";
import { depositOf } from "@app/shared/payments/apply-payment.server";
import { pendingDebit, startDepositCheckout } from "@app/shared/payments/stripe.server";
import { failure, success, type Result } from "@app/shared/result";
import { formatDate, formatFullDateTime } from "@app/shared/time";
import { answer, refused, submissionOf } from "~/utils/action.server";
import { readForm } from "~/utils/form.server";
import { throttleLinkRequest } from "~/features/appointments/public.server";
import { redirect } from "~/utils/responses.server";

const NOT_VALID = "This estimate link is not valid. Please check the link in your email.";

/** What the customer's page shows of an estimate: fixed words and the stored amounts. */
function customerView(
  e: EstimateRow,
  depositPaidCents: number,
  payOnline: boolean,
  debit: { amountCents: number; debitStartedAt: Date | null } | null,
) {
  const approvedOption = e.options.find((o) => o.id === e.approvedOptionId);
  /** A member's discount, its own line on each option (docs/decisions/029-maintenance-plans.md). */
  const memberDiscountLabel = memberDiscountJson(e)?.label ?? null;
  return {
    number: e.number,
    status: e.status,
    depositPercent: e.depositPercent ?? 0,
    taxRate: formatRate(e.taxRatePpm),
    options: e.options.map((o) => ({
      id: o.id,
      name: o.name,
      discountCents: o.discountCents,
      memberDiscountLabel,
      memberDiscountCents: o.memberDiscountCents,
      subtotalCents: o.subtotalCents,
      taxCents: o.taxCents,
      totalCents: o.totalCents,
      depositCents: o.depositCents,
      lines: o.lines.map(customerLine),
    })),
    approved:
      approvedOption && e.approvedAt
        ? {
            optionId: approvedOption.id,
            optionName: approvedOption.name,
            totalCents: approvedOption.totalCents,
            depositCents: approvedOption.depositCents,
            signatureName: e.signatureName ?? "",
            at: formatFullDateTime(e.approvedAt),
            /** What was paid of the deposit (docs/product.md#payments), and whether it can be paid here. */
            depositPaidCents,
            payOnline: payOnline && (e.depositPercent ?? 0) > 0 && depositPaidCents < approvedOption.depositCents,
            /** A bank payment of the deposit on its way (no second payment is offered meanwhile). */
            pendingDebit: debit?.debitStartedAt
              ? { amountCents: debit.amountCents, date: formatDate(debit.debitStartedAt) }
              : null,
          }
        : null,
    /** When the customer declined it on this page. */
    declinedAt: e.declinedAt ? formatFullDateTime(e.declinedAt) : null,
  };
}

export type CustomerEstimate = ReturnType<typeof customerView>;

/** GET /estimates/<token>: the estimate, or why not (404 unknown, 410 expired, 409 withdrawn, 429). */
export async function estimateLinkPage(
  context: AppLoadContext,
  token: string,
): Promise<Result<{ estimate: CustomerEstimate }>> {
  const refusedRequest = await throttleLinkRequest(context);
  if (refusedRequest) return refusedRequest;
  if (!estimateTokenSchema.safeParse(token).success) return failure(404, NOT_VALID);
  const found = await estimateByToken(context.services.db, token);
  if (!found.ok) return found;
  const approved = found.value.status === "approved";
  const deposit = approved ? await depositOf(context.services.db, found.value.id) : null;
  const debit = approved ? await pendingDebit(context.services.db, { estimateId: found.value.id }) : null;
  return success({
    estimate: customerView(found.value, deposit?.depositPaidCents ?? 0, Boolean(context.services.env.STRIPE), debit),
  });
}

/**
 * POST /estimates/<token>: the customer approves an option with their name and the box ticked, or
 * (`intent=decline`) declines, saying why if they wish; each form has its one schema, Conform in the
 * browser and here the same. 409 when answered already or not open, 410 when the link expired, and
 * nothing changes then. Approved with a deposit asked and Stripe set up, the customer goes straight
 * on to pay it on Stripe's page (303); otherwise the page says what is next.
 */
export async function estimateLinkAction(request: Request, context: AppLoadContext, token: string) {
  const form = await readForm(request);
  return form.get("intent") === "decline"
    ? declineAction(context, token, form)
    : approveAction(request, context, token, form);
}

/** What every answer of the page checks first: the network's limit, the form, the link's shape. */
async function checked<Schema extends z.ZodType>(
  context: AppLoadContext,
  token: string,
  form: FormData,
  schema: Schema,
  intent: string,
) {
  const submission = submissionOf(form, schema);
  const throttled = await throttleLinkRequest(context);
  if (throttled)
    return { refusal: answer(submission.status === "success" ? submission : null, throttled, { intent }) } as const;
  if (submission.status !== "success") return { refusal: refused(submission, { intent }) } as const;
  if (!estimateTokenSchema.safeParse(token).success)
    return { refusal: answer(submission, failure(404, NOT_VALID), { intent }) } as const;
  return { submission } as const;
}

async function approveAction(request: Request, context: AppLoadContext, token: string, form: FormData) {
  const posted = await checked(context, token, form, approveEstimateFormSchema, "approve");
  if (!posted.submission) return posted.refusal;
  const { submission } = posted;
  const result = await approveEstimate(context, token, {
    optionId: submission.value.optionId,
    signatureName: submission.value.signatureName,
    ip: context.clientIp,
    userAgent: request.headers.get("user-agent") ?? "",
  });
  if (result.ok && context.services.env.STRIPE) {
    const option = result.value.estimate.options.find((o) => o.id === result.value.estimate.approvedOptionId);
    if ((result.value.estimate.depositPercent ?? 0) > 0 && (option?.depositCents ?? 0) > 0) {
      const checkout = await startDepositCheckout(context, token, context.services.env.APP_URL).catch(() => null);
      if (checkout?.ok) return redirect(checkout.value.url, 303);
    }
  }
  return answer(submission, result, {
    intent: "approve",
    message: ({ estimate }) => `Thank you: estimate ${estimate.number} is approved. We will be in touch.`,
  });
}

async function declineAction(context: AppLoadContext, token: string, form: FormData) {
  const posted = await checked(context, token, form, declineEstimateFormSchema, "decline");
  if (!posted.submission) return posted.refusal;
  const { submission } = posted;
  return answer(submission, await declineEstimate(context, token, submission.value), {
    intent: "decline",
    message: ({ estimate }) => `Thank you for letting us know: estimate ${estimate.number} is declined.`,
  });
}
