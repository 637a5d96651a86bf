-- Invoices, payments and Stripe Checkout (docs/product.md#invoices, docs/decisions/020-money-and-payments.md):
-- amounts in whole cents as packages/shared/src/money/money.ts computes them, stored when written.

-- CreateEnum
CREATE TYPE "InvoiceStatus" AS ENUM ('draft', 'sent', 'partially_paid', 'paid', 'void');
CREATE TYPE "PaymentMethod" AS ENUM ('card', 'us_bank_account', 'cash', 'check', 'other');

-- CreateTable
CREATE TABLE "Invoice" (
    "id" SERIAL NOT NULL,
    "number" TEXT NOT NULL DEFAULT '',
    "bookingId" INTEGER,
    "estimateId" INTEGER,
    "customerId" INTEGER NOT NULL,
    "status" "InvoiceStatus" NOT NULL DEFAULT 'draft',
    "taxRatePpm" INTEGER NOT NULL,
    "discountCents" INTEGER NOT NULL DEFAULT 0,
    "subtotalCents" INTEGER NOT NULL,
    "taxCents" INTEGER NOT NULL,
    "totalCents" INTEGER NOT NULL,
    "paidCents" INTEGER NOT NULL DEFAULT 0,
    "createdById" INTEGER,
    "sentAt" TIMESTAMP(3),
    "paidAt" TIMESTAMP(3),
    "voidedAt" TIMESTAMP(3),
    "tokenHash" TEXT,
    "sealedToken" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Invoice_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Invoice_taxRatePpm_range" CHECK ("taxRatePpm" BETWEEN 0 AND 1000000),
    -- MAX_CENTS of the money module bounds every amount.
    CONSTRAINT "Invoice_cents_range" CHECK (
        "discountCents" >= 0 AND "subtotalCents" BETWEEN 0 AND 1000000000 AND "taxCents" >= 0
        AND "totalCents" BETWEEN 0 AND 1000000000 AND "paidCents" >= 0
    ),
    -- Only an invoice with nothing paid may be void.
    CONSTRAINT "Invoice_void_unpaid" CHECK ("status" <> 'void' OR "paidCents" = 0),
    CONSTRAINT "Invoice_paid_when" CHECK ("status" <> 'paid' OR "paidAt" IS NOT NULL)
);

-- Each invoice's number, from the counter (migration 20261130020000_estimates), the year in Baton Rouge when it is made.
CREATE FUNCTION invoice_number() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
    NEW."number" := next_document_number(
        'INV',
        EXTRACT(YEAR FROM ((COALESCE(NEW."createdAt", now()::TIMESTAMP(3)) AT TIME ZONE 'UTC') AT TIME ZONE 'America/Chicago'))::INTEGER
    );
    RETURN NEW;
END;
$$;

CREATE TRIGGER "Invoice_number" BEFORE INSERT ON "Invoice" FOR EACH ROW EXECUTE FUNCTION invoice_number();

-- CreateTable
CREATE TABLE "InvoiceLine" (
    "id" SERIAL NOT NULL,
    "invoiceId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "priceBookItemId" INTEGER,
    "jobItemId" INTEGER,
    "description" TEXT NOT NULL,
    "quantityHundredths" INTEGER NOT NULL,
    "unitPriceCents" INTEGER NOT NULL,
    "taxable" BOOLEAN NOT NULL,
    "totalCents" INTEGER NOT NULL,

    CONSTRAINT "InvoiceLine_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "InvoiceLine_cents_nonnegative" CHECK (
        "quantityHundredths" > 0 AND "unitPriceCents" >= 0 AND "totalCents" >= 0
    ),
    CONSTRAINT "InvoiceLine_description_not_blank" CHECK (btrim("description") <> '')
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" SERIAL NOT NULL,
    "invoiceId" INTEGER,
    "estimateId" INTEGER,
    "customerId" INTEGER NOT NULL,
    "method" "PaymentMethod" NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "reference" TEXT,
    "stripeSessionId" TEXT,
    "recordedById" INTEGER,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Payment_amount_range" CHECK ("amountCents" BETWEEN 1 AND 1000000000),
    -- A payment is of an invoice, or a deposit of an estimate (taken over by its invoice later).
    CONSTRAINT "Payment_of_something" CHECK ("invoiceId" IS NOT NULL OR "estimateId" IS NOT NULL)
);

