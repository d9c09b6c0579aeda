/**
 * A server's defaults for its new tables (/hearts settings: timer, level, pictures, hints) are one
 * JSON object in its settings row, written and read by iterating the settings table, on SQLite and
 * PostgreSQL: each change kept beside the others, a reset back to the bot's default, two changes
 * at once both kept, and a row stored before (one column per setting) moved into it by the
 * migration, reading exactly as it did.
 */
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR, migrate } from "../../src/store/migrate.js";
import { PG_MIGRATIONS_DIR, migratePostgres } from "../../src/store/migrate-pg.js";
import { openStore, type HeartsStore } from "../../src/store/index.js";
import { BACKENDS, prismaOf, useBackend } from "./backends.js";
import { tempDb } from "./helpers.js";

const MOVED = "20261129120000_table_defaults";
const silent = { warn: () => undefined };
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** The committed migrations up to the one before the table defaults moved: the old shape. */
function migrationsBefore(dir: string): string {
  const to = join(tempDb().dir, "migrations");
  cpSync(dir, to, { recursive: true });
  rmSync(join(to, MOVED), { recursive: true });
  return to;
}

/** A row of the old shape: Ana's server set a timer, a level and no hints; Bo's nothing. */
const OLD_ROWS = `
  INSERT INTO "GuildSettings" ("guildId", "turnSeconds", "botLevel", "trickImages", "hintsAllowed", "tableCap") VALUES ('ana', 45, 'hard', NULL, false, 3);
  INSERT INTO "GuildSettings" ("guildId") VALUES ('bo');`;

const stored = async (store: HeartsStore, guildId: string) =>
  JSON.parse((await prismaOf(store).guildSettings.findUnique({ where: { guildId } }))!.tableDefaults) as unknown;

for (const db of BACKENDS) {
  describe.skipIf(db.skip)(db.name, () => {
    useBackend(db);
    async function open(url: string): Promise<HeartsStore> {
      const store = await openStore(url);
      cleanups.push(() => store.close());
      return store;
    }

    it("each default a server sets is kept beside the others; a reset gives the bot's back; two changes at once both land", async () => {
      const url = await db.url();
      const store = await open(url);
      await store.updateGuildSettings("g", { turnSeconds: 30 });
      await store.updateGuildSettings("g", { botLevel: "hard", tableCap: 2 });
      expect(await store.getGuildSettings("g")).toMatchObject({ turnSeconds: 30, botLevel: "hard", trickImages: null, tableCap: 2 });
      expect(await store.updateGuildSettings("g", { turnSeconds: null, hintsAllowed: false })).toMatchObject({
        turnSeconds: null,
        botLevel: "hard",
        hintsAllowed: false,
      });
      // Only what is set is stored: the bot's own default is never written down as the server's.
      expect(await stored(store, "g")).toEqual({ botLevel: "hard", hintsAllowed: false });
      // Two processes (two shards) change two defaults of one server at the same moment.
      const other = await open(url);
      await Promise.all([store.updateGuildSettings("g", { trickImages: "hands" }), other.updateGuildSettings("g", { turnSeconds: 90 })]);
      expect(await other.getGuildSettings("g")).toMatchObject({
        turnSeconds: 90,
        botLevel: "hard",
        trickImages: "hands",
        hintsAllowed: false,
      });
    });

    it("a row stored before, one column per default, is moved into the server's defaults by the migration and reads as it did", async () => {
      const url = await db.url();
      if (db.name === "sqlite") {
        expect(await migrate(url, { dir: migrationsBefore(MIGRATIONS_DIR), log: silent })).not.toContain(MOVED);
        const file = new Database(url.slice("file:".length));
        file.exec(OLD_ROWS.replace("false", "0"));
        file.close();
      } else {
        expect(await migratePostgres(url, { dir: migrationsBefore(PG_MIGRATIONS_DIR), log: silent })).not.toContain(MOVED);
        const pg = await new PrismaPg({ connectionString: url, max: 1 }).connect();
        await pg.executeRaw({ sql: OLD_ROWS, args: [], argTypes: [] });
        await pg.dispose();
      }
      const store = await open(url);
      expect(await store.getGuildSettings("ana")).toMatchObject({
        turnSeconds: 45,
        botLevel: "hard",
        trickImages: null,
        hintsAllowed: false,
        tableCap: 3,
      });
      expect(await stored(store, "ana")).toEqual({ turnSeconds: 45, botLevel: "hard", hintsAllowed: false });
      expect(await store.getGuildSettings("bo")).toMatchObject({
        turnSeconds: null,
        botLevel: null,
        trickImages: null,
        hintsAllowed: null,
      });
      expect(await stored(store, "bo")).toEqual({});
    });
  });
}
