/**
 * PostgreSQL connection URLs: Prisma's `?schema=` and `?connection_limit=` conventions (not libpq
 * parameters, so they are taken out before pg sees the URL: the schema becomes the search_path, the
 * limit the pool size), and error text without the password.
 */
import { redactUrl } from "./records.js";

export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//i.test(url);

export interface PgTarget {
  /** The URL pg connects with (no `schema` parameter). */
  connectionString: string;
  /** The schema the tables live in (default public). */
  schema: string;
  /** The URL with the password hidden, for messages and logs. */
  shown: string;
  /** Connections per process: `?connection_limit=` (Prisma's name for it), default 10. */
  poolSize: number;
}

export function pgTarget(url: string): PgTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(
      `DATABASE_URL is not a valid PostgreSQL URL (expected postgresql://user:password@host:5432/database, got “${redactUrl(url)}”)`,
    );
  }
  const schema = parsed.searchParams.get("schema") || "public";
  const limit = Number(parsed.searchParams.get("connection_limit"));
  parsed.searchParams.delete("schema");
  parsed.searchParams.delete("connection_limit");
  return {
    connectionString: parsed.toString(),
    schema,
    shown: redactUrl(url),
    poolSize: Number.isInteger(limit) && limit > 0 ? limit : 10,
  };
}

/**
 * The URI parameters libpq (so pg_dump and pg_restore) understands: Prisma's own (schema,
 * connection_limit, pool_timeout, sslaccept, pgbouncer…) make pg_dump refuse the whole URL.
 */
const LIBPQ_PARAMETERS = new Set([
  "host",
  "hostaddr",
  "port",
  "dbname",
  "user",
  "passfile",
  "channel_binding",
  "connect_timeout",
  "client_encoding",
  "options",
  "application_name",
  "keepalives",
  "keepalives_idle",
  "keepalives_interval",
  "keepalives_count",
  "tcp_user_timeout",
  "gssencmode",
  "sslmode",
  "sslcert",
  "sslkey",
  "sslpassword",
  "sslcertmode",
  "sslrootcert",
  "sslcrl",
  "sslcrldir",
  "sslsni",
  "requirepeer",
  "ssl_min_protocol_version",
  "ssl_max_protocol_version",
  "krbsrvname",
  "gsslib",
  "service",
  "target_session_attrs",
  "load_balance_hosts",
]);

const shellQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * The pg_dump command for a DATABASE_URL the bot accepts: the URL as libpq reads it (without the
 * password, which pg_dump takes from ~/.pgpass or PGPASSWORD, and without Prisma's parameters), and
 * the schema the bot's tables live in when it is not the default one. It runs under `umask 077` in
 * a subshell: the dump holds every secret of the database and is created readable by its owner
 * only (with the shell's usual umask it was 0644), and the operator's shell keeps its own umask.
 */
export function pgDumpCommand(url: string, file = "hearts-$(date -u +%Y%m%dT%H%M%SZ).dump"): string {
  const target = pgTarget(url);
  const u = new URL(target.connectionString);
  u.password = "";
  for (const key of [...u.searchParams.keys()]) if (!LIBPQ_PARAMETERS.has(key)) u.searchParams.delete(key);
  const schema = target.schema === "public" ? "" : ` --schema=${shellQuote(target.schema)}`;
  return `(umask 077 && pg_dump --format=custom${schema} --file ${file} ${shellQuote(u.toString())})`;
}

/** A quoted identifier, for the schema name in search_path and CREATE SCHEMA. */
export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

type DriverCause = {
  kind?: string;
  originalMessage?: string;
  message?: string;
  host?: string;
  port?: number;
  reason?: string;
  user?: string;
  db?: string;
};

/** The driver adapter's error kinds that carry no message of their own, as sentences. */
function describeCause(c: DriverCause): string | null {
  switch (c.kind) {
    case "DatabaseNotReachable":
      return `nothing answers${c.host ? ` at ${c.host}${c.port ? `:${c.port}` : ""}` : ""} (is the server running, and are the host and port right?)`;
    case "ConnectionClosed":
      return "the server closed the connection";
    case "SocketTimeout":
      return "the connection timed out";
    case "TlsConnectionError":
      return `the TLS connection failed (${c.reason ?? "no reason given"})`;
    case "AuthenticationFailed":
      return `the server refused the password of user ${c.user ?? "(unknown)"}`;
    case "DatabaseDoesNotExist":
      return `the database ${c.db ?? ""} does not exist (create it, e.g. with createdb, or fix the URL)`;
    case "DatabaseAccessDenied":
      return `the user may not use the database ${c.db ?? ""}`;
    default:
      return null;
  }
}

/** A driver error as a sentence, with the URL's password (if any) removed wherever it appears. */
export function pgErrorText(e: unknown, url: string): string {
  const err = e as { message?: string; cause?: DriverCause };
  let text = (err?.cause && describeCause(err.cause)) ?? err?.cause?.originalMessage ?? err?.cause?.message ?? err?.message ?? String(e);
  try {
    const password = decodeURIComponent(new URL(url).password);
    if (password) text = text.split(password).join("…");
  } catch {
    // not a URL: nothing to hide
  }
  return text.replace(/(postgres(?:ql)?:\/\/[^:@/\s]*):[^@/\s]*@/gi, "$1:…@");
}
