-- Calls to the business's number through Twilio Voice (docs/product.md#calls): each call, what became of it,
-- its missed-call text-back, and the staff who take calls or are on call (their own phone).

ALTER TYPE "BookingSource" ADD VALUE 'phone';
ALTER TYPE "BookingSource" ADD VALUE 'text';

ALTER TABLE "User" ADD COLUMN "phone" TEXT,
ADD COLUMN "takesCalls" BOOLEAN NOT NULL DEFAULT false;

CREATE TYPE "CallOutcome" AS ENUM ('ringing', 'answered', 'missed');
CREATE TYPE "TextBackState" AS ENUM ('owed', 'sent', 'recent', 'opted_out', 'not_textable', 'failed');

CREATE TABLE "PhoneCall" (
    "id" SERIAL NOT NULL,
    "sid" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "outcome" "CallOutcome" NOT NULL DEFAULT 'ringing',
    "afterHours" BOOLEAN NOT NULL,
    "dialStatus" TEXT,
    "answeredAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),
    "textBack" "TextBackState",
    "textBackAt" TIMESTAMP(3),
    "emergencyAt" TIMESTAMP(3),
    "customerId" INTEGER,
    "bookingId" INTEGER,
    "calledBackAt" TIMESTAMP(3),
    "calledBackById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PhoneCall_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "PhoneCall_sid_key" ON "PhoneCall"("sid");
CREATE INDEX "PhoneCall_createdAt_idx" ON "PhoneCall"("createdAt");
CREATE INDEX "PhoneCall_phone_createdAt_idx" ON "PhoneCall"("phone", "createdAt");

ALTER TABLE "PhoneCall" ADD CONSTRAINT "PhoneCall_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "PhoneCall" ADD CONSTRAINT "PhoneCall_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "PhoneCall" ADD CONSTRAINT "PhoneCall_calledBackById_fkey" FOREIGN KEY ("calledBackById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Who is on call for emergencies (docs/product.md#on-call): no two shifts share a day.
CREATE TABLE "OnCallShift" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "fallbackId" INTEGER,
    "startsOn" DATE NOT NULL,
    "endsOn" DATE NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OnCallShift_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "OnCallShift_days" CHECK ("endsOn" >= "startsOn"),
    CONSTRAINT "OnCallShift_no_overlap" EXCLUDE USING gist (daterange("startsOn", "endsOn", '[]') WITH &&)
);

CREATE INDEX "OnCallShift_startsOn_idx" ON "OnCallShift"("startsOn");

ALTER TABLE "OnCallShift" ADD CONSTRAINT "OnCallShift_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "OnCallShift" ADD CONSTRAINT "OnCallShift_fallbackId_fkey" FOREIGN KEY ("fallbackId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
