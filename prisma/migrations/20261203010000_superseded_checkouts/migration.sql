-- Superseded Checkout pages and overpayments (docs/decisions/020-money-and-payments.md, docs/security.md).

-- When we expired the session at Stripe because a newer one for the same invoice or deposit replaced it:
-- its page can no longer be paid.
-- No constraint ties it to completedAt: should Stripe report a payment of it anyway, the payment is
-- recorded (and flagged for a refund when it overpays), never refused.
ALTER TABLE "CheckoutSession" ADD COLUMN "expiredAt" TIMESTAMP(3);

-- The part of a payment beyond what was due when it arrived (an online payment is recorded whatever
-- the balance): the office refunds it. 0 for every payment that overpaid nothing.
ALTER TABLE "Payment"
    ADD COLUMN "refundDueCents" INTEGER NOT NULL DEFAULT 0,
    ADD CONSTRAINT "Payment_refund_due_within_amount" CHECK ("refundDueCents" >= 0 AND "refundDueCents" <= "amountCents");
