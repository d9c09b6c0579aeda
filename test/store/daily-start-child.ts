/**
 * Child of the daily store tests, a shard of its own: opens the store at the URL, waits for "go" on
 * stdin (so two children start at the same moment), starts the person's daily attempt of the day
 * on the server given, prints the server of the attempt it was given, and exits.
 */
import { once } from "node:events";
import { openStore } from "../../src/store/index.js";

const [url, guildId, day, userId] = process.argv.slice(2);
const store = await openStore(url);
process.stdout.write("ready\n");
process.stdin.setEncoding("utf8");
await once(process.stdin, "data");
const session = await store.startDailySession({ guildId, day: Number(day), userId, name: "Ann", rulesSpec: "classic" });
process.stdout.write(`${JSON.stringify(session.guildId)}\n`);
await store.close();
process.exit(0);
