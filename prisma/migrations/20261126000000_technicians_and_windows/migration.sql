-- Technicians, visit lengths and arrival windows (docs/product.md#booking-rules).

-- The exclusion constraint below compares technician ids with `=` inside a GiST index.
CREATE EXTENSION IF NOT EXISTS btree_gist;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "workingDays" INTEGER[] DEFAULT ARRAY[1, 2, 3, 4, 5, 6]::INTEGER[];

-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "technicianId" INTEGER,
ADD COLUMN     "durationMinutes" INTEGER NOT NULL DEFAULT 120,
ADD COLUMN     "needsPlacing" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "address" TEXT;

-- Where the visit is: the address given with the request, for those that came with one.
UPDATE "Booking" b SET "address" = r."address" FROM "AppointmentRequest" r WHERE r."bookingId" = b."id" AND r."address" IS NOT NULL;

-- Requests from the chat and the portal were placed at a time nobody checked: staff still have to place those not started.
UPDATE "Booking" SET "needsPlacing" = true WHERE "source" IN ('chat', 'portal') AND "status" = 'pending';

-- CreateIndex
CREATE INDEX "Booking_technicianId_scheduledDate_idx" ON "Booking"("technicianId", "scheduledDate");

-- AddForeignKey
ALTER TABLE "Booking" ADD CONSTRAINT "Booking_technicianId_fkey" FOREIGN KEY ("technicianId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A visit lasts at least a minute and at most a day.
ALTER TABLE "Booking" ADD CONSTRAINT "Booking_durationMinutes_check" CHECK ("durationMinutes" BETWEEN 1 AND 1440);

-- No technician holds two visits at once: non-cancelled bookings of one technician never overlap
-- ([start, start + duration), so one visit may start as the previous ends). Not expressible in
-- schema.prisma; the application answers its violation (SQLSTATE 23P01) with 409.
ALTER TABLE "Booking" ADD CONSTRAINT "Booking_technician_no_overlap" EXCLUDE USING gist (
    "technicianId" WITH =,
    tsrange("scheduledDate", "scheduledDate" + make_interval(mins => "durationMinutes"), '[)') WITH &&
) WHERE ("technicianId" IS NOT NULL AND "status" <> 'cancelled');
