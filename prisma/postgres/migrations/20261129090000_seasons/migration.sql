-- CreateTable
CREATE TABLE "Season" (
    "id" TEXT NOT NULL,
    "guildId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "organiserId" TEXT NOT NULL,
    "options" TEXT NOT NULL,
    "dates" TEXT NOT NULL,
    "minNights" INTEGER NOT NULL DEFAULT 3,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "Season_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SeasonNight" (
    "tournamentId" TEXT NOT NULL,
    "seasonId" TEXT NOT NULL,
    "night" INTEGER NOT NULL,
    "doneAt" TIMESTAMP(3),

    CONSTRAINT "SeasonNight_pkey" PRIMARY KEY ("tournamentId")
);

-- CreateTable
CREATE TABLE "SeasonScore" (
    "seasonId" TEXT NOT NULL,
    "tournamentId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "percent" DOUBLE PRECISION NOT NULL,
    "playedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SeasonScore_pkey" PRIMARY KEY ("seasonId","tournamentId","userId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Season_guildId_number_key" ON "Season"("guildId", "number");

-- CreateIndex
CREATE INDEX "SeasonNight_seasonId_idx" ON "SeasonNight"("seasonId");

-- CreateIndex
CREATE INDEX "SeasonScore_userId_idx" ON "SeasonScore"("userId");

-- CreateIndex
CREATE INDEX "SeasonScore_playedAt_idx" ON "SeasonScore"("playedAt");

-- AddForeignKey
ALTER TABLE "SeasonNight" ADD CONSTRAINT "SeasonNight_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "Season"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SeasonScore" ADD CONSTRAINT "SeasonScore_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "Season"("id") ON DELETE CASCADE ON UPDATE CASCADE;

