-- Every emergency is heard: contact messages and chat conversations that are emergencies, and the
-- dashboard's day (docs/product.md#contact-page, docs/product.md#dashboard).

-- AlterTable
ALTER TABLE "ContactMessage" ADD COLUMN     "emergency" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "ChatSession" ADD COLUMN     "emergencyAt" TIMESTAMP(3);

-- Messages sent before this change that asked for the Emergency service are emergency leads too.
UPDATE "ContactMessage" SET "emergency" = true WHERE "service" = 'emergency';

-- CreateIndex
CREATE INDEX "ContactMessage_emergency_handledAt_idx" ON "ContactMessage"("emergency", "handledAt");

-- CreateIndex
CREATE INDEX "ChatSession_emergencyAt_idx" ON "ChatSession"("emergencyAt");

-- CreateIndex
CREATE INDEX "Booking_needsPlacing_status_scheduledDate_idx" ON "Booking"("needsPlacing", "status", "scheduledDate");

-- CreateIndex
CREATE INDEX "Booking_priority_status_scheduledDate_idx" ON "Booking"("priority", "status", "scheduledDate");
