-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "HeartsTable" (
    "id" TEXT NOT NULL,
    "guildId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "threadId" TEXT,
    "messageId" TEXT,
    "hostId" TEXT NOT NULL,
    "rules" TEXT NOT NULL,
    "settings" TEXT NOT NULL,
    "seed" BIGINT NOT NULL,
    "status" TEXT NOT NULL,
    "seats" TEXT NOT NULL,
    "actionCount" INTEGER NOT NULL DEFAULT 0,
    "turnDeadline" TIMESTAMP(3),
    "timeBank" TEXT NOT NULL DEFAULT '[]',
    "brokenReason" TEXT,
    "hintsUsed" BOOLEAN NOT NULL DEFAULT false,
    "lastSeat" INTEGER,
    "lastAction" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "HeartsTable_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GameAction" (
    "tableId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "seat" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GameAction_pkey" PRIMARY KEY ("tableId","seq")
);

-- CreateTable
CREATE TABLE "FinishedGame" (
    "id" SERIAL NOT NULL,
    "tableId" TEXT NOT NULL,
    "guildId" TEXT NOT NULL,
    "rules" TEXT NOT NULL,
    "rated" BOOLEAN NOT NULL,
    "hands" TEXT NOT NULL,
    "handCount" INTEGER NOT NULL,
    "finishedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FinishedGame_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GameResult" (
    "id" SERIAL NOT NULL,
    "gameId" INTEGER NOT NULL,
    "guildId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "playerKey" TEXT NOT NULL,
    "userId" TEXT,
    "botLevel" TEXT,
    "name" TEXT NOT NULL,
    "total" INTEGER NOT NULL,
    "place" INTEGER NOT NULL,
    "points" INTEGER NOT NULL,
    "moons" INTEGER NOT NULL,
    "queens" INTEGER NOT NULL,
    "ratingBefore" INTEGER,
    "ratingAfter" INTEGER,
    "finishedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GameResult_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PlayerStats" (
    "guildId" TEXT NOT NULL,
    "playerKey" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "isBot" BOOLEAN NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "rating" INTEGER NOT NULL,
    "games" INTEGER NOT NULL DEFAULT 0,
    "wins" INTEGER NOT NULL DEFAULT 0,
    "place1" INTEGER NOT NULL DEFAULT 0,
    "place2" INTEGER NOT NULL DEFAULT 0,
    "place3" INTEGER NOT NULL DEFAULT 0,
    "place4" INTEGER NOT NULL DEFAULT 0,
    "points" INTEGER NOT NULL DEFAULT 0,
    "hands" INTEGER NOT NULL DEFAULT 0,
    "moons" INTEGER NOT NULL DEFAULT 0,
    "queens" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PlayerStats_pkey" PRIMARY KEY ("guildId","playerKey")
);

-- CreateTable
CREATE TABLE "GuildSettings" (
    "guildId" TEXT NOT NULL,
    "defaultRules" TEXT NOT NULL DEFAULT 'classic',
    "turnSeconds" INTEGER NOT NULL DEFAULT 60,
    "allowedChannels" TEXT NOT NULL DEFAULT '[]',

    CONSTRAINT "GuildSettings_pkey" PRIMARY KEY ("guildId")
);

-- CreateIndex
CREATE INDEX "HeartsTable_status_idx" ON "HeartsTable"("status");

-- CreateIndex
CREATE INDEX "HeartsTable_channelId_status_idx" ON "HeartsTable"("channelId", "status");

-- CreateIndex
CREATE INDEX "HeartsTable_threadId_status_idx" ON "HeartsTable"("threadId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "FinishedGame_tableId_key" ON "FinishedGame"("tableId");

-- CreateIndex
CREATE INDEX "FinishedGame_guildId_finishedAt_idx" ON "FinishedGame"("guildId", "finishedAt");

-- CreateIndex
CREATE INDEX "GameResult_guildId_playerKey_finishedAt_idx" ON "GameResult"("guildId", "playerKey", "finishedAt");

-- CreateIndex
CREATE INDEX "GameResult_gameId_idx" ON "GameResult"("gameId");

-- CreateIndex
CREATE INDEX "PlayerStats_guildId_isBot_rating_idx" ON "PlayerStats"("guildId", "isBot", "rating");

-- AddForeignKey
ALTER TABLE "GameAction" ADD CONSTRAINT "GameAction_tableId_fkey" FOREIGN KEY ("tableId") REFERENCES "HeartsTable"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GameResult" ADD CONSTRAINT "GameResult_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "FinishedGame"("id") ON DELETE CASCADE ON UPDATE CASCADE;

