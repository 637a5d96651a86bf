-- The dispatch board (docs/product.md#dispatch-board).

-- When a customer's move left the visit without its technician (they were not free in the new window):
-- the board flags it until staff assign one.
-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "technicianDroppedAt" TIMESTAMP(3);

-- The SEQUENCE of the visit's calendar event after a move, raised by every move even within one second
-- (before, the last change's second was the SEQUENCE, so two changes in one second shared it).
ALTER TABLE "Booking" ADD COLUMN     "calendarSequence" INTEGER;

-- The requests still to be placed, which the board lists beside every day: few among many bookings, found
-- by their placeholder time without reading the others. Not expressible in schema.prisma (a partial index).
CREATE INDEX "Booking_to_be_placed_idx" ON "Booking"("scheduledDate")
WHERE "needsPlacing" AND "status" IN ('pending', 'in_progress');
