-- A bank debit (US bank account) is started on Stripe's page and settles, or fails, days later
-- (docs/product.md#payments): when it started, and when Stripe said it failed.
ALTER TABLE "CheckoutSession"
    ADD COLUMN "debitStartedAt" TIMESTAMP(3),
    ADD COLUMN "failedAt" TIMESTAMP(3),
    -- Paid or failed, never both.
    ADD CONSTRAINT "CheckoutSession_paid_or_failed" CHECK ("completedAt" IS NULL OR "failedAt" IS NULL);

-- A document's bank debit still on its way (its page says so and offers no second payment meanwhile).
CREATE INDEX "CheckoutSession_pending_debit_idx" ON "CheckoutSession"("invoiceId", "estimateId")
    WHERE "debitStartedAt" IS NOT NULL AND "completedAt" IS NULL AND "failedAt" IS NULL;
