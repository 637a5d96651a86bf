-- Text messages (docs/product.md#texts, docs/decisions/026-text-messages.md): consent per phone number,
-- and every text sent or received.
CREATE TYPE "TextConsentStatus" AS ENUM ('granted', 'opted_out', 'requested');
CREATE TYPE "TextDirection" AS ENUM ('inbound', 'outbound');
CREATE TYPE "TextStatus" AS ENUM ('sending', 'queued', 'sent', 'delivered', 'undelivered', 'failed', 'received', 'dropped');

CREATE TABLE "TextConsent" (
    "phone" TEXT NOT NULL,
    "status" "TextConsentStatus" NOT NULL,
    "grantedAt" TIMESTAMP(3),
    "wording" TEXT,
    "source" TEXT,
    "network" TEXT,
    "optedOutAt" TIMESTAMP(3),
    "requestedAt" TIMESTAMP(3),
    "requestedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "TextConsent_pkey" PRIMARY KEY ("phone")
);

CREATE TABLE "TextMessage" (
    "id" SERIAL NOT NULL,
    "sid" TEXT,
    "direction" "TextDirection" NOT NULL,
    "phone" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "kind" TEXT,
    "status" "TextStatus" NOT NULL,
    "errorCode" INTEGER,
    "relatedKey" TEXT,
    "outboxKey" TEXT,
    "fellBackAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "TextMessage_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "TextMessage_sid_key" ON "TextMessage"("sid");
CREATE UNIQUE INDEX "TextMessage_outboxKey_key" ON "TextMessage"("outboxKey");
CREATE INDEX "TextMessage_phone_createdAt_idx" ON "TextMessage"("phone", "createdAt");
CREATE INDEX "TextMessage_relatedKey_idx" ON "TextMessage"("relatedKey");
