-- When the customer confirmed the visit by texting "C" (docs/product.md#texts).
ALTER TABLE "Booking" ADD COLUMN "customerConfirmedAt" TIMESTAMP(3);
