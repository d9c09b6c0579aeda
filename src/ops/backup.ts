/**
 * `npm run backup [-- --to FILE]`: a consistent copy of the SQLite store, taken while the bot runs.
 * SQLite's online backup API (better-sqlite3's db.backup) copies the database as of one moment,
 * from its own read transaction: the bot keeps committing moves meanwhile (WAL readers never block
 * the writer), and the copy holds every move committed before it began and none half-written.
 * For PostgreSQL, pg_dump does the same, and it says how.
 */
import "../load-env.js";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import Database from "better-sqlite3";
import { createPrivateFile, makePrivateDir } from "../store/file-modes.js";
import { sqliteFile } from "../store/sqlite.js";
import { pgDumpCommand } from "../store/pg-url.js";

const DEFAULT_DATABASE_URL = "file:./data/hearts.db";

/** A copy of the SQLite database `file` in `to` (which must not exist), made private (0600) like the store. */
export async function backupSqlite(file: string, to: string): Promise<{ pages: number; bytes: number }> {
  if (!existsSync(file)) throw new Error(`there is no database at ${file} (check DATABASE_URL)`);
  if (existsSync(to)) throw new Error(`${to} already exists; name a new file with --to`);
  makePrivateDir(dirname(to));
  // Created empty and private first: SQLite fills an empty file and keeps its mode.
  createPrivateFile(to);
  const db = new Database(file, { fileMustExist: true });
  try {
    // After the first step, the rest in one step: writes meanwhile cannot keep restarting it.
    const r = await db.backup(to, { progress: () => 0x7fffffff });
    const check = new Database(to);
    try {
      // One self-contained file (no -wal beside it); the store turns WAL back on when it opens it.
      check.pragma("journal_mode = DELETE");
      const ok = check.pragma("quick_check", { simple: true });
      if (ok !== "ok") throw new Error(`the copy failed SQLite's check: ${String(ok)}`);
      const pages = check.pragma("page_count", { simple: true }) as number;
      const size = check.pragma("page_size", { simple: true }) as number;
      return { pages: r.totalPages, bytes: pages * size };
    } finally {
      check.close();
    }
  } finally {
    db.close();
  }
}

/** Where a backup goes unless --to says: backups/ beside the database, named by the time (UTC). */
export function defaultBackupFile(databaseFile: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\..*$/, "Z");
  return join(dirname(databaseFile), "backups", `hearts-${stamp}.db`);
}

async function main(argv: string[]): Promise<number> {
  const i = argv.indexOf("--to");
  if (i >= 0 && !argv[i + 1]) {
    console.error("--to needs a file name, e.g. npm run backup -- --to /var/backups/hearts.db");
    return 1;
  }
  const url = process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
  if (/^postgres(ql)?:\/\//.test(url)) {
    console.error(
      [
        "DATABASE_URL is a PostgreSQL database: back it up with PostgreSQL's own pg_dump, which also takes a",
        "consistent copy while the bot runs. Keep the password off the command line (it would show in `ps`",
        "and the shell's history): put it in ~/.pgpass (host:port:database:user:password, mode 0600) or PGPASSWORD.",
        "",
        `  ${pgDumpCommand(url)}`,
        "",
        "Restore into an empty database with pg_restore --dbname '<its URL, without the password>' hearts-....dump.",
      ].join("\n"),
    );
    return 1;
  }
  const file = sqliteFile(url);
  const to = resolve(i >= 0 ? argv[i + 1] : defaultBackupFile(file));
  try {
    const started = performance.now();
    const r = await backupSqlite(file, to);
    console.log(
      `Backed up ${file} to ${to} (${(r.bytes / 1024).toFixed(0)} KB, ${r.pages} pages) in ${Math.round(performance.now() - started)} ms.\n` +
        `To restore: stop the bot, copy this file over ${file} (removing ${file}-wal and ${file}-shm), and start it.`,
    );
    return 0;
  } catch (err) {
    console.error(`The backup failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