-- CreateTable
CREATE TABLE "CheckoutSession" (
    "id" TEXT NOT NULL,
    "invoiceId" INTEGER,
    "estimateId" INTEGER,
    "amountCents" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CheckoutSession_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "CheckoutSession_amount_range" CHECK ("amountCents" BETWEEN 1 AND 1000000000),
    -- For an invoice's balance or an estimate's deposit, exactly one.
    CONSTRAINT "CheckoutSession_one_subject" CHECK (("invoiceId" IS NULL) <> ("estimateId" IS NULL))
);

-- CreateTable
CREATE TABLE "StripeEvent" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StripeEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_number_key" ON "Invoice"("number");
CREATE UNIQUE INDEX "Invoice_tokenHash_key" ON "Invoice"("tokenHash");
CREATE INDEX "Invoice_bookingId_idx" ON "Invoice"("bookingId");
CREATE INDEX "Invoice_estimateId_idx" ON "Invoice"("estimateId");
CREATE INDEX "Invoice_customerId_idx" ON "Invoice"("customerId");
CREATE INDEX "Invoice_status_sentAt_idx" ON "Invoice"("status", "sentAt");
-- At most one invoice of a visit, and one of an estimate, that is not void (drafting it twice is a no-op).
CREATE UNIQUE INDEX "Invoice_bookingId_live_key" ON "Invoice"("bookingId") WHERE "status" <> 'void' AND "bookingId" IS NOT NULL;
CREATE UNIQUE INDEX "Invoice_estimateId_live_key" ON "Invoice"("estimateId") WHERE "status" <> 'void' AND "estimateId" IS NOT NULL;
CREATE UNIQUE INDEX "InvoiceLine_invoiceId_position_key" ON "InvoiceLine"("invoiceId", "position");
CREATE UNIQUE INDEX "Payment_stripeSessionId_key" ON "Payment"("stripeSessionId");
CREATE INDEX "Payment_invoiceId_idx" ON "Payment"("invoiceId");
CREATE INDEX "Payment_estimateId_idx" ON "Payment"("estimateId");
CREATE INDEX "Payment_receivedAt_idx" ON "Payment"("receivedAt");
CREATE INDEX "CheckoutSession_invoiceId_idx" ON "CheckoutSession"("invoiceId");
CREATE INDEX "CheckoutSession_estimateId_idx" ON "CheckoutSession"("estimateId");

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_estimateId_fkey" FOREIGN KEY ("estimateId") REFERENCES "Estimate"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "InvoiceLine" ADD CONSTRAINT "InvoiceLine_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "InvoiceLine" ADD CONSTRAINT "InvoiceLine_priceBookItemId_fkey" FOREIGN KEY ("priceBookItemId") REFERENCES "PriceBookItem"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "InvoiceLine" ADD CONSTRAINT "InvoiceLine_jobItemId_fkey" FOREIGN KEY ("jobItemId") REFERENCES "JobItem"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_estimateId_fkey" FOREIGN KEY ("estimateId") REFERENCES "Estimate"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_recordedById_fkey" FOREIGN KEY ("recordedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "CheckoutSession" ADD CONSTRAINT "CheckoutSession_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "CheckoutSession" ADD CONSTRAINT "CheckoutSession_estimateId_fkey" FOREIGN KEY ("estimateId") REFERENCES "Estimate"("id") ON DELETE CASCADE ON UPDATE CASCADE;
