-- Closed days (docs/product.md#closed-days): a Baton Rouge date the business takes no visits in
-- arrival windows. A removed closure keeps its row (removedAt) so the holidays added each year
-- never bring back one an admin removed.

-- CreateTable
CREATE TABLE "Closure" (
    "date" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "holiday" BOOLEAN NOT NULL DEFAULT false,
    "addedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "removedAt" TIMESTAMP(3),

    CONSTRAINT "Closure_pkey" PRIMARY KEY ("date"),
    -- A calendar day written as "YYYY-MM-DD", so that ranges compare as text in date order.
    CONSTRAINT "Closure_date_form" CHECK ("date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' AND to_char("date"::date, 'YYYY-MM-DD') = "date")
);

-- CreateIndex
CREATE INDEX "Closure_addedById_idx" ON "Closure"("addedById");

-- AddForeignKey
ALTER TABLE "Closure" ADD CONSTRAINT "Closure_addedById_fkey" FOREIGN KEY ("addedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
