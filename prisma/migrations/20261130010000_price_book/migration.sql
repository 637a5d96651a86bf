-- The price book and the sales-tax setting (docs/product.md#price-book): whole cents and parts per
-- million, as docs/decisions/020-money-and-payments.md and packages/shared/src/money/money.ts hold them.

-- CreateEnum
CREATE TYPE "PriceUnit" AS ENUM ('each', 'hour', 'foot');

-- CreateTable
CREATE TABLE "PriceBookItem" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "unitPriceCents" INTEGER NOT NULL,
    "unit" "PriceUnit" NOT NULL DEFAULT 'each',
    "taxable" BOOLEAN NOT NULL DEFAULT true,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PriceBookItem_pkey" PRIMARY KEY ("id"),
    -- 0 to $10,000,000.00: MAX_CENTS of the money module.
    CONSTRAINT "PriceBookItem_unitPriceCents_range" CHECK ("unitPriceCents" BETWEEN 0 AND 1000000000),
    CONSTRAINT "PriceBookItem_name_not_blank" CHECK (btrim("name") <> '')
);

-- CreateIndex
CREATE INDEX "PriceBookItem_active_name_idx" ON "PriceBookItem"("active", "name");

-- CreateTable
CREATE TABLE "BusinessSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "salesTaxRatePpm" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedById" INTEGER,

    CONSTRAINT "BusinessSetting_pkey" PRIMARY KEY ("id"),
    -- One row: the business has one set of settings.
    CONSTRAINT "BusinessSetting_single_row" CHECK ("id" = 1),
    -- 0 to 100 %, in parts per million: MAX_TAX_RATE_PPM of the money module.
    CONSTRAINT "BusinessSetting_salesTaxRatePpm_range" CHECK ("salesTaxRatePpm" BETWEEN 0 AND 1000000)
);

-- AddForeignKey
ALTER TABLE "BusinessSetting" ADD CONSTRAINT "BusinessSetting_updatedById_fkey" FOREIGN KEY ("updatedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
