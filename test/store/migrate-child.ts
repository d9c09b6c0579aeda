/**
 * Child of the migrations tests: waits for "go" on stdin (so two children start migrating at the
 * same moment), migrates the database (SQLite or PostgreSQL by the URL), prints the applied
 * migrations as JSON and exits.
 */
import { once } from "node:events";
import { migrate } from "../../src/store/migrate.js";
import { migratePostgres } from "../../src/store/migrate-pg.js";
import { isPostgresUrl } from "../../src/store/pg-url.js";

const [url] = process.argv.slice(2);
process.stdout.write("ready\n");
process.stdin.setEncoding("utf8");
await once(process.stdin, "data");
const applied = isPostgresUrl(url) ? await migratePostgres(url) : await migrate(url);
process.stdout.write(`${JSON.stringify(applied)}\n`);
process.exit(0);
