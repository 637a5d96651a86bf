-- The dispatch board (docs/product.md#dispatch-board).

-- When a customer's move left the visit without its technician (they were not free in the new window):
-- the board flags it until staff assign one.
-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "technicianDroppedAt" TIMESTAMP(3);

-- The requests still to be placed, which the board lists beside every day: few among many bookings, found
-- by their placeholder time without reading the others. Not expressible in schema.prisma (a partial index).
CREATE INDEX "Booking_to_be_placed_idx" ON "Booking"("scheduledDate")
WHERE "needsPlacing" AND "status" IN ('pending', 'in_progress');
