-- A customer declines an estimate on its page (docs/product.md#estimates): when, and why if they said.
CREATE TYPE "EstimateDeclineReason" AS ENUM ('price', 'other_contractor', 'not_now', 'other');

ALTER TABLE "Estimate"
    ADD COLUMN "declinedAt" TIMESTAMP(3),
    ADD COLUMN "declineReason" "EstimateDeclineReason",
    ADD COLUMN "declineNote" TEXT,
    -- A declined estimate says when; only a declined one has a reason or a note.
    ADD CONSTRAINT "Estimate_declined_complete" CHECK (
        ("status" = 'declined') = ("declinedAt" IS NOT NULL)
        AND ("status" = 'declined' OR ("declineReason" IS NULL AND "declineNote" IS NULL))
    ),
    ADD CONSTRAINT "Estimate_declineNote_length" CHECK (char_length("declineNote") <= 500);
