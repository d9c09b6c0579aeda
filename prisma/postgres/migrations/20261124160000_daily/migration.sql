-- AlterTable
ALTER TABLE "GuildSettings" ADD COLUMN     "dailyEnabled" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "dailyRules" TEXT NOT NULL DEFAULT 'classic';

-- CreateTable
CREATE TABLE "AppSecret" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AppSecret_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "DailySession" (
    "guildId" TEXT NOT NULL,
    "day" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "rulesSpec" TEXT NOT NULL,
    "actions" TEXT NOT NULL DEFAULT '[]',
    "actionCount" INTEGER NOT NULL DEFAULT 0,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "points" INTEGER,
    "queens" INTEGER,
    "perHand" TEXT,
    "moons" TEXT,

    CONSTRAINT "DailySession_pkey" PRIMARY KEY ("guildId","day","userId")
);

-- CreateTable
CREATE TABLE "ComputedCache" (
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ComputedCache_pkey" PRIMARY KEY ("kind","key")
);

-- CreateIndex
CREATE INDEX "DailySession_guildId_userId_day_idx" ON "DailySession"("guildId", "userId", "day");
