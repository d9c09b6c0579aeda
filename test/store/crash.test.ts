/** Kill -9 the writer at random moments: every acknowledged action survives, every game finishes. */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { createRng, createGame, step } from "../../src/game/index.js";
import { loadGame, openStore } from "../../src/store/index.js";
import { tempDb } from "./helpers.js";

const CHILD = fileURLToPath(new URL("./crash-child.ts", import.meta.url));
// `node --import tsx`, not the tsx CLI: the CLI runs the script in a grandchild that SIGKILL would miss.
const TSX_LOADER = new URL("../../node_modules/tsx/dist/loader.mjs", import.meta.url).href;

interface Run {
  acks: Array<{ table: string; seq: number; action: string }>;
  done: boolean;
}

/** Runs the child until it has acknowledged `killAfter` more actions (then SIGKILL), or to the end. */
function runChild(url: string, seed: number, killAfter: number | null): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", TSX_LOADER, CHILD, url, "3", String(seed)], { stdio: ["ignore", "pipe", "pipe"] });
    const run: Run = { acks: [], done: false };
    let buffer = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      let nl: number;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line === "done") run.done = true;
        const m = /^ack (\S+) (\d+) (.*)$/.exec(line);
        if (m) {
          run.acks.push({ table: m[1], seq: Number(m[2]), action: m[3] });
          if (killAfter !== null && run.acks.length >= killAfter) child.kill("SIGKILL");
        }
      }
    });
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("exit", (code, signal) => (signal === "SIGKILL" || code === 0 ? resolve(run) : reject(new Error(`child failed (${code}): ${stderr}`))));
  });
}

it("survives 20 SIGKILLs without losing an acknowledged action", async () => {
  const db = tempDb();
  try {
    const rng = createRng(2026);
    const acknowledged = new Map<string, string>();
    let kills = 0;
    let finished = false;
    for (let round = 0; round < 40 && !finished; round++) {
      const kill = kills < 20 ? 1 + rng.int(60) : null;
      const run = await runChild(db.url, round, kill);
      for (const a of run.acks) acknowledged.set(`${a.table}/${a.seq}`, a.action);
      if (kill !== null) kills++;
      finished = run.done;
      // After every kill, everything acknowledged so far is in the log.
      const store = await openStore(db.url);
      for (const [key, action] of acknowledged) {
        const [table, seq] = key.split("/");
        const log = await store.loadActions(table);
        expect(JSON.stringify(log[Number(seq)]?.action), `action ${key} lost`).toBe(action);
      }
      await store.close();
    }
    expect(kills).toBe(20);
    expect(finished).toBe(true);
    // Every game reached a correct end: replaying its log ends the game, as a fresh engine agrees.
    const store = await openStore(db.url);
    const tables = await store.prisma.heartsTable.findMany();
    expect(tables).toHaveLength(3);
    for (const t of tables) {
      const loaded = await loadGame(store, t.id);
      expect(loaded.ok && loaded.state.phase).toBe("game-over");
      const check = createGame(loaded.ok ? loaded.state.rules : ({} as never), Number(t.seed));
      for (const a of await store.loadActions(t.id)) expect(step(check, a.action)).toBeNull();
      expect(check.winners).not.toBeNull();
    }
    await store.close();
  } finally {
    db.cleanup();
  }
}, 120_000);
