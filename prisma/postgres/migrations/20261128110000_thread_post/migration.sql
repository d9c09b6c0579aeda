-- AlterTable
ALTER TABLE "HeartsTable" ADD COLUMN "threadFrom" INTEGER;
ALTER TABLE "HeartsTable" ADD COLUMN "threadTo" INTEGER;
