-- The rows given up on (failed, not sent), newest first: what the staff queues page counts and lists.
-- Read through the ("sentAt", "availableAt") index they sat among every cancelled row kept for good
-- (100,000 after a busy year). This index holds only the failed rows, which staff retry or leave: the
-- page costs what failed, not what the table has kept. A partial index cannot be written in
-- prisma/schema.prisma: it lives here, as "Outbox_owed_availableAt_idx" does.
CREATE INDEX "Outbox_failed_failedAt_idx" ON "Outbox" ("failedAt" DESC)
  WHERE "sentAt" IS NULL AND "failedAt" IS NOT NULL;

-- The rows cancelled lately (a visit moved or cancelled takes back its reminders): the queues page
-- counts the last day's, not every one the table has kept.
CREATE INDEX "Outbox_cancelled_cancelledAt_idx" ON "Outbox" ("cancelledAt")
  WHERE "sentAt" IS NULL AND "cancelledAt" IS NOT NULL;
