-- CreateTable
CREATE TABLE "Tournament" (
    "id" TEXT NOT NULL,
    "guildId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "organiserId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "rounds" INTEGER NOT NULL,
    "handsPerRound" INTEGER NOT NULL DEFAULT 4,
    "rulesSpec" TEXT NOT NULL,
    "botLevel" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "round" INTEGER NOT NULL DEFAULT 0,
    "secret" TEXT NOT NULL,
    "messageId" TEXT,
    "eventId" TEXT,
    "remindedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Tournament_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TournamentEntry" (
    "tournamentId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "joinedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leftAt" TIMESTAMP(3),

    CONSTRAINT "TournamentEntry_pkey" PRIMARY KEY ("tournamentId","userId")
);

-- CreateTable
CREATE TABLE "TournamentRound" (
    "tournamentId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "seating" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "closedAt" TIMESTAMP(3),

    CONSTRAINT "TournamentRound_pkey" PRIMARY KEY ("tournamentId","round")
);

-- CreateTable
CREATE TABLE "TournamentTable" (
    "tableId" TEXT NOT NULL,
    "tournamentId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "tableIndex" INTEGER NOT NULL,
    "deals" TEXT NOT NULL DEFAULT '[]',
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "TournamentTable_pkey" PRIMARY KEY ("tableId")
);

-- CreateIndex
CREATE INDEX "Tournament_guildId_status_idx" ON "Tournament"("guildId", "status");

-- CreateIndex
CREATE INDEX "Tournament_status_startsAt_idx" ON "Tournament"("status", "startsAt");

-- CreateIndex
CREATE INDEX "TournamentEntry_userId_idx" ON "TournamentEntry"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "TournamentTable_tournamentId_round_tableIndex_key" ON "TournamentTable"("tournamentId", "round", "tableIndex");

-- AddForeignKey
ALTER TABLE "TournamentEntry" ADD CONSTRAINT "TournamentEntry_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentRound" ADD CONSTRAINT "TournamentRound_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentTable" ADD CONSTRAINT "TournamentTable_tournamentId_round_fkey" FOREIGN KEY ("tournamentId", "round") REFERENCES "TournamentRound"("tournamentId", "round") ON DELETE CASCADE ON UPDATE CASCADE;

