/**
 * bench:activity's pages: every Activity connection of the benchmark, in a process of their own
 * (as the pages are in people's browsers, not in the bot), so the server's process does the
 * server's work only and its CPU time per card is its own. Signs every table's four people in,
 * says "ready", then at each "play" order plays that many moves (passes, cards, moon choices) at
 * every table, the connection whose turn it is acting: at full speed (as soon as its picture says
 * so) or at a set pace (each table one move every `paceMs`, the tables spread over that time).
 * Times each update: from a move sent to the frame showing it at each of the table's other three
 * connections, both instants read here.
 */
import { ActivityClient, signIn, simpleMove } from "../test/activity/ws-client.js";

export interface ClientsInput {
  port: number;
  /** Each table's channel and its four people's authorize codes (from the fake Discord). */
  tables: { channelId: string; codes: string[] }[];
}

/** Plays `moves` moves at every table; `paceMs`: 0 at full speed, else one move per table every paceMs. */
export interface ClientsPlay {
  type: "play";
  moves: number;
  paceMs: number;
}

export type ClientsMessage =
  | { type: "ready" }
  | { type: "played"; latencies: number[]; moves: number; seconds: number; cpuMs: number }
  | { type: "failed"; error: string };

const say = (m: ClientsMessage) => process.send!(m);

async function signInTable(port: number, t: ClientsInput["tables"][number]): Promise<Table> {
  const conns: ActivityClient[] = [];
  // A page keeps the latest picture only: so does each connection here (no frame log to collect).
  for (const code of t.codes) conns.push(await signIn(port, code, t.channelId, { keepFrames: false }));
  const table: Table = { conns, sentAt: new Map(), latencies: null, wake: null };
  for (const c of conns)
    c.onTable = (f) => {
      const version = f.game?.version ?? -1;
      const sent = table.sentAt.get(version);
      if (sent && sent.by !== c) table.latencies?.push(performance.now() - sent.at);
      table.wake?.();
    };
  return table;
}

interface Table {
  conns: ActivityClient[];
  /** When each version's move was sent, and by which connection. */
  sentAt: Map<number, { at: number; by: ActivityClient }>;
  /** Where this phase's latencies go (null between phases). */
  latencies: number[] | null;
  wake: (() => void) | null;
}

/** `moves` moves at one table, each from the connection whose turn it is; each update timed at the other three. */
async function play(table: Table, moves: number, paceMs: number, latencies: number[]): Promise<number> {
  const { conns, sentAt } = table;
  table.latencies = latencies;
  const frame = () => new Promise<void>((resolve) => (table.wake = resolve));
  // At a pace, the tables start spread over one period, as people's tables would be.
  let due = performance.now() + Math.random() * paceMs;
  let done = 0;
  let last = -1;
  while (done < moves) {
    // Only a picture of the latest version: while passing, a connection whose frame is still on its
    // way would pass too, and two moves would be timed as one version.
    const latest = Math.max(...conns.map((c) => c.table?.game?.version ?? -1));
    const mover = conns.find((c) => c.table?.game?.version === latest && simpleMove(c.table));
    if (!mover) {
      // Nobody's picture has their turn yet (the game is starting, a frame on its way): the next frame brings it.
      await frame();
      continue;
    }
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    due += paceMs;
    const before = mover.table!.game!.version;
    last = before + 1;
    sentAt.set(last, { at: performance.now(), by: mover });
    mover.send(simpleMove(mover.table!)!);
    await mover.until(() => mover.table!.game!.version > before, 10_000, "the move's update");
    done++;
  }
  // The other connections' frames for the last move may still be on their way: give them a moment.
  await Promise.all(conns.map((c) => c.until(() => c.table!.game!.version >= last, 2_000, "the last update").catch(() => null)));
  table.latencies = null;
  return done;
}

async function run(input: ClientsInput): Promise<void> {
  const tables = await Promise.all(input.tables.map((t) => signInTable(input.port, t)));
  say({ type: "ready" });
  process.on("message", (m: ClientsPlay) => {
    const latencies: number[] = [];
    const started = performance.now();
    const cpu = process.cpuUsage();
    Promise.all(tables.map((t) => play(t, m.moves, m.paceMs, latencies)))
      .then((moves) => {
        const { user, system } = process.cpuUsage(cpu);
        const seconds = (performance.now() - started) / 1000;
        say({ type: "played", latencies, moves: moves.reduce((a, b) => a + b, 0), seconds, cpuMs: (user + system) / 1000 });
      })
      .catch(fail);
  });
}

function fail(err: unknown): void {
  say({ type: "failed", error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
}

process.once("message", (input: ClientsInput) => {
  run(input).catch(fail);
});
