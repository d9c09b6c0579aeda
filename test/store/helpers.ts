/** Store test helpers: temp databases and a random legal player. */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  awaiting,
  cardsOf,
  createRng,
  emptyMasks,
  legalMasks,
  type Action,
  type GameState,
  type Rng,
  type Seat,
} from "../../src/game/index.js";
import type { TableSettings } from "../../src/table/records.js";
import { DEFAULT_SETTINGS } from "../../src/config.js";

export function tempDb(): { url: string; dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "hearts-store-"));
  return { url: `file:${join(dir, "hearts.db")}`, dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The bot's table defaults, with rated off as these tests have always used. */
export const SETTINGS: TableSettings = { ...DEFAULT_SETTINGS, rated: false };

/** A random legal action for whoever the game waits for. */
export function randomAction(state: GameState, rng: Rng): Action {
  const seat = awaiting(state)[0] as Seat;
  if (state.phase === "passing") {
    const hand = cardsOf(state.hands[seat]);
    const picks = new Set<number>();
    while (picks.size < 3) picks.add(hand[rng.int(hand.length)]);
    return { type: "pass", seat, cards: [...picks] };
  }
  if (state.phase === "moon-choice") return { type: "moon", seat, choice: rng.int(2) ? "add" : "subtract" };
  const legal = cardsOf(legalMasks(state, seat, emptyMasks()));
  return { type: "play", seat, card: legal[rng.int(legal.length)] };
}

export { createRng };

/**
 * Two child processes migrate the database at `url` at the same moment (both are loaded first, then
 * told to go); returns every migration name either applied.
 */
export async function migrateInTwoProcesses(url: string): Promise<string[]> {
  return (await inTwoProcesses<string[]>("./migrate-child.ts", [[url], [url]])).flat();
}

/**
 * Runs a child script (relative to this folder) in two processes at once, each with its own
 * arguments; each prints "ready" when loaded, all are told to go together, and each one's last
 * line of output, as JSON, is returned.
 */
export async function inTwoProcesses<T>(script: string, args: [string[], string[]]): Promise<T[]> {
  const child = fileURLToPath(new URL(script, import.meta.url));
  const loader = new URL("../../node_modules/tsx/dist/loader.mjs", import.meta.url).href;
  const children = args.map((a) => spawn(process.execPath, ["--import", loader, child, ...a], { stdio: ["pipe", "pipe", "pipe"] }));
  const outputs = children.map(
    (c) =>
      new Promise<string[]>((resolve, reject) => {
        let out = "";
        let err = "";
        c.stdout!.on("data", (d: Buffer) => (out += d.toString()));
        c.stderr!.on("data", (d: Buffer) => (err += d.toString()));
        c.on("exit", (code) => (code === 0 ? resolve(out.trim().split("\n")) : reject(new Error(`child failed (${code}): ${err}`))));
      }),
  );
  await Promise.all(children.map((c) => new Promise<void>((resolve) => c.stdout!.once("data", () => resolve()))));
  for (const c of children) c.stdin!.end("go\n");
  return (await Promise.all(outputs)).map((lines) => JSON.parse(lines.at(-1)!) as T);
}
