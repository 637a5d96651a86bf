-- Maintenance plans (docs/product.md#plans, docs/decisions/029-maintenance-plans.md): the plans the business
-- sells, customers' memberships, their included visits, and the payments of their periods.

ALTER TYPE "BookingSource" ADD VALUE 'plan';

CREATE TYPE "MembershipStatus" AS ENUM ('pending', 'active', 'past_due', 'paused', 'cancelled', 'expired');
CREATE TYPE "BillingInterval" AS ENUM ('year', 'month');
CREATE TYPE "PlanVisitState" AS ENUM ('due', 'placed', 'to_place', 'dropped');

CREATE TABLE "Plan" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "yearlyPriceCents" INTEGER NOT NULL,
    "monthlyPriceCents" INTEGER,
    "visitsPerYear" INTEGER NOT NULL,
    "serviceType" TEXT NOT NULL,
    "discountPercent" INTEGER NOT NULL,
    "emergencyPriority" BOOLEAN NOT NULL DEFAULT false,
    "terms" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Plan_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Plan_prices" CHECK ("yearlyPriceCents" > 0 AND ("monthlyPriceCents" IS NULL OR "monthlyPriceCents" > 0)),
    CONSTRAINT "Plan_visits" CHECK ("visitsPerYear" BETWEEN 0 AND 12),
    CONSTRAINT "Plan_discount" CHECK ("discountPercent" BETWEEN 0 AND 50)
);

CREATE UNIQUE INDEX "Plan_name_key" ON "Plan"("name");
CREATE UNIQUE INDEX "Plan_slug_key" ON "Plan"("slug");

CREATE TABLE "Membership" (
    "id" SERIAL NOT NULL,
    "planId" INTEGER NOT NULL,
    "customerId" INTEGER NOT NULL,
    "status" "MembershipStatus" NOT NULL DEFAULT 'pending',
    "interval" "BillingInterval" NOT NULL DEFAULT 'year',
    "priceCents" INTEGER NOT NULL,
    "discountPercent" INTEGER NOT NULL,
    "paysOnline" BOOLEAN NOT NULL,
    "startedAt" TIMESTAMP(3),
    "currentPeriodStart" TIMESTAMP(3),
    "currentPeriodEnd" TIMESTAMP(3),
    "cancelAtPeriodEnd" BOOLEAN NOT NULL DEFAULT false,
    "cancelledAt" TIMESTAMP(3),
    "pausedAt" TIMESTAMP(3),
    "stripeCustomerId" TEXT,
    "stripeSubscriptionId" TEXT,
    "tokenHash" TEXT NOT NULL,
    "sealedToken" TEXT NOT NULL,
    "enrolledById" INTEGER,
    "remindedDays" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Membership_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "Membership_stripeSubscriptionId_key" ON "Membership"("stripeSubscriptionId");
CREATE UNIQUE INDEX "Membership_tokenHash_key" ON "Membership"("tokenHash");
CREATE INDEX "Membership_customerId_idx" ON "Membership"("customerId");
CREATE INDEX "Membership_status_currentPeriodEnd_idx" ON "Membership"("status", "currentPeriodEnd");

ALTER TABLE "Membership" ADD CONSTRAINT "Membership_planId_fkey" FOREIGN KEY ("planId") REFERENCES "Plan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_enrolledById_fkey" FOREIGN KEY ("enrolledById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "PlanVisit" (
    "id" SERIAL NOT NULL,
    "membershipId" INTEGER NOT NULL,
    "dueOn" DATE NOT NULL,
    "state" "PlanVisitState" NOT NULL DEFAULT 'due',
    "bookingId" INTEGER,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "PlanVisit_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "PlanVisit_bookingId_key" ON "PlanVisit"("bookingId");
CREATE UNIQUE INDEX "PlanVisit_membershipId_dueOn_key" ON "PlanVisit"("membershipId", "dueOn");
CREATE INDEX "PlanVisit_state_dueOn_idx" ON "PlanVisit"("state", "dueOn");

ALTER TABLE "PlanVisit" ADD CONSTRAINT "PlanVisit_membershipId_fkey" FOREIGN KEY ("membershipId") REFERENCES "Membership"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PlanVisit" ADD CONSTRAINT "PlanVisit_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A membership's period paid: through its Stripe subscription's invoice (once per invoice), or to the office.
ALTER TABLE "Payment" ADD COLUMN "membershipId" INTEGER,
ADD COLUMN "stripeInvoiceId" TEXT;
CREATE UNIQUE INDEX "Payment_stripeInvoiceId_key" ON "Payment"("stripeInvoiceId");
CREATE INDEX "Payment_membershipId_idx" ON "Payment"("membershipId");
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_membershipId_fkey" FOREIGN KEY ("membershipId") REFERENCES "Membership"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The Checkout Session (subscription mode) that pays a membership's first period.
ALTER TABLE "CheckoutSession" ADD COLUMN "membershipId" INTEGER;
CREATE INDEX "CheckoutSession_membershipId_idx" ON "CheckoutSession"("membershipId");
ALTER TABLE "CheckoutSession" ADD CONSTRAINT "CheckoutSession_membershipId_fkey" FOREIGN KEY ("membershipId") REFERENCES "Membership"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Payment" DROP CONSTRAINT "Payment_of_something",
ADD CONSTRAINT "Payment_of_something" CHECK ("invoiceId" IS NOT NULL OR "estimateId" IS NOT NULL OR "membershipId" IS NOT NULL);
ALTER TABLE "CheckoutSession" DROP CONSTRAINT "CheckoutSession_one_subject",
ADD CONSTRAINT "CheckoutSession_one_subject" CHECK (num_nonnulls("invoiceId", "estimateId", "membershipId") = 1);
