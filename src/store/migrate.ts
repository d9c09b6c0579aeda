/**
 * Applies the committed migrations at start, without a CLI child process (fast, and no prisma
 * binary needed at run time). Rows go into Prisma's own `_prisma_migrations` table with the same
 * checksum (sha256 of migration.sql), so `prisma migrate deploy` agrees about what is applied.
 */
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PrismaClient } from "../generated/prisma/client.js";

export const MIGRATIONS_DIR = fileURLToPath(new URL("../../prisma/migrations/", import.meta.url));

const LEDGER = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" TEXT PRIMARY KEY NOT NULL,
  "checksum" TEXT NOT NULL,
  "finished_at" DATETIME,
  "migration_name" TEXT NOT NULL,
  "logs" TEXT,
  "rolled_back_at" DATETIME,
  "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
  "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

/** Splits migration SQL into statements; a CREATE TRIGGER runs up to its `END;`. */
export function statementsOf(sql: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let inTrigger = false;
  for (const line of sql.split(/\r?\n/)) {
    if (/^\s*--/.test(line) || (!current.length && !line.trim())) continue;
    current.push(line);
    if (/^\s*CREATE\s+TRIGGER/i.test(line)) inTrigger = true;
    const ends = inTrigger ? /^\s*END;\s*$/i.test(line) : /;\s*$/.test(line);
    if (ends) {
      out.push(current.join("\n").trim().replace(/;$/, ""));
      current = [];
      inTrigger = false;
    }
  }
  if (current.join("").trim()) out.push(current.join("\n").trim());
  return out;
}

/** Applies every migration not yet recorded; returns the names applied. */
export async function migrate(prisma: PrismaClient, dir = MIGRATIONS_DIR): Promise<string[]> {
  await prisma.$executeRawUnsafe(LEDGER);
  const done = new Set(
    (await prisma.$queryRawUnsafe<{ migration_name: string }[]>(`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`)).map(
      (r) => r.migration_name,
    ),
  );
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const applied: string[] = [];
  for (const name of names) {
    if (done.has(name)) continue;
    const sql = readFileSync(`${dir}/${name}/migration.sql`, "utf8");
    const checksum = createHash("sha256").update(sql).digest("hex");
    const statements = statementsOf(sql);
    await prisma.$transaction([
      ...statements.map((s) => prisma.$executeRawUnsafe(s)),
      prisma.$executeRawUnsafe(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, ?, ?, ?)`,
        randomUUID(),
        checksum,
        Date.now(),
        name,
        Date.now(),
        1,
      ),
    ]);
    applied.push(name);
  }
  return applied;
}
