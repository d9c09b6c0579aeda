-- AlterTable
ALTER TABLE "GuildSettings" ADD COLUMN "dailyMemberDays" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "DailySession" ADD COLUMN "ranked" BOOLEAN NOT NULL DEFAULT true;
