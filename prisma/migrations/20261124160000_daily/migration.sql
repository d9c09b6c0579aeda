
-- CreateTable
CREATE TABLE "AppSecret" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "DailySession" (
    "guildId" TEXT NOT NULL,
    "day" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "rulesSpec" TEXT NOT NULL,
    "actions" TEXT NOT NULL DEFAULT '[]',
    "actionCount" INTEGER NOT NULL DEFAULT 0,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    "points" INTEGER,
    "queens" INTEGER,
    "perHand" TEXT,
    "moons" TEXT,

    PRIMARY KEY ("guildId", "day", "userId")
);

-- CreateTable
CREATE TABLE "ComputedCache" (
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("kind", "key")
);

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
    "dailyEnabled" BOOLEAN NOT NULL DEFAULT true,
    "dailyRules" TEXT NOT NULL DEFAULT 'classic',
    "leftAt" DATETIME
);
INSERT INTO "new_GuildSettings" ("allowedChannels", "botLevel", "defaultRules", "guildId", "hintsAllowed", "leftAt", "locale", "retentionDays", "tableCap", "trickImages", "turnSeconds") SELECT "allowedChannels", "botLevel", "defaultRules", "guildId", "hintsAllowed", "leftAt", "locale", "retentionDays", "tableCap", "trickImages", "turnSeconds" FROM "GuildSettings";
DROP TABLE "GuildSettings";
ALTER TABLE "new_GuildSettings" RENAME TO "GuildSettings";
CREATE INDEX "GuildSettings_leftAt_idx" ON "GuildSettings"("leftAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "DailySession_guildId_userId_day_idx" ON "DailySession"("guildId", "userId", "day");

