/**
 * Child of the migrations test: waits for "go" on stdin (so two children start migrating at the
 * same moment), migrates the database, prints the applied migrations as JSON and exits.
 */
import { once } from "node:events";
import { migrate } from "../../src/store/migrate.js";

const [url] = process.argv.slice(2);
process.stdout.write("ready\n");
process.stdin.setEncoding("utf8");
await once(process.stdin, "data");
const applied = await migrate(url);
process.stdout.write(`${JSON.stringify(applied)}\n`);
process.exit(0);
