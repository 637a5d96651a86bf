-- The rows still owed (not sent, cancelled or given up on), by when they are due: what the worker's
-- sweeper (sweepOutbox, packages/shared/src/outbox.server.ts) and the staff queues page read. The
-- ("sentAt", "availableAt") index also holds every cancelled and failed row, which stay unsent for
-- good: after a busy year (100,000 cancelled reminders) the sweeper's query read them all every
-- time, 142 ms instead of 0.2 (docs/benchmarks.md, "Email latency under load"). This index holds
-- only the owed rows, so the query costs what is owed, not what the table has kept. A partial
-- index cannot be written in prisma/schema.prisma: it lives here, as the search's GIN indexes do.
CREATE INDEX "Outbox_owed_availableAt_idx" ON "Outbox" ("availableAt")
  WHERE "sentAt" IS NULL AND "cancelledAt" IS NULL AND "failedAt" IS NULL;
