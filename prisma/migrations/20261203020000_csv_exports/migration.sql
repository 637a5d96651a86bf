-- CSV exports too large for a request (docs/decisions/022-exports-that-finish.md): the worker writes the
-- file to the export store and emails its asker a signed link, which works until "expiresAt".
CREATE TABLE "CsvExport" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "params" JSONB NOT NULL,
    "rowCount" INTEGER NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "storageKey" TEXT,
    "bytes" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "readyAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CsvExport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CsvExport_dedupeKey_key" ON "CsvExport"("dedupeKey");

-- CreateIndex
CREATE INDEX "CsvExport_userId_idx" ON "CsvExport"("userId");

-- CreateIndex
CREATE INDEX "CsvExport_expiresAt_idx" ON "CsvExport"("expiresAt");

-- AddForeignKey
ALTER TABLE "CsvExport" ADD CONSTRAINT "CsvExport_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
