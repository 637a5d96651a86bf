-- A customer's own address (the customer record, staff search; docs/product.md#customer-record).
-- Filled from the newest visit or request that named one, so existing customers keep where we went.

-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "address" TEXT;

UPDATE "Customer" AS c
SET "address" = latest.address
FROM (
  SELECT DISTINCT ON ("customerId") "customerId", "address"
  FROM (
    SELECT "customerId", "address", "createdAt" FROM "Booking" WHERE "address" IS NOT NULL AND btrim("address") <> ''
    UNION ALL
    SELECT "customerId", "address", "createdAt" FROM "AppointmentRequest"
    WHERE "customerId" IS NOT NULL AND "address" IS NOT NULL AND btrim("address") <> ''
  ) AS named
  ORDER BY "customerId", "createdAt" DESC
) AS latest
WHERE latest."customerId" = c.id;
