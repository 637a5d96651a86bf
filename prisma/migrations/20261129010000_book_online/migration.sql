-- Book online (docs/product.md#book-online): a visit booked on the /book page says so to staff.
-- AlterEnum
ALTER TYPE "BookingSource" ADD VALUE 'online';
