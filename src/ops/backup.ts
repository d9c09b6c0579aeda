/**
 * A consistent copy of the SQLite store, taken while the bot runs.
 * SQLite's online backup API (better-sqlite3's db.backup) copies the database as of one moment,
 * from its own read transaction: the bot keeps committing moves meanwhile (WAL readers never block
 * the writer), and the copy holds every move committed before it began and none half-written.
 * For PostgreSQL, pg_dump does the same (the entry, src/app/backup.ts, prints the command).
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { createPrivateFile, makePrivateDir } from "../store/file-modes.js";

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
