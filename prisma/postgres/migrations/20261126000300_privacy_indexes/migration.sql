-- CreateTable
CREATE TABLE "TableSeatPerson" (
    "tableId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,

    CONSTRAINT "TableSeatPerson_pkey" PRIMARY KEY ("tableId","userId")
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


-- AddForeignKey
ALTER TABLE "TableSeatPerson" ADD CONSTRAINT "TableSeatPerson_tableId_fkey" FOREIGN KEY ("tableId") REFERENCES "HeartsTable"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Seat → person (and host → person): kept from HeartsTable.seats and hostId by a trigger, so every
-- write of them (any process, db:copy, a tool) keeps it true. Seats that are not a JSON array (a
-- broken table) list nobody; a former host ("former:") is nobody.
CREATE FUNCTION "table_seat_people"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        IF NEW."seats" IS NOT DISTINCT FROM OLD."seats" AND NEW."hostId" IS NOT DISTINCT FROM OLD."hostId" THEN RETURN NULL; END IF;
        DELETE FROM "TableSeatPerson" WHERE "tableId" = NEW."id";
    END IF;
    IF NEW."hostId" NOT LIKE 'former:%' THEN
        INSERT INTO "TableSeatPerson" ("tableId", "userId") VALUES (NEW."id", NEW."hostId") ON CONFLICT DO NOTHING;
    END IF;
    BEGIN
        INSERT INTO "TableSeatPerson" ("tableId", "userId")
            SELECT NEW."id", s->>'userId' FROM jsonb_array_elements(NEW."seats"::jsonb) AS s
            WHERE jsonb_typeof(s) = 'object' AND s->>'userId' IS NOT NULL
            ON CONFLICT DO NOTHING;
    EXCEPTION WHEN invalid_text_representation OR invalid_parameter_value THEN
        NULL;
    END;
    RETURN NULL;
END
$$;

CREATE TRIGGER "table_seat_people_insert" AFTER INSERT ON "HeartsTable"
    FOR EACH ROW EXECUTE FUNCTION "table_seat_people"();
CREATE TRIGGER "table_seat_people_update" AFTER UPDATE OF "seats", "hostId" ON "HeartsTable"
    FOR EACH ROW EXECUTE FUNCTION "table_seat_people"();

-- Backfill from the tables already stored (a table whose seats are not a JSON array lists only its host).
INSERT INTO "TableSeatPerson" ("tableId", "userId")
    SELECT "id", "hostId" FROM "HeartsTable" WHERE "hostId" NOT LIKE 'former:%' ON CONFLICT DO NOTHING;
DO $$
DECLARE t RECORD;
BEGIN
    FOR t IN SELECT "id", "seats" FROM "HeartsTable" LOOP
        BEGIN
            INSERT INTO "TableSeatPerson" ("tableId", "userId")
                SELECT t."id", s->>'userId' FROM jsonb_array_elements(t."seats"::jsonb) AS s
                WHERE jsonb_typeof(s) = 'object' AND s->>'userId' IS NOT NULL
                ON CONFLICT DO NOTHING;
        EXCEPTION WHEN invalid_text_representation OR invalid_parameter_value THEN
            NULL;
        END;
    END LOOP;
END
$$;
