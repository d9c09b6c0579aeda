-- AlterTable
ALTER TABLE "DailySession" ADD COLUMN     "sharedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "DailyDay" (
    "guildId" TEXT NOT NULL,
    "day" INTEGER NOT NULL,
    "rulesSpec" TEXT NOT NULL,

    CONSTRAINT "DailyDay_pkey" PRIMARY KEY ("guildId","day")
);

-- CreateTable
CREATE TABLE "DailyTombstone" (
    "key" TEXT NOT NULL,
    "day" INTEGER NOT NULL,

    CONSTRAINT "DailyTombstone_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "DailySession_day_userId_idx" ON "DailySession"("day", "userId");

-- CreateIndex
CREATE INDEX "DailyTombstone_day_idx" ON "DailyTombstone"("day");
