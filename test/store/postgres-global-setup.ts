/**
 * vitest globalSetup: one throwaway PostgreSQL server for the whole run (instead of one per test
 * file), handed to the test workers as TEST_POSTGRES_URL; each test still gets its own database.
 * Nothing happens when TEST_POSTGRES_URL is already set or no PostgreSQL is installed (the
 * PostgreSQL tests then say why they are skipped).
 */
import { postgresUnavailable, startPostgres } from "./postgres-server.js";

export default async function setup(): Promise<(() => Promise<void>) | void> {
  if (process.env.TEST_POSTGRES_URL) return;
  const why = postgresUnavailable();
  if (why) {
    console.warn(why);
    process.env.HEARTS_PG_SKIP_SAID = "1";
    return;
  }
  const server = await startPostgres();
  process.env.TEST_POSTGRES_URL = server.url;
  return async () => {
    delete process.env.TEST_POSTGRES_URL;
    await server.stop();
  };
}
