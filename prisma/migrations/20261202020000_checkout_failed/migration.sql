-- A bank debit that failed after its Checkout Session completed (docs/product.md#payments): when Stripe said so.
ALTER TABLE "CheckoutSession"
    ADD COLUMN "failedAt" TIMESTAMP(3),
    -- Paid or failed, never both.
    ADD CONSTRAINT "CheckoutSession_paid_or_failed" CHECK ("completedAt" IS NULL OR "failedAt" IS NULL);
