/**
 * Child of the crash test: plays games through the store and prints "ack <table> <seq> <action>"
 * only after appendAction resolved. It resumes whatever the store holds, so it can be killed at
 * any moment. It loads its modules first, prints "ready" and waits for "go" on stdin before it
 * opens the database: the parent warms the next child while the current one runs.
 */
import { createInterface } from "node:readline";
import { createRng, parseRules, step } from "../../src/game/index.js";
import { loadGame, openStore } from "../../src/store/index.js";
import { type TableRecord } from "../../src/table/records.js";
import { SETTINGS, randomAction } from "./helpers.js";

const [url, tablesWanted, seedText] = process.argv.slice(2);
process.stdout.write("ready\n");
await new Promise<void>((resolve) => createInterface({ input: process.stdin }).once("line", () => resolve()));

const store = await openStore(url);
const rng = createRng(Number(seedText));
// Short games (to 30 points, about four hands: some 650 actions over the three tables, room for
// every kill) keep the test fast; what is tested is the log, not the scoring.
const rules = parseRules("classic,target=30");
if (!rules.ok) throw new Error(rules.error);
// Both stores' clients have the same models; the count includes finished tables.
let created = await (store as unknown as { prisma: { heartsTable: { count(): Promise<number> } } }).prisma.heartsTable.count();
while (created < Number(tablesWanted)) {
  await store.createTable({
    guildId: "g",
    channelId: `c${created}`,
    hostId: "h",
    rules: rules.rules,
    settings: SETTINGS,
    deal: { format: 1, seed: ++created },
    seats: [],
  });
}

/** Plays one table to its end, one acknowledged action at a time (tables run side by side, as in the bot). */
async function play(table: TableRecord): Promise<void> {
  const loaded = await loadGame(store, table.id);
  if (!loaded.ok) throw new Error(loaded.message);
  const state = loaded.state;
  while (state.phase !== "game-over") {
    const action = randomAction(state, rng);
    step(state, action);
    const seq = state.actionCount - 1;
    const res = await store.appendAction(table.id, seq, action.seat, action, { status: state.phase === "passing" ? "passing" : "playing" });
    if (!res.ok) throw new Error(`append refused: ${res.reason}`);
    process.stdout.write(`ack ${table.id} ${seq} ${JSON.stringify(action)}\n`);
  }
  await store.updateTable(table.id, { status: "finished" });
}

await Promise.all((await store.listOpenTables()).map(play));
process.stdout.write("done\n");
await store.close();
process.exit(0);
