/**
 * The SQLite database is private to the bot's user: a folder the store creates is 0700, the file
 * and its -wal/-shm companions 0600, whatever the process umask. (Vitest runs test files in child
 * processes, where process.umask can be set.)
 */
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { makePrivateDatabase } from "../../src/store/file-modes.js";
import { SqliteStore } from "../../src/store/sqlite.js";

const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "hearts-modes-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs `fn` under `umask`, then puts the umask back. */
async function withUmask<T>(umask: number, fn: () => Promise<T>): Promise<T> {
  const before = process.umask(umask);
  try {
    return await fn();
  } finally {
    process.umask(before);
  }
}

async function openAndWrite(url: string): Promise<SqliteStore> {
  const store = await SqliteStore.open(url);
  cleanups.push(() => store.close());
  await store.prisma.$executeRawUnsafe("CREATE TABLE IF NOT EXISTS probe (x INTEGER)");
  await store.prisma.$executeRawUnsafe("INSERT INTO probe VALUES (1)");
  return store;
}

for (const umask of [0o000, 0o022, 0o077]) {
  it(`with umask ${umask.toString(8).padStart(3, "0")}, a new database: folders 0700, file, -wal and -shm 0600`, async () => {
    const root = tempDir();
    const file = join(root, "data", "deep", "hearts.db");
    await withUmask(umask, () => openAndWrite(`file:${file}`));
    expect(existsSync(`${file}-wal`), "WAL mode: the companions exist while the store is open").toBe(true);
    expect({
      data: mode(join(root, "data")),
      deep: mode(join(root, "data", "deep")),
      db: mode(file),
      wal: mode(`${file}-wal`),
      shm: mode(`${file}-shm`),
    }).toEqual({
      data: "700",
      deep: "700",
      db: "600",
      wal: "600",
      shm: "600",
    });
  });
}

it("a folder that already exists keeps its mode; a database left world-readable by an earlier version is closed", async () => {
  const root = tempDir();
  chmodSync(root, 0o755);
  const file = join(root, "hearts.db");
  for (const f of [file, `${file}-wal`]) writeFileSync(f, "");
  for (const f of [file, `${file}-wal`]) chmodSync(f, 0o644);
  await withUmask(0o000, () => openAndWrite(`file:${file}`));
  expect(mode(root)).toBe("755");
  expect([mode(file), mode(`${file}-wal`), mode(`${file}-shm`)]).toEqual(["600", "600", "600"]);
});

it("the data folder npm ci's postinstall makes (prisma generate, through prisma.config.ts) is private too", () => {
  const root = tempDir();
  const url = `file:${join(root, "data", "hearts.db")}`;
  // As npm runs it: a fresh process with the usual umask, loading the config as every prisma command does.
  const r = spawnSync(
    "sh",
    ["-c", `umask 022 && ${JSON.stringify(process.execPath)} --import tsx -e "await import('./prisma.config.ts')"`],
    {
      env: { ...process.env, DATABASE_URL: url, ENV_FILE: "none" },
      encoding: "utf8",
    },
  );
  expect(r.status, r.stderr).toBe(0);
  expect(mode(join(root, "data"))).toBe("700");
});

it("a backup is created private too", async () => {
  const root = tempDir();
  const store = await openAndWrite(`file:${join(root, "hearts.db")}`);
  const copy = join(root, "copy.db");
  await withUmask(0o000, () => store.backup(copy));
  expect(mode(copy)).toBe("600");
  expect(statSync(copy).size).toBeGreaterThan(0);
});

it("only regular files are touched: a database path that is a folder is left for SQLite to refuse", () => {
  const root = tempDir();
  chmodSync(root, 0o755);
  makePrivateDatabase(root);
  expect(mode(root)).toBe("755");
});
