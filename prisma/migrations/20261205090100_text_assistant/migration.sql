-- The assistant answers texts (docs/product.md#texts, "The assistant over text"): who took a conversation over,
-- and the arrival windows it offered last.
ALTER TABLE "TextThread" ADD COLUMN "takenOverById" INTEGER,
ADD COLUMN "offeredWindows" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
ADD COLUMN "offeredAt" TIMESTAMP(3);

ALTER TABLE "TextThread" ADD CONSTRAINT "TextThread_takenOverById_fkey" FOREIGN KEY ("takenOverById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
