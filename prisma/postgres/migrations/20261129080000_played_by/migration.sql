-- AlterTable
ALTER TABLE "TournamentTable" ADD COLUMN "playedBy" TEXT NOT NULL DEFAULT '[]';
