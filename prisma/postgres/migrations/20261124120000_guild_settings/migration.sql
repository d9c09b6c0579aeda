-- AlterTable
ALTER TABLE "GuildSettings" ADD COLUMN     "botLevel" TEXT,
ADD COLUMN     "hintsAllowed" BOOLEAN,
ADD COLUMN     "leftAt" TIMESTAMP(3),
ADD COLUMN     "locale" TEXT,
ADD COLUMN     "retentionDays" INTEGER,
ADD COLUMN     "tableCap" INTEGER,
ADD COLUMN     "trickImages" TEXT,
ALTER COLUMN "turnSeconds" DROP NOT NULL,
ALTER COLUMN "turnSeconds" DROP DEFAULT;

-- CreateIndex
CREATE INDEX "GuildSettings_leftAt_idx" ON "GuildSettings"("leftAt");
