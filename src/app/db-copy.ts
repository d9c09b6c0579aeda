/**
 * Copies the bot's whole database to another one, e.g. from the SQLite file to PostgreSQL:
 *
 *   npm run db:copy -- --from file:./data/hearts.db --to postgresql://user@host:5432/hearts   (password: PGPASSWORD, from .env too)
 *
 * Stop the bot first. The target gets its migrations applied and must be empty; the copy runs in one
 * transaction on it and ends by counting every table on both sides. Exit codes: 0 copied and
 * verified, 1 failed (the target is left empty), 2 wrong arguments or a target that is not empty.
 */
import "../load-env.js";
import { copyDatabase, TargetNotEmptyError } from "../store/copy.js";
import { redactUrl } from "../store/index.js";

const USAGE =
  "Usage: npm run db:copy -- --from <DATABASE_URL of the source> --to <DATABASE_URL of an empty target>\n  e.g. --from file:./data/hearts.db --to postgresql://user@localhost:5432/hearts (the password from PGPASSWORD, in .env or the environment, never on the command line)";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const from = arg("--from");
const to = arg("--to");
if (!from || !to || process.argv.includes("--help")) {
  console.error(USAGE);
  process.exit(2);
}
if (from === to) {
  console.error("The source and the target are the same database; nothing to copy.");
  process.exit(2);
}

console.log(`Copying ${redactUrl(from)} -> ${redactUrl(to)} (stop the bot first: rows written during the copy would be missed)`);
const started = performance.now();
try {
  const report = await copyDatabase(from, to, (line) => console.log(`  ${line}`));
  console.log(
    `Verified: every table holds as many rows in the target as in the source (${report.counts.map((c) => `${c.table} ${c.target}`).join(", ")}).`,
  );
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s. Point DATABASE_URL at the target and start the bot.`);
  process.exit(0);
} catch (e) {
  const message = e instanceof Error ? e.message : String(e);
  if (e instanceof TargetNotEmptyError) {
    console.error(message);
    process.exit(2);
  }
  console.error(`The copy failed; the target holds none of the copied rows: ${message}`);
  process.exit(1);
}
