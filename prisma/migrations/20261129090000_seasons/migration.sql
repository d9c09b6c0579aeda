-- CreateTable
CREATE TABLE "Season" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "guildId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "organiserId" TEXT NOT NULL,
    "options" TEXT NOT NULL,
    "dates" TEXT NOT NULL,
    "minNights" INTEGER NOT NULL DEFAULT 3,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" DATETIME
);

-- CreateTable
CREATE TABLE "SeasonNight" (
    "tournamentId" TEXT NOT NULL PRIMARY KEY,
    "seasonId" TEXT NOT NULL,
    "night" INTEGER NOT NULL,
    "doneAt" DATETIME,
    CONSTRAINT "SeasonNight_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "Season" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SeasonScore" (
    "seasonId" TEXT NOT NULL,
    "tournamentId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "percent" REAL NOT NULL,
    "playedAt" DATETIME NOT NULL,

    PRIMARY KEY ("seasonId", "tournamentId", "userId"),
    CONSTRAINT "SeasonScore_seasonId_fkey" FOREIGN KEY ("seasonId") REFERENCES "Season" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Season_guildId_number_key" ON "Season"("guildId", "number");

-- CreateIndex
CREATE INDEX "SeasonNight_seasonId_idx" ON "SeasonNight"("seasonId");

-- CreateIndex
CREATE INDEX "SeasonScore_userId_idx" ON "SeasonScore"("userId");

-- CreateIndex
CREATE INDEX "SeasonScore_playedAt_idx" ON "SeasonScore"("playedAt");

