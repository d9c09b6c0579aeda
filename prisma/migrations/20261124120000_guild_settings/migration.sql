-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_GuildSettings" (
    "guildId" TEXT NOT NULL PRIMARY KEY,
    "defaultRules" TEXT NOT NULL DEFAULT 'classic',
    "turnSeconds" INTEGER,
    "botLevel" TEXT,
    "trickImages" TEXT,
    "hintsAllowed" BOOLEAN,
    "tableCap" INTEGER,
    "locale" TEXT,
    "retentionDays" INTEGER,
    "allowedChannels" TEXT NOT NULL DEFAULT '[]',
    "leftAt" DATETIME
);
INSERT INTO "new_GuildSettings" ("allowedChannels", "defaultRules", "guildId", "turnSeconds") SELECT "allowedChannels", "defaultRules", "guildId", "turnSeconds" FROM "GuildSettings";
DROP TABLE "GuildSettings";
ALTER TABLE "new_GuildSettings" RENAME TO "GuildSettings";
CREATE INDEX "GuildSettings_leftAt_idx" ON "GuildSettings"("leftAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

