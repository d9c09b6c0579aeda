/**
 * Forget me and a server's purge read, then write, in one transaction. With several shard processes
 * on one SQLite file (WAL), a write committed by another process between that read and the first
 * write used to fail the whole transaction at once (SQLITE_BUSY_SNAPSHOT: busy_timeout does not
 * help), and the person was told "Something went wrong". Each such transaction now takes the write
 * lock with its first statement, so the other process waits for it instead.
 */
import Database from "better-sqlite3";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { describe, expect, it } from "vitest";
import { PrismaClient } from "../../src/generated/prisma/client.js";
import { openStore } from "../../src/store/index.js";
import { forgetPerson, purgeGuildStep, type PrivacyDb } from "../../src/store/privacy.js";
import { tempDb } from "./helpers.js";

const USER = "300000000000000001";
const GUILD = "900000000000000001";

/**
 * `prisma`, but each transaction's first read is followed by a write from another connection (as
 * another shard would commit it). Resolves with whether that write went through (it must not: the
 * transaction holds the write lock) .
 */
function interleaved(prisma: PrismaClient, other: Database.Database): { db: PrivacyDb; otherWrote: () => boolean[] } {
  const wrote: boolean[] = [];
  const wrapTx = (tx: object) =>
    new Proxy(tx, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value === "function" && (key === "$queryRaw" || key === "$executeRaw"))
          return async (...args: unknown[]) => {
            const r: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            if (key === "$queryRaw" || wrote.length === 0) {
              try {
                other.prepare(`INSERT OR REPLACE INTO "AppSecret" ("name", "value") VALUES ('other-shard', ?)`).run(String(Date.now()));
                wrote.push(true);
              } catch (err) {
                if ((err as { code?: string }).code !== "SQLITE_BUSY") throw err;
                wrote.push(false);
              }
            }
            return r;
          };
        return value;
      },
    });
  const db = new Proxy(prisma, {
    get(target, key, receiver) {
      if (key === "$transaction") return (fn: (tx: object) => Promise<unknown>) => target.$transaction((tx) => fn(wrapTx(tx)));
      return Reflect.get(target, key, receiver) as unknown;
    },
  }) as PrivacyDb;
  return { db, otherWrote: () => wrote };
}

describe("read-then-write transactions with another process writing", () => {
  it("Forget me and a purge step go through; the other process's write waits for them", async () => {
    const file = tempDb();
    try {
      // Migrated, with data of the person and the server.
      const store = await openStore(file.url);
      await store.close();
      const path = file.url.replace(/^file:/, "");
      const other = new Database(path, { timeout: 0 });
      other.pragma("journal_mode = WAL");
      other
        .prepare(
          `INSERT INTO "PlayerStats" ("guildId", "playerKey", "name", "isBot", "mu", "sigma", "rating", "updatedAt") VALUES (?, ?, 'Alice', 0, 25, 8.3, 1000, 0)`,
        )
        .run(GUILD, USER);
      const prisma = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: file.url, timeout: 0 }) });
      try {
        const { db, otherWrote } = interleaved(prisma, other);
        await expect(forgetPerson(db, USER)).resolves.toMatchObject({ guilds: [GUILD] });
        await expect(purgeGuildStep(db, GUILD)).resolves.toMatchObject({ done: true });
        // The other process tried while each transaction ran, and had to wait (busy) every time.
        expect(otherWrote().length).toBeGreaterThan(0);
        expect(otherWrote().every((w) => !w)).toBe(true);
        expect(other.prepare(`SELECT COUNT(*) AS n FROM "PlayerStats"`).get()).toEqual({ n: 0 });
      } finally {
        await prisma.$disconnect();
        other.close();
      }
    } finally {
      file.cleanup();
    }
  });
});
