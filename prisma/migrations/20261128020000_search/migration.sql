-- Staff search: one box finds customers and bookings (docs/product.md#search).
-- pg_trgm forgives typos in names and matches any part of a name, an email or an address through
-- GIN trigram indexes; a phone is compared by its digits alone, through an index on that expression.
-- The queries are in web/app/features/search/search.server.ts and must use these very expressions.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "Customer_name_trgm_idx" ON "Customer" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Customer_email_trgm_idx" ON "Customer" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Customer_address_trgm_idx" ON "Customer" USING GIN ("address" gin_trgm_ops);

-- CreateIndex: "(225) 555-0123", "225.555.0123" and "2255550123" are all "2255550123" here.
CREATE INDEX "Customer_phone_digits_trgm_idx" ON "Customer" USING GIN ((regexp_replace("phone", '\D', '', 'g')) gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Booking_address_trgm_idx" ON "Booking" USING GIN ("address" gin_trgm_ops);
