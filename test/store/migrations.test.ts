/** The committed migrations match schema.prisma, and Prisma's own CLI agrees with our ledger. */
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { expect, it } from "vitest";
import { MIGRATIONS_DIR, statementsOf } from "../../src/store/migrate.js";
import { openStore } from "../../src/store/index.js";
import { tempDb } from "./helpers.js";

const prisma = (args: string[], env: Record<string, string> = {}) =>
  execFileSync("npx", ["prisma", ...args], { encoding: "utf8", env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });

it("applying the committed migrations gives exactly the schema in schema.prisma", () => {
  const committed = readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .flatMap((name) => statementsOf(readFileSync(`${MIGRATIONS_DIR}/${name}/migration.sql`, "utf8")))
    // Triggers are hand-written SQL that Prisma's datamodel cannot express.
    .filter((s) => !/^CREATE TRIGGER/i.test(s));
  const expected = statementsOf(prisma(["migrate", "diff", "--from-empty", "--to-schema-datamodel", "prisma/schema.prisma", "--script"]));
  expect(committed, "schema.prisma changed: add a migration (see README)").toEqual(expected);
});

it("a database migrated at start is up to date for `prisma migrate deploy`", async () => {
  const db = tempDb();
  try {
    const store = await openStore(db.url);
    await store.close();
    expect(prisma(["migrate", "deploy"], { DATABASE_URL: db.url })).toMatch(/No pending migrations/);
    // Opening again applies nothing twice.
    const again = await openStore(db.url);
    const rows = await again.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT COUNT(*) AS n FROM "_prisma_migrations"`);
    expect(Number(rows[0].n)).toBe(readdirSync(MIGRATIONS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).length);
    await again.close();
  } finally {
    db.cleanup();
  }
});
