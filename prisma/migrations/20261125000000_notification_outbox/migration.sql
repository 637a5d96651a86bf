-- CreateTable
CREATE TABLE "Outbox" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "queue" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "subject" TEXT,
    "priority" INTEGER,
    "availableAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "sentAt" TIMESTAMP(3),
    "failedAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Outbox_key_key" ON "Outbox"("key");

-- CreateIndex
CREATE INDEX "Outbox_sentAt_availableAt_idx" ON "Outbox"("sentAt", "availableAt");

-- CreateIndex
CREATE INDEX "Outbox_subject_idx" ON "Outbox"("subject");

-- CreateIndex
CREATE INDEX "Outbox_createdAt_idx" ON "Outbox"("createdAt");

-- Each per-kind "sent" column becomes an outbox row under the key its job already had, sent or
-- still owed; what was owed is sent by the sweeper after the upgrade, exactly once.

INSERT INTO "Outbox" ("key", "queue", "kind", "payload", "subject", "availableAt", "sentAt", "createdAt")
SELECT 'contact-' || "id", 'email', 'contact-notification',
       jsonb_strip_nulls(jsonb_build_object('contactMessageId', "id", 'requestId', "requestId")),
       'contact:' || "id", "createdAt", "notifiedAt", "createdAt"
FROM "ContactMessage";

INSERT INTO "Outbox" ("key", "queue", "kind", "payload", "subject", "availableAt", "sentAt", "createdAt")
SELECT 'account-link-' || "id", 'email', 'account-link', jsonb_build_object('accountTokenId', "id"),
       'user:' || "userId", "createdAt", "emailedAt", "createdAt"
FROM "AccountToken"
WHERE "emailedAt" IS NOT NULL OR ("usedAt" IS NULL AND "expiresAt" > CURRENT_TIMESTAMP);

INSERT INTO "Outbox" ("key", "queue", "kind", "payload", "subject", "availableAt", "sentAt", "createdAt")
SELECT 'booking-email-' || "id", 'email', 'booking-staff-notification', jsonb_build_object('bookingId', "id"),
       'booking:' || "id", "createdAt", "notifiedAt", "createdAt"
FROM "Booking";

-- The live "created" event was owed only while the staff email was.
INSERT INTO "Outbox" ("key", "queue", "kind", "payload", "subject", "availableAt", "createdAt")
SELECT 'booking-event-' || "id" || '-created', 'notifications', 'booking-event',
       jsonb_build_object('bookingId', "id", 'event', 'created', 'version', 'created'),
       'booking:' || "id", "createdAt", "createdAt"
FROM "Booking"
WHERE "notifiedAt" IS NULL;

INSERT INTO "Outbox" ("key", "queue", "kind", "payload", "subject", "availableAt", "sentAt", "createdAt")
SELECT 'booking-cancelled-' || "id" || '-' || floor(extract(epoch FROM "cancelledByCustomerAt") * 1000)::bigint,
       'email', 'booking-cancelled-notification',
       jsonb_build_object('bookingId', "id", 'cancelledAt', floor(extract(epoch FROM "cancelledByCustomerAt") * 1000)::bigint),
       'booking:' || "id", "cancelledByCustomerAt", "cancellationNotifiedAt", "cancelledByCustomerAt"
FROM "Booking"
WHERE "cancelledByCustomerAt" IS NOT NULL AND ("status" = 'cancelled' OR "cancellationNotifiedAt" IS NOT NULL);

-- A confirmation that was not sent because the visitor's address had had its share is "done" too.
INSERT INTO "Outbox" ("key", "queue", "kind", "payload", "subject", "availableAt", "sentAt", "createdAt")
SELECT 'appointment-confirmation-' || "id", 'email', 'appointment-confirmation',
       jsonb_build_object('appointmentRequestId', "id"),
       'booking:' || "bookingId", "createdAt", "confirmedAt", "createdAt"
FROM "AppointmentRequest"
WHERE "bookingId" IS NOT NULL;

-- DropIndex
DROP INDEX "AccountToken_emailedAt_idx";

-- DropIndex
DROP INDEX "Booking_notifiedAt_idx";

-- DropIndex
DROP INDEX "ContactMessage_notifiedAt_idx";

-- AlterTable
ALTER TABLE "AccountToken" DROP COLUMN "emailedAt";

-- AlterTable
ALTER TABLE "AppointmentRequest" DROP COLUMN "confirmedAt";

-- AlterTable
ALTER TABLE "Booking" DROP COLUMN "cancellationNotifiedAt",
DROP COLUMN "notifiedAt";

-- AlterTable
ALTER TABLE "ContactMessage" DROP COLUMN "notifiedAt";
