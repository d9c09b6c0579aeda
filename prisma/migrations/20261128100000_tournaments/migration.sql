-- CreateTable
CREATE TABLE "Tournament" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "guildId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "organiserId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "startsAt" DATETIME NOT NULL,
    "rounds" INTEGER NOT NULL,
    "handsPerRound" INTEGER NOT NULL DEFAULT 4,
    "rulesSpec" TEXT NOT NULL,
    "botLevel" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "round" INTEGER NOT NULL DEFAULT 0,
    "secret" TEXT NOT NULL,
    "messageId" TEXT,
    "eventId" TEXT,
    "remindedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "TournamentEntry" (
    "tournamentId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "joinedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leftAt" DATETIME,

    PRIMARY KEY ("tournamentId", "userId"),
    CONSTRAINT "TournamentEntry_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TournamentRound" (
    "tournamentId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "seating" TEXT NOT NULL,
    "startedAt" DATETIME NOT NULL,
    "closedAt" DATETIME,

    PRIMARY KEY ("tournamentId", "round"),
    CONSTRAINT "TournamentRound_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TournamentTable" (
    "tableId" TEXT NOT NULL PRIMARY KEY,
    "tournamentId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "tableIndex" INTEGER NOT NULL,
    "deals" TEXT NOT NULL DEFAULT '[]',
    "finishedAt" DATETIME,
    CONSTRAINT "TournamentTable_tournamentId_round_fkey" FOREIGN KEY ("tournamentId", "round") REFERENCES "TournamentRound" ("tournamentId", "round") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Tournament_guildId_status_idx" ON "Tournament"("guildId", "status");

-- CreateIndex
CREATE INDEX "Tournament_status_startsAt_idx" ON "Tournament"("status", "startsAt");

-- CreateIndex
CREATE INDEX "TournamentEntry_userId_idx" ON "TournamentEntry"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "TournamentTable_tournamentId_round_tableIndex_key" ON "TournamentTable"("tournamentId", "round", "tableIndex");

