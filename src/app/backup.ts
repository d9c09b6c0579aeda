/**
 * `npm run backup [-- --to FILE]`: a consistent copy of the SQLite store, taken while the bot runs
 * (src/ops/backup.ts); for PostgreSQL, the pg_dump command that does the same.
 */
import "../load-env.js";
import { resolve } from "node:path";
import { backupSqlite, defaultBackupFile } from "../ops/backup.js";
import { pgDumpCommand } from "../store/pg-url.js";
import { DEFAULT_DATABASE_URL, sqliteFile } from "../store/sqlite.js";

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
        "and the shell's history): pg_dump reads it from ~/.pgpass (host:port:database:user:password, mode 0600)",
        "or PGPASSWORD. The dump holds every secret of the database: the command creates it readable by you only.",
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
