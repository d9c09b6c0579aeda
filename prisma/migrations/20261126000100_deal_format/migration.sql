-- Deal keys with a format (src/game/deal.ts). Written by hand as ADD COLUMN: Prisma's diff would
-- redefine both tables (and drop the trigger append_action with HeartsTable).
-- Tables stored before keep format 1 (their 32-bit seed); a game started from now on stores 2 and its secret.
ALTER TABLE "HeartsTable" ADD COLUMN "dealFormat" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "HeartsTable" ADD COLUMN "dealSecret" TEXT;

-- Daily attempts: new ones are format 2 by default; those already stored replay as format 1.
ALTER TABLE "DailySession" ADD COLUMN "dealFormat" INTEGER NOT NULL DEFAULT 2;
UPDATE "DailySession" SET "dealFormat" = 1;
