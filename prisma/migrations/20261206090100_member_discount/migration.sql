-- The members' discount on estimates and invoices (docs/decisions/029-maintenance-plans.md): a whole percent of a
-- document's subtotal, before tax, shown as its own line with the plan's name. The plan's name and the percent are
-- copied onto the document when it is written, so a membership that ends (or a plan renamed) never changes it.

ALTER TABLE "Estimate" ADD COLUMN "memberPlanName" TEXT,
ADD COLUMN "memberDiscountPercent" INTEGER,
ADD CONSTRAINT "Estimate_member_discount" CHECK (
    ("memberPlanName" IS NULL) = ("memberDiscountPercent" IS NULL)
    AND ("memberDiscountPercent" IS NULL OR "memberDiscountPercent" BETWEEN 1 AND 100)
);

ALTER TABLE "EstimateOption" ADD COLUMN "memberDiscountCents" INTEGER NOT NULL DEFAULT 0,
ADD CONSTRAINT "EstimateOption_member_discount" CHECK ("memberDiscountCents" BETWEEN 0 AND "subtotalCents");

ALTER TABLE "Invoice" ADD COLUMN "memberPlanName" TEXT,
ADD COLUMN "memberDiscountPercent" INTEGER,
ADD COLUMN "memberDiscountCents" INTEGER NOT NULL DEFAULT 0,
ADD CONSTRAINT "Invoice_member_discount" CHECK (
    ("memberPlanName" IS NULL) = ("memberDiscountPercent" IS NULL)
    AND ("memberDiscountPercent" IS NULL OR "memberDiscountPercent" BETWEEN 1 AND 100)
    AND "memberDiscountCents" BETWEEN 0 AND "subtotalCents"
    AND ("memberDiscountPercent" IS NOT NULL OR "memberDiscountCents" = 0)
);
