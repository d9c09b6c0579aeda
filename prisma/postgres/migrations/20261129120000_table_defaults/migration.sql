-- AlterTable
ALTER TABLE "GuildSettings" ADD COLUMN "tableDefaults" TEXT NOT NULL DEFAULT '{}';

-- The server's table defaults move from their columns into one JSON object (an unset one left out).
UPDATE "GuildSettings" SET "tableDefaults" = jsonb_strip_nulls(jsonb_build_object('botLevel', "botLevel", 'turnSeconds', "turnSeconds", 'trickImages', "trickImages", 'hintsAllowed', "hintsAllowed"))::text;

-- AlterTable
ALTER TABLE "GuildSettings" DROP COLUMN "botLevel",
DROP COLUMN "hintsAllowed",
DROP COLUMN "trickImages",
DROP COLUMN "turnSeconds";
