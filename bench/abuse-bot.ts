/**
 * bench:abuse's bot, alone in a child process: the real bot (fair use on, the computer-player
 * worker pool, the SQLite store with its reader thread) against the fake Discord. The people at
 * the other tables are played here, through the table service (first legal choice after a short
 * think), so the parent's only traffic is the abuser's. Reports, per phase, the computer players'
 * move latency (asking the pool until its answer) and this process's event-loop delay.
 */
import { createHistogram, monitorEventLoopDelay, type RecordableHistogram } from "node:perf_hooks";
import { BotPool } from "../src/ai/pool.js";
import { decide } from "../src/ai/index.js";
import { readConfig } from "../src/config.js";
import { createBot } from "../src/discord/bot.js";
import { viewFor, awaiting, type Seat } from "../src/game/index.js";
import { silentLogger } from "../src/log.js";
import { openStore } from "../src/store/index.js";
import type { BotPlayer } from "../src/table/players.js";

interface Input {
  apiBase: string;
  token: string;
  applicationId: string;
  dbUrl: string;
  /** The people whose seats this process plays (the other tables' hosts). */
  people: string[];
  thinkMs: number;
}

const input = JSON.parse(process.env.BENCH_BOT_INPUT ?? "{}") as Input;
const send = (m: object) => process.send!(m);
const base = readConfig({}, { requireToken: false });
if (!base.ok) throw new Error(base.problems.join("\n"));
const store = await openStore(input.dbUrl);
const pool = new BotPool({});
const µs = (ms: number) => Math.max(1, Math.round(ms * 1000));
let moves = createHistogram();
const bots: BotPlayer = {
  decide: (view, level, opts) => {
    const t = performance.now();
    return pool.decide(view, level, opts).finally(() => moves.record(µs(performance.now() - t)));
  },
  hint: (view, opts) => pool.hint(view, opts),
};
const bot = createBot(
  { ...base.config, token: input.token, clientId: input.applicationId, apiBase: input.apiBase, botDelayMs: 300, maxTablesPerGuild: 1000 },
  { store, bots, renderer: null, log: silentLogger() },
);
await bot.start();
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();

/** The other tables' people: each plays their first legal choice after a short think. */
const people = new Set(input.people);
const thinking = new Set<string>();
let playing = true;
const autoPlay = setInterval(() => {
  if (!playing) return;
  for (const id of bot.service.openTableIds) {
    const t = bot.service.openTable(id);
    if (!t?.state) continue;
    for (const s of awaiting(t.state)) {
      const seat = t.record.seats.find((x) => x.seat === s);
      const userId = seat?.userId;
      if (!userId || !people.has(userId) || seat.botControlled || thinking.has(`${id}:${s}`)) continue;
      thinking.add(`${id}:${s}`);
      const actor = { userId, name: seat.name };
      setTimeout(() => {
        void (async () => {
          const now = bot.service.openTable(id);
          if (!now?.state || !awaiting(now.state).includes(s)) return;
          const view = viewFor(now.state, s as Seat);
          const a = decide(view, "easy");
          if (a.type === "pass") await bot.service.pass(id, actor, a.cards, view.actionCount);
          else if (a.type === "play") await bot.service.play(id, actor, a.card, view.actionCount);
          else await bot.service.moon(id, actor, a.choice, view.actionCount);
        })()
          .catch(() => undefined)
          .finally(() => thinking.delete(`${id}:${s}`));
      }, input.thinkMs);
    }
  }
}, 50);

const ms = (h: RecordableHistogram, p: number) => (h.count ? Math.round(h.percentile(p) / 100) / 10 : NaN);

process.on("message", (msg: { type: string }) => {
  void (async () => {
    if (msg.type === "phase") {
      moves = createHistogram();
      loop.reset();
    } else if (msg.type === "report") {
      send({ type: "report", moves: moves.count, moveP50Ms: ms(moves, 50), moveP99Ms: ms(moves, 99), loopDelayP99Ms: Math.round(loop.percentile(99) / 1e5) / 10, loopDelayMaxMs: Math.round(loop.max / 1e5) / 10, pool: pool.stats });
    } else if (msg.type === "stop") {
      playing = false;
      clearInterval(autoPlay);
      await bot.stop();
      await pool.close();
      await store.close();
      send({ type: "stopped" });
      process.exit(0);
    }
  })().catch((err: unknown) => {
    console.error("bench:abuse bot:", err);
    process.exit(1);
  });
});
send({ type: "ready" });
