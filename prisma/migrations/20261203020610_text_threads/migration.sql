-- A customer's texts as one conversation in the staff inbox (docs/product.md#texts), one per number.
CREATE TABLE "TextThread" (
    "phone" TEXT NOT NULL,
    "readAt" TIMESTAMP(3),
    "handledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TextThread_pkey" PRIMARY KEY ("phone")
);
