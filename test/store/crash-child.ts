/**
 * Child of the crash test: plays games through the store and prints "ack <table> <seq>" only after
 * appendAction resolved. It resumes whatever the store holds, so it can be killed at any moment.
 */
import { createRng, presetRules, step } from "../../src/game/index.js";
import { loadGame, openStore } from "../../src/store/index.js";
import { SETTINGS, randomAction } from "./helpers.js";

const [url, tablesWanted, seedText] = process.argv.slice(2);
const store = await openStore(url);
const rng = createRng(Number(seedText));
let created = await store.prisma.heartsTable.count();
while (created < Number(tablesWanted)) {
  await store.createTable({ guildId: "g", channelId: `c${created}`, hostId: "h", rules: presetRules("classic")!, settings: SETTINGS, seed: ++created, seats: [] });
}
let open = await store.listOpenTables();
for (;;) {
  open = await store.listOpenTables();
  if (!open.length) break;
  for (const table of open) {
    const loaded = await loadGame(store, table.id);
    if (!loaded.ok) throw new Error(loaded.message);
    const state = loaded.state;
    for (let i = 0; i < 5 && state.phase !== "game-over"; i++) {
      const action = randomAction(state, rng);
      step(state, action);
      const seq = state.actionCount - 1;
      const res = await store.appendAction(table.id, seq, action.seat, action, { status: state.phase === "passing" ? "passing" : "playing" });
      if (!res.ok) throw new Error(`append refused: ${res.reason}`);
      process.stdout.write(`ack ${table.id} ${seq} ${JSON.stringify(action)}\n`);
    }
    if (state.phase === "game-over") await store.updateTable(table.id, { status: "finished" });
  }
}
process.stdout.write("done\n");
await store.close();
