/**
 * The SQLite database holds every server's tables and players: only the bot's user may read it.
 * Modes are set explicitly after creating (mkdir/open take a mode, but the process umask can
 * narrow it, and an umask of 0 or a permissive one must not leave anything group- or
 * world-readable), so the result is the same whatever the umask.
 */
import { chmodSync, closeSync, fchmodSync, mkdirSync, openSync, statSync } from "node:fs";
import { dirname } from "node:path";

export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** SQLite's companions of a database file: they hold the same data (WAL) or its lock state. */
const COMPANIONS = ["-wal", "-shm", "-journal"];

const code = (e: unknown): unknown => (e as NodeJS.ErrnoException)?.code;

/** Creates the folders of `dir` that are missing, each 0700; folders that exist are left as they are. */
export function makePrivateDir(dir: string): void {
  const first = mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  if (!first) return;
  for (let d = dir; ; d = dirname(d)) {
    chmodSync(d, PRIVATE_DIR);
    if (d === first || dirname(d) === d) return;
  }
}

/** Creates `file` empty with mode 0600 if it does not exist. */
export function createPrivateFile(file: string): void {
  let fd: number;
  try {
    fd = openSync(file, "wx", PRIVATE_FILE);
  } catch (e) {
    if (code(e) === "EEXIST") return;
    throw e;
  }
  try {
    fchmodSync(fd, PRIVATE_FILE);
  } finally {
    closeSync(fd);
  }
}

/**
 * Makes the database at `file` private before SQLite opens it: its folder 0700 when created here,
 * the file 0600, created empty if missing (SQLite gives its -wal and -shm files the database
 * file's mode). An existing database and its companions are set to 0600 too, so one created
 * world-readable by an earlier version is closed on the next start; a file of another user is left
 * alone (the bot cannot change it, and SQLite will say whether it can use it).
 */
export function makePrivateDatabase(file: string): void {
  makePrivateDir(dirname(file));
  createPrivateFile(file);
  for (const f of [file, ...COMPANIONS.map((c) => file + c)]) {
    try {
      if (statSync(f).isFile()) chmodSync(f, PRIVATE_FILE);
    } catch (e) {
      if (code(e) !== "ENOENT" && code(e) !== "EPERM") throw e;
    }
  }
}
