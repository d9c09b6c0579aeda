-- CreateTable
CREATE TABLE "TableSeatPerson" (
    "tableId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,

    PRIMARY KEY ("tableId", "userId"),
    CONSTRAINT "TableSeatPerson_tableId_fkey" FOREIGN KEY ("tableId") REFERENCES "HeartsTable" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "TableSeatPerson_userId_idx" ON "TableSeatPerson"("userId");

-- CreateIndex
CREATE INDEX "DailySession_userId_idx" ON "DailySession"("userId");

-- CreateIndex
CREATE INDEX "DailySession_startedAt_idx" ON "DailySession"("startedAt");

-- CreateIndex
CREATE INDEX "GameResult_userId_guildId_name_idx" ON "GameResult"("userId", "guildId", "name");

-- CreateIndex
CREATE INDEX "HeartsTable_guildId_idx" ON "HeartsTable"("guildId");

-- CreateIndex
CREATE INDEX "MenuToken_userId_idx" ON "MenuToken"("userId");

-- CreateIndex
CREATE INDEX "MenuToken_shownAt_idx" ON "MenuToken"("shownAt");

-- CreateIndex
CREATE INDEX "PlayerStats_playerKey_idx" ON "PlayerStats"("playerKey");


-- Seat → person (and host → person): kept from HeartsTable.seats and hostId by triggers, so every
-- write of them (the bot's main connection, its writer thread, db:copy, a tool) keeps it true.
-- Seats that are not valid JSON (a broken table) list nobody; a former host ("former:") is nobody.
-- A migration that redefines HeartsTable must re-create these (the store refuses to open without them).
CREATE TRIGGER "table_seat_people_insert" AFTER INSERT ON "HeartsTable"
BEGIN
    INSERT OR IGNORE INTO "TableSeatPerson" ("tableId", "userId")
        SELECT NEW."id", CAST(json_extract(s.value, '$.userId') AS TEXT)
        FROM json_each(CASE WHEN json_valid(NEW."seats") THEN NEW."seats" ELSE '[]' END) AS s
        WHERE s.type = 'object' AND json_extract(s.value, '$.userId') IS NOT NULL
        UNION SELECT NEW."id", NEW."hostId" WHERE NEW."hostId" NOT LIKE 'former:%';
END;

CREATE TRIGGER "table_seat_people_update" AFTER UPDATE OF "seats", "hostId" ON "HeartsTable"
WHEN NEW."seats" IS NOT OLD."seats" OR NEW."hostId" IS NOT OLD."hostId"
BEGIN
    DELETE FROM "TableSeatPerson" WHERE "tableId" = NEW."id";
    INSERT OR IGNORE INTO "TableSeatPerson" ("tableId", "userId")
        SELECT NEW."id", CAST(json_extract(s.value, '$.userId') AS TEXT)
        FROM json_each(CASE WHEN json_valid(NEW."seats") THEN NEW."seats" ELSE '[]' END) AS s
        WHERE s.type = 'object' AND json_extract(s.value, '$.userId') IS NOT NULL
        UNION SELECT NEW."id", NEW."hostId" WHERE NEW."hostId" NOT LIKE 'former:%';
END;

-- Backfill from the tables already stored.
INSERT OR IGNORE INTO "TableSeatPerson" ("tableId", "userId")
    SELECT t."id", CAST(json_extract(s.value, '$.userId') AS TEXT)
    FROM "HeartsTable" AS t, json_each(CASE WHEN json_valid(t."seats") THEN t."seats" ELSE '[]' END) AS s
    WHERE s.type = 'object' AND json_extract(s.value, '$.userId') IS NOT NULL
    UNION SELECT "id", "hostId" FROM "HeartsTable" WHERE "hostId" NOT LIKE 'former:%';
