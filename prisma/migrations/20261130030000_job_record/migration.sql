-- The technician's job record of a visit (docs/product.md#job-record): notes, the checked checklist
-- items, the photos (stored outside the database, through packages/shared/src/job-record/photo-store.server.ts)
-- and the items added on site in whole cents (packages/shared/src/money/money.ts).

-- CreateTable
CREATE TABLE "JobRecord" (
    "bookingId" INTEGER NOT NULL,
    "notes" TEXT NOT NULL DEFAULT '',
    "checklist" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedById" INTEGER,

    CONSTRAINT "JobRecord_pkey" PRIMARY KEY ("bookingId")
);

-- CreateTable
CREATE TABLE "JobPhoto" (
    "id" SERIAL NOT NULL,
    "bookingId" INTEGER NOT NULL,
    "storageKey" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "uploadKey" TEXT NOT NULL,
    "uploadedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JobPhoto_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "JobPhoto_bytes_positive" CHECK ("bytes" > 0),
    CONSTRAINT "JobPhoto_size_bounded" CHECK ("width" BETWEEN 1 AND 2048 AND "height" BETWEEN 1 AND 2048)
);

-- CreateIndex
CREATE UNIQUE INDEX "JobPhoto_storageKey_key" ON "JobPhoto"("storageKey");

-- CreateIndex: a retried upload (same client-made key) is the same photo.
CREATE UNIQUE INDEX "JobPhoto_bookingId_uploadKey_key" ON "JobPhoto"("bookingId", "uploadKey");

-- CreateTable
CREATE TABLE "JobItem" (
    "id" SERIAL NOT NULL,
    "bookingId" INTEGER NOT NULL,
    "priceBookItemId" INTEGER,
    "description" TEXT NOT NULL,
    "quantityHundredths" INTEGER NOT NULL,
    "unitPriceCents" INTEGER NOT NULL,
    "taxable" BOOLEAN NOT NULL DEFAULT true,
    "addedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JobItem_pkey" PRIMARY KEY ("id"),
    -- MAX_CENTS of the money module; a quantity of 0.01 to 9,999.99.
    CONSTRAINT "JobItem_unitPriceCents_range" CHECK ("unitPriceCents" BETWEEN 0 AND 1000000000),
    CONSTRAINT "JobItem_quantity_range" CHECK ("quantityHundredths" BETWEEN 1 AND 999999),
    CONSTRAINT "JobItem_description_not_blank" CHECK (btrim("description") <> '')
);

-- CreateIndex
CREATE INDEX "JobItem_bookingId_idx" ON "JobItem"("bookingId");

-- AddForeignKey
ALTER TABLE "JobRecord" ADD CONSTRAINT "JobRecord_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "JobRecord" ADD CONSTRAINT "JobRecord_updatedById_fkey" FOREIGN KEY ("updatedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "JobPhoto" ADD CONSTRAINT "JobPhoto_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "JobPhoto" ADD CONSTRAINT "JobPhoto_uploadedById_fkey" FOREIGN KEY ("uploadedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "JobItem" ADD CONSTRAINT "JobItem_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "JobItem" ADD CONSTRAINT "JobItem_priceBookItemId_fkey" FOREIGN KEY ("priceBookItemId") REFERENCES "PriceBookItem"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "JobItem" ADD CONSTRAINT "JobItem_addedById_fkey" FOREIGN KEY ("addedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
