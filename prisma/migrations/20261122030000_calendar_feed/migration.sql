-- AlterTable
ALTER TABLE "User" ADD COLUMN     "calendarFeedId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "User_calendarFeedId_key" ON "User"("calendarFeedId");
