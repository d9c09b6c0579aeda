/**
 * bench:activity's pages: every Activity connection of the benchmark, in a process of their own
 * (as the pages are in people's browsers, not in the bot), so the server's process does the
 * server's work only and its CPU time per card is its own. Signs every table's four people in,
 * says "ready", then plays each table's hand card by card at full speed (the connection whose
 * turn it is acts as soon as its picture says so) and times each update: from a card sent to the
 * frame showing it at each of the table's other three connections, both instants read here.
 */
import { ActivityClient, signIn, simpleMove } from "../test/activity/ws-client.js";

export interface ClientsInput {
  port: number;
  /** Each table's channel and its four people's authorize codes (from the fake Discord). */
  tables: { channelId: string; codes: string[] }[];
}

export type ClientsMessage =
  { type: "ready" } | { type: "done"; latencies: number[]; moves: number; seconds: number } | { type: "failed"; error: string };

const say = (m: ClientsMessage) => process.send!(m);

async function signInTable(port: number, t: ClientsInput["tables"][number]): Promise<ActivityClient[]> {
  const conns: ActivityClient[] = [];
  for (const code of t.codes) conns.push(await signIn(port, code, t.channelId));
  return conns;
}

/** Moves per table: a hand's four passes and 52 cards. */
const MOVES = 56;

/** One hand at one table: every pass and card from the connection whose turn it is; each update timed at the other three. */
async function playHand(conns: ActivityClient[], latencies: number[]): Promise<number> {
  let wake: (() => void) | null = null;
  const sentAt = new Map<number, { at: number; by: ActivityClient }>();
  for (const c of conns)
    c.onTable = (t) => {
      const sent = sentAt.get(t.game?.version ?? -1);
      if (sent && sent.by !== c) latencies.push(performance.now() - sent.at);
      wake?.();
    };
  const frame = () => new Promise<void>((resolve) => (wake = resolve));
  let moves = 0;
  while (moves < MOVES) {
    const mover = conns.find((c) => c.table && simpleMove(c.table));
    if (!mover) {
      // Nobody's picture has their turn yet (the game is starting): the next frame brings it.
      await frame();
      continue;
    }
    const before = mover.table!.game!.version;
    sentAt.set(before + 1, { at: performance.now(), by: mover });
    mover.send(simpleMove(mover.table!)!);
    await mover.until(() => mover.table!.game!.version > before, 10_000, "the move's update");
    moves++;
  }
  return moves;
}

async function run(input: ClientsInput): Promise<void> {
  const tables = await Promise.all(input.tables.map((t) => signInTable(input.port, t)));
  say({ type: "ready" });
  const latencies: number[] = [];
  const started = performance.now();
  const moves = await Promise.all(tables.map((conns) => playHand(conns, latencies)));
  const seconds = (performance.now() - started) / 1000;
  for (const conns of tables) for (const c of conns) c.close();
  say({ type: "done", latencies, moves: moves.reduce((a, b) => a + b, 0), seconds });
}

process.once("message", (input: ClientsInput) => {
  run(input).catch((err: unknown) => say({ type: "failed", error: err instanceof Error ? (err.stack ?? err.message) : String(err) }));
});
