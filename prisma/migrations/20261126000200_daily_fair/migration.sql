-- AlterTable
ALTER TABLE "DailySession" ADD COLUMN "sharedAt" DATETIME;

-- CreateTable
CREATE TABLE "DailyDay" (
    "guildId" TEXT NOT NULL,
    "day" INTEGER NOT NULL,
    "rulesSpec" TEXT NOT NULL,

    PRIMARY KEY ("guildId", "day")
);

-- CreateTable
CREATE TABLE "DailyTombstone" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "day" INTEGER NOT NULL
);

-- CreateIndex
CREATE INDEX "DailyTombstone_day_idx" ON "DailyTombstone"("day");

-- CreateIndex
CREATE INDEX "DailySession_day_userId_idx" ON "DailySession"("day", "userId");

