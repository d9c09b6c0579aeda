/**
 * A throwaway PostgreSQL server for the store tests and the benchmark: initdb in a temp folder,
 * pg_ctl start on a free port on 127.0.0.1, stopped (and its folder removed) by stop(), or by a
 * watchdog when this process dies without calling it. TEST_POSTGRES_URL, when set, is used instead.
 *
 * PostgreSQL refuses to run as root: as root, the server runs as the `postgres` system user.
 */
import { execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";

export interface PostgresServer {
  /** postgresql://... of the `postgres` database, superuser, no password. */
  url: string;
  /** Given by TEST_POSTGRES_URL (not started here, so not removed by stop()). */
  external: boolean;
  /** Stops the server but keeps its data, as a database server that went away (not for TEST_POSTGRES_URL). */
  halt(): void;
  /** Starts it again on the same port with the same data. */
  restart(): void;
  stop(): Promise<void>;
}

/** The folder of initdb/pg_ctl: $PG_BIN if set, else the newest Debian /usr/lib/postgresql/N/bin. */
export function postgresBin(): string | null {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, "pg_ctl")) ? process.env.PG_BIN : null;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], "bin") : null;
}

/** Why the PostgreSQL tests cannot run here, or null when they can. */
export function postgresUnavailable(): string | null {
  if (process.env.TEST_POSTGRES_URL || postgresBin()) return null;
  return "PostgreSQL store tests skipped: no PostgreSQL server binaries (looked in $PG_BIN, /usr/lib/postgresql/*/bin). Install Debian's package (apt-get install postgresql) or set TEST_POSTGRES_URL=postgresql://user:password@127.0.0.1:5432/db.";
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
/** A command run as the postgres user when we are root. */
const as = (cmd: string, args: string[]): [string, string[]] =>
  asRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];

/**
 * Starts a server. `durable: false` (tests) turns fsync off: faster, and nothing here must survive
 * a power cut; the benchmark keeps PostgreSQL's defaults (fsync, synchronous_commit on).
 */
export async function startPostgres(opts: { durable?: boolean; own?: boolean } = {}): Promise<PostgresServer> {
  // own: a server of this caller's even where TEST_POSTGRES_URL names a shared one (a test that stops it).
  if (process.env.TEST_POSTGRES_URL && !opts.own) {
    const cannot = () => {
      throw new Error("a server given by TEST_POSTGRES_URL is not stopped by the tests");
    };
    return { url: process.env.TEST_POSTGRES_URL, external: true, halt: cannot, restart: cannot, stop: async () => undefined };
  }
  const bin = postgresBin();
  if (!bin) throw new Error(postgresUnavailable()!);
  const dir = mkdtempSync(join(tmpdir(), "hearts-pg-"));
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  const port = await freePort();
  const run = (cmd: string, args: string[]) => {
    const [c, a] = as(join(bin, cmd), args);
    execFileSync(c, a, { stdio: ["ignore", "pipe", "pipe"], cwd: dir });
  };
  const settings = ["-c listen_addresses=127.0.0.1", `-p ${port}`, `-k ${dir}`, "-c max_connections=200", "-c shared_buffers=64MB"];
  if (!opts.durable) settings.push("-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off");
  const start = () => run("pg_ctl", ["start", "-D", data, "-w", "-t", "60", "-l", join(dir, "server.log"), "-o", settings.join(" ")]);
  try {
    run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions"]);
    start();
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    const err = e as { stderr?: Buffer; message: string };
    throw new Error(`could not start a test PostgreSQL server: ${err.stderr?.toString().trim() || err.message}`, { cause: e });
  }
  // If this process dies without stop(), the watchdog stops the server and removes its folder.
  const [pgc, pga] = as(join(bin, "pg_ctl"), ["stop", "-D", data, "-m", "immediate"]);
  const quoted = [pgc, ...pga].map((x) => `'${x}'`).join(" ");
  const watchdog = spawn(
    "sh",
    ["-c", `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${quoted} >/dev/null 2>&1; rm -rf '${dir}'`],
    { detached: true, stdio: "ignore" },
  );
  watchdog.unref();
  let stopped = false;
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    external: false,
    halt: () => run("pg_ctl", ["stop", "-D", data, "-m", "fast", "-w"]),
    restart: start,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        run("pg_ctl", ["stop", "-D", data, "-m", "fast", "-w"]);
      } finally {
        if (watchdog.pid) {
          try {
            process.kill(watchdog.pid);
          } catch {
            // already gone
          }
        }
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

let counter = 0;
/**
 * A new empty database on the server (CREATE DATABASE from template0 is fast on a small cluster),
 * so each test starts from nothing, as with a new SQLite file. Returns its URL.
 */
export async function freshDatabase(serverUrl: string, prefix = "hearts_test"): Promise<string> {
  const name = `${prefix}_${process.pid}_${++counter}_${Math.random().toString(36).slice(2, 8)}`;
  const db = await new PrismaPg({ connectionString: serverUrl, max: 1 }).connect();
  try {
    await db.executeScript(`CREATE DATABASE "${name}" TEMPLATE template0`);
  } finally {
    await db.dispose();
  }
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Drops test databases (their connections are closed by then; FORCE ends any straggler). */
export async function dropDatabases(serverUrl: string, urls: string[]): Promise<void> {
  if (!urls.length) return;
  const db = await new PrismaPg({ connectionString: serverUrl, max: 1 }).connect();
  try {
    for (const u of urls) await db.executeScript(`DROP DATABASE IF EXISTS "${new URL(u).pathname.slice(1)}" WITH (FORCE)`);
  } finally {
    await db.dispose();
  }
}

// `npx tsx test/store/postgres-server.ts`: a throwaway server for a developer (e.g. for
// `prisma migrate diff` on the PostgreSQL schema, which needs one to connect to); Ctrl-C stops it.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const server = await startPostgres();
  console.log(`DATABASE_URL=${server.url}\n(a throwaway PostgreSQL server; Ctrl-C stops it and deletes its data)`);
  const stop = () => {
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  setInterval(() => undefined, 1 << 30);
}
