/**
 * `npm run backup` on PostgreSQL prints a pg_dump command: run exactly as printed, for a DATABASE_URL
 * with Prisma's own parameters (a schema, a pool size), it dumps the bot's tables, and pg_restore
 * puts them into an empty database where the bot reads them again. pg_dump refused the URL it
 * printed before (`invalid URI query parameter: "schema"`), and the dump, which holds every secret
 * of the database, was created with the shell's umask (0644).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../src/store/index.js";
import { pgDumpCommand } from "../../src/store/pg-url.js";
import { freshDatabase, postgresBin, postgresUnavailable, startPostgres, type PostgresServer } from "./postgres-server.js";

const skip = postgresUnavailable() ?? (postgresBin() ? null : "pg_dump is not installed here");
const GUILD = "900000000000000042";

describe.skipIf(!!skip)("the printed pg_dump command", () => {
  let server: PostgresServer;
  const dir = mkdtempSync(join(tmpdir(), "hearts-pgdump-"));
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("dumps a database whose URL carries Prisma's parameters, and the dump restores into an empty one the bot reads", async () => {
    const url = `${await freshDatabase(server.url)}?schema=hearts&connection_limit=5&pool_timeout=10`;
    const store = await openStore(url);
    await store.updateGuildSettings(GUILD, { hintsAllowed: false, tableCap: 3 });
    await store.close();

    const file = join(dir, "hearts.dump");
    const command = pgDumpCommand(url, file);
    expect(command).not.toMatch(/connection_limit|pool_timeout|\?schema/);
    expect(command).toContain("--schema='hearts'");
    const env = { ...process.env, PATH: `${postgresBin()}:${process.env.PATH}` };
    const dumped = spawnSync("sh", ["-c", `umask 022; ${command}`], { env, encoding: "utf8" });
    expect(dumped.stderr).toBe("");
    expect(dumped.status).toBe(0);
    // Every secret of the database is in it: readable by its owner only, whatever the shell's umask.
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const empty = await freshDatabase(server.url);
    const restored = spawnSync(join(postgresBin()!, "pg_restore"), ["--dbname", empty, file], { encoding: "utf8" });
    expect(restored.stderr).toBe("");
    expect(restored.status).toBe(0);
    const again = await openStore(`${empty}?schema=hearts`);
    try {
      expect(await again.getGuildSettings(GUILD)).toMatchObject({ hintsAllowed: false, tableCap: 3 });
    } finally {
      await again.close();
    }
  }, 60_000);
});
