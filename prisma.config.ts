/**
 * Prisma 6.19 on the JS engine with the better-sqlite3 driver adapter: no engine binary is
 * downloaded. prisma.config.ts does not read .env by itself, hence src/load-env.ts (empty variables count as unset); and DATABASE_URL gets
 * a default so every prisma command (npm ci's postinstall included) resolves the datasource.
 * The PostgreSQL schema has its own config: prisma/postgres/prisma.config.ts.
 */
import "./src/load-env.js";
import { chmodSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { defineConfig } from "prisma/config";

export const DEFAULT_DATABASE_URL = "file:./data/hearts.db";
process.env.DATABASE_URL ||= DEFAULT_DATABASE_URL;
if (!process.env.DATABASE_URL.startsWith("file:")) {
  // A PostgreSQL deployment still generates this (SQLite) client at install time, and the schema's
  // url must be a file: URL for that; commands for its own database take the other config.
  if (!process.argv.includes("generate")) {
    console.error(
      "prisma.config.ts is the SQLite schema's: DATABASE_URL is not a file: URL, so this command uses file:./data/hearts.db. For PostgreSQL add --config prisma/postgres/prisma.config.ts.",
    );
  }
  process.env.DATABASE_URL = DEFAULT_DATABASE_URL;
}
const url = process.env.DATABASE_URL;
// Private (0700), as the bot makes it (src/store/file-modes.ts): npm ci's postinstall is often the
// first to create it, and the bot keeps the mode of a folder that exists.
if (url.startsWith("file:")) {
  const dir = dirname(url.slice("file:".length));
  if (mkdirSync(dir, { recursive: true, mode: 0o700 }) !== undefined) chmodSync(dir, 0o700);
}

/**
 * The JS schema engine replays migrations into its shadow database (migrate dev, migrate diff
 * --from-migrations) with one executeRaw per migration file, which better-sqlite3 refuses for
 * more than one statement; run such a file as a script instead, as migrate deploy does.
 */
class SqliteWithShadowScripts extends PrismaBetterSQLite3 {
  override async connectToShadowDb() {
    const db = await super.connectToShadowDb();
    const executeRaw = db.executeRaw.bind(db);
    db.executeRaw = async (query) => {
      try {
        return await executeRaw(query);
      } catch (e) {
        if (query.args.length || !(e instanceof RangeError) || !/more than one statement/.test(e.message)) throw e;
        await db.executeScript(query.sql);
        return 0;
      }
    };
    return db;
  }
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  async adapter() {
    return new SqliteWithShadowScripts({ url });
  },
});
