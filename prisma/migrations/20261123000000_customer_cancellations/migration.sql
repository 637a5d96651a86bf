-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "cancelledByCustomerAt" TIMESTAMP(3),
ADD COLUMN     "cancellationNotifiedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Booking_cancelledByCustomerAt_idx" ON "Booking"("cancelledByCustomerAt");
