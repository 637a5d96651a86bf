-- Estimates a customer approves online (docs/product.md#estimates), and gapless document numbers
-- (docs/decisions/020-money-and-payments.md): amounts in whole cents as
-- packages/shared/src/money/money.ts computes them, stored when written.

-- CreateTable
CREATE TABLE "DocumentCounter" (
    "kind" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "last" INTEGER NOT NULL,

    CONSTRAINT "DocumentCounter_pkey" PRIMARY KEY ("kind", "year"),
    CONSTRAINT "DocumentCounter_last_positive" CHECK ("last" >= 1)
);

-- The next number of a kind in a year ('EST', 2026 → 'EST-2026-0001'), taken in the calling
-- transaction: the counter row's lock puts two documents made at once in turn, and a rollback gives
-- the number back, so numbers have no gaps. Invoices call it with 'INV'.
CREATE FUNCTION next_document_number(doc_kind TEXT, doc_year INTEGER) RETURNS TEXT
LANGUAGE plpgsql AS $$
DECLARE
    n INTEGER;
BEGIN
    INSERT INTO "DocumentCounter" ("kind", "year", "last") VALUES (doc_kind, doc_year, 1)
    ON CONFLICT ("kind", "year") DO UPDATE SET "last" = "DocumentCounter"."last" + 1
    RETURNING "last" INTO n;
    RETURN doc_kind || '-' || doc_year || '-' || lpad(n::TEXT, 4, '0');
END;
$$;

-- CreateEnum
CREATE TYPE "EstimateStatus" AS ENUM ('draft', 'sent', 'approved', 'declined', 'void');

-- CreateTable
CREATE TABLE "Estimate" (
    "id" SERIAL NOT NULL,
    "number" TEXT NOT NULL DEFAULT '',
    "bookingId" INTEGER,
    "customerId" INTEGER NOT NULL,
    "status" "EstimateStatus" NOT NULL DEFAULT 'draft',
    "depositPercent" INTEGER,
    "taxRatePpm" INTEGER NOT NULL,
    "createdById" INTEGER,
    "sentAt" TIMESTAMP(3),
    "approvedAt" TIMESTAMP(3),
    "approvedOptionId" INTEGER,
    "signatureName" TEXT,
    "approvedIp" TEXT,
    "approvedUserAgent" TEXT,
    "tokenHash" TEXT,
    "sealedToken" TEXT,
    "tokenExpiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Estimate_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Estimate_depositPercent_range" CHECK ("depositPercent" BETWEEN 0 AND 100),
    CONSTRAINT "Estimate_taxRatePpm_range" CHECK ("taxRatePpm" BETWEEN 0 AND 1000000),
    -- An approved estimate names its option, who signed and when.
    CONSTRAINT "Estimate_approved_complete" CHECK (
        "status" <> 'approved' OR ("approvedOptionId" IS NOT NULL AND "approvedAt" IS NOT NULL AND "signatureName" IS NOT NULL)
    )
);

-- Each estimate's number, from the counter, the year in Baton Rouge when it is made.
CREATE FUNCTION estimate_number() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
    NEW."number" := next_document_number(
        'EST',
        EXTRACT(YEAR FROM ((COALESCE(NEW."createdAt", now()::TIMESTAMP(3)) AT TIME ZONE 'UTC') AT TIME ZONE 'America/Chicago'))::INTEGER
    );
    RETURN NEW;
END;
$$;

CREATE TRIGGER "Estimate_number" BEFORE INSERT ON "Estimate" FOR EACH ROW EXECUTE FUNCTION estimate_number();

-- CreateTable
CREATE TABLE "EstimateOption" (
    "id" SERIAL NOT NULL,
    "estimateId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "discountCents" INTEGER NOT NULL DEFAULT 0,
    "subtotalCents" INTEGER NOT NULL,
    "taxCents" INTEGER NOT NULL,
    "totalCents" INTEGER NOT NULL,
    "depositCents" INTEGER NOT NULL,

    CONSTRAINT "EstimateOption_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "EstimateOption_cents_nonnegative" CHECK (
        "discountCents" >= 0 AND "subtotalCents" >= 0 AND "taxCents" >= 0 AND "totalCents" >= 0 AND "depositCents" >= 0
    ),
    CONSTRAINT "EstimateOption_deposit_within_total" CHECK ("depositCents" <= "totalCents"),
    CONSTRAINT "EstimateOption_name_not_blank" CHECK (btrim("name") <> '')
);

-- CreateTable
CREATE TABLE "EstimateLine" (
    "id" SERIAL NOT NULL,
    "optionId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "priceBookItemId" INTEGER,
    "description" TEXT NOT NULL,
    "quantityHundredths" INTEGER NOT NULL,
    "unitPriceCents" INTEGER NOT NULL,
    "taxable" BOOLEAN NOT NULL,
    "totalCents" INTEGER NOT NULL,

    CONSTRAINT "EstimateLine_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "EstimateLine_cents_nonnegative" CHECK (
        "quantityHundredths" > 0 AND "unitPriceCents" >= 0 AND "totalCents" >= 0
    )
);

-- CreateIndex
CREATE UNIQUE INDEX "Estimate_number_key" ON "Estimate"("number");
CREATE UNIQUE INDEX "Estimate_approvedOptionId_key" ON "Estimate"("approvedOptionId");
CREATE UNIQUE INDEX "Estimate_tokenHash_key" ON "Estimate"("tokenHash");
CREATE INDEX "Estimate_bookingId_idx" ON "Estimate"("bookingId");
CREATE INDEX "Estimate_customerId_idx" ON "Estimate"("customerId");
CREATE UNIQUE INDEX "EstimateOption_estimateId_position_key" ON "EstimateOption"("estimateId", "position");
CREATE UNIQUE INDEX "EstimateLine_optionId_position_key" ON "EstimateLine"("optionId", "position");

-- AddForeignKey
ALTER TABLE "Estimate" ADD CONSTRAINT "Estimate_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Estimate" ADD CONSTRAINT "Estimate_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Estimate" ADD CONSTRAINT "Estimate_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Estimate" ADD CONSTRAINT "Estimate_approvedOptionId_fkey" FOREIGN KEY ("approvedOptionId") REFERENCES "EstimateOption"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "EstimateOption" ADD CONSTRAINT "EstimateOption_estimateId_fkey" FOREIGN KEY ("estimateId") REFERENCES "Estimate"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "EstimateLine" ADD CONSTRAINT "EstimateLine_optionId_fkey" FOREIGN KEY ("optionId") REFERENCES "EstimateOption"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "EstimateLine" ADD CONSTRAINT "EstimateLine_priceBookItemId_fkey" FOREIGN KEY ("priceBookItemId") REFERENCES "PriceBookItem"("id") ON DELETE SET NULL ON UPDATE CASCADE;
