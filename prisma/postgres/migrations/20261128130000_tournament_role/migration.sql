-- AlterTable
ALTER TABLE "GuildSettings" ADD COLUMN "tournamentRole" TEXT;

-- AlterTable
ALTER TABLE "TournamentTable" ADD COLUMN "standIns" TEXT NOT NULL DEFAULT '[]';
