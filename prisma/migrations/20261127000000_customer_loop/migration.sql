-- The customer's loop and staff alerts away from the screen (docs/decisions/010-customer-loop.md).

-- AlterTable
ALTER TABLE "Booking" ADD COLUMN     "emailCustomer" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "onTheWayAt" TIMESTAMP(3),
ADD COLUMN     "onTheWayMinutes" INTEGER;

-- CreateTable
CREATE TABLE "VisitLink" (
    "bookingId" INTEGER NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "sealedToken" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VisitLink_pkey" PRIMARY KEY ("bookingId")
);

-- CreateTable
CREATE TABLE "EmailPreference" (
    "email" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "unsubscribedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EmailPreference_pkey" PRIMARY KEY ("email")
);

-- CreateTable
CREATE TABLE "PushSubscription" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "sessionId" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "userAgent" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PushSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "VisitLink_tokenHash_key" ON "VisitLink"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "EmailPreference_tokenHash_key" ON "EmailPreference"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "PushSubscription_endpoint_key" ON "PushSubscription"("endpoint");

-- CreateIndex
CREATE INDEX "PushSubscription_userId_idx" ON "PushSubscription"("userId");

-- CreateIndex
CREATE INDEX "PushSubscription_sessionId_idx" ON "PushSubscription"("sessionId");

-- AddForeignKey
ALTER TABLE "VisitLink" ADD CONSTRAINT "VisitLink_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PushSubscription" ADD CONSTRAINT "PushSubscription_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PushSubscription" ADD CONSTRAINT "PushSubscription_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- "On my way" names 15, 30, 45 or 60 minutes.
ALTER TABLE "Booking" ADD CONSTRAINT "Booking_onTheWayMinutes_check" CHECK ("onTheWayMinutes" IS NULL OR "onTheWayMinutes" BETWEEN 1 AND 240);
