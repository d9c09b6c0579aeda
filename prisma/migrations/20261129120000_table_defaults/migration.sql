-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_GuildSettings" (
    "guildId" TEXT NOT NULL PRIMARY KEY,
    "defaultRules" TEXT NOT NULL DEFAULT 'classic',
    "tableDefaults" TEXT NOT NULL DEFAULT '{}',
    "tableCap" INTEGER,
    "locale" TEXT,
    "retentionDays" INTEGER,
    "allowedChannels" TEXT NOT NULL DEFAULT '[]',
    "dailyEnabled" BOOLEAN NOT NULL DEFAULT true,
    "dailyRules" TEXT NOT NULL DEFAULT 'classic',
    "dailyMemberDays" INTEGER NOT NULL DEFAULT 0,
    "tournamentRole" TEXT,
    "leftAt" DATETIME
);
-- The server's table defaults move from their columns into one JSON object (an unset one left out;
-- SQLite stores a boolean as 1 or 0, the JSON says true or false).
INSERT INTO "new_GuildSettings" ("allowedChannels", "dailyEnabled", "dailyMemberDays", "dailyRules", "defaultRules", "guildId", "leftAt", "locale", "retentionDays", "tableCap", "tournamentRole", "tableDefaults") SELECT "allowedChannels", "dailyEnabled", "dailyMemberDays", "dailyRules", "defaultRules", "guildId", "leftAt", "locale", "retentionDays", "tableCap", "tournamentRole", json_patch('{}', json_object('botLevel', "botLevel", 'turnSeconds', "turnSeconds", 'trickImages', "trickImages", 'hintsAllowed', CASE "hintsAllowed" WHEN 1 THEN json('true') WHEN 0 THEN json('false') END)) FROM "GuildSettings";
DROP TABLE "GuildSettings";
ALTER TABLE "new_GuildSettings" RENAME TO "GuildSettings";
CREATE INDEX "GuildSettings_leftAt_idx" ON "GuildSettings"("leftAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

