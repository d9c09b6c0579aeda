/**
 * npm run bench:review [-- --hands 10] [--samples 400] [--workers W] [--moves 120]
 *
 * Game review's cost and its effect on the tables: plays a game of `hands` hands (medium players,
 * classic scoring with no end), reviews seat 0's decisions through a BotPool (the pool's lowest
 * lane, REVIEW_SAMPLES worlds a decision), and reports its wall time and CPU (process CPU: the
 * workers included). Then times table moves (hard decisions, the table's HARD_BUDGET_MS budget, one after
 * another as tables ask) alone and while reviews run, and reports p50/p99 for both.
 * Last line: one JSON object.
 */
import { availableParallelism } from "node:os";
import { BotPool, decide } from "../src/ai/index.js";
import { REVIEW_SAMPLES } from "../src/ai/review.js";
import { awaiting, createGame, parseRules, step, viewFor, type Action, type Rules, type Seat, type SeatView } from "../src/game/index.js";
import { reviewGame } from "../src/table/review.js";

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
}
const HANDS = arg("hands", 10);
const SAMPLES = arg("samples", REVIEW_SAMPLES);
const WORKERS = arg("workers", Math.min(4, Math.max(1, availableParallelism() - 1)));
const MOVES = arg("moves", 120);

function playGame(rules: Rules, seed: number): { actions: Action[]; views: SeatView[] } {
  const state = createGame(rules, seed);
  const actions: Action[] = [];
  const views: SeatView[] = [];
  while (state.history.length < HANDS) {
    for (const seat of awaiting(state)) {
      const view = viewFor(state, seat as Seat);
      if (view.phase === "playing" && view.legal.length > 1) views.push(view);
      const a = decide(view, "medium", { seed: seed + state.actionCount, samples: 8 });
      const r = step(state, a, null);
      if (r) throw new Error(r);
      actions.push(a);
    }
  }
  return { actions, views };
}

const pct = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};

async function moveLatencies(pool: BotPool, views: SeatView[], while_: Promise<unknown> | null): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < MOVES; i++) {
    if (while_ && (await Promise.race([while_.then(() => true), Promise.resolve(false)]))) break;
    const v = views[i % views.length];
    const t = performance.now();
    await pool.decide(v, "hard");
    out.push(performance.now() - t);
    // Tables ask now and then, not back to back (a human's turn, the bot delay).
    await new Promise((r) => setTimeout(r, 20));
  }
  return out;
}

async function main(): Promise<void> {
  const parsed = parseRules("classic,target=10000");
  if (!parsed.ok) throw new Error(parsed.error);
  const rules = parsed.rules;
  const { actions, views } = playGame(rules, 20261124);
  const pool = new BotPool({ size: WORKERS });
  // Warm the workers up (tsx loading) before timing anything.
  await Promise.all(Array.from({ length: WORKERS * 2 }, (_, i) => pool.decide(views[i], "hard")));

  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const review = await reviewGame(rules, 20261124, actions, 0, (view, chosen, seed) =>
    pool.review(view, chosen, { seed, samples: SAMPLES }),
  );
  const reviewMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const reviewCpuMs = (cpu.user + cpu.system) / 1000;
  console.log(
    `review of a ${HANDS}-hand game: ${review.decisions} decisions, ${review.matched} matched, cost ${review.totalCost} pts; ${(reviewMs / 1000).toFixed(1)} s wall, ${(reviewCpuMs / 1000).toFixed(1)} s CPU (${WORKERS} worker${WORKERS > 1 ? "s" : ""}, ${SAMPLES} worlds a decision)`,
  );

  const alone = await moveLatencies(pool, views, null);
  // Two reviews at once (the service's own cap), from the same game, while tables ask for moves.
  const reviews = Promise.all(
    [1, 2].map((k) =>
      reviewGame(rules, 20261124 + k, actions, 0, (view, chosen, seed) =>
        pool.review(view, chosen, { seed: seed + k, samples: SAMPLES }),
      ).catch(() => null),
    ),
  );
  const busy = await moveLatencies(pool, views, null);
  await reviews;
  await pool.close();
  const round = (x: number) => Math.round(x * 10) / 10;
  const out = {
    hands: HANDS,
    workers: WORKERS,
    samples: SAMPLES,
    decisions: review.decisions,
    reviewWallMs: Math.round(reviewMs),
    reviewCpuMs: Math.round(reviewCpuMs),
    movesAlone: { n: alone.length, p50: round(pct(alone, 0.5)), p99: round(pct(alone, 0.99)) },
    movesWithReviews: { n: busy.length, p50: round(pct(busy, 0.5)), p99: round(pct(busy, 0.99)) },
  };
  console.log(
    `table moves alone: p50 ${out.movesAlone.p50} ms, p99 ${out.movesAlone.p99} ms; while 2 reviews run: p50 ${out.movesWithReviews.p50} ms, p99 ${out.movesWithReviews.p99} ms`,
  );
  console.log(JSON.stringify(out));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
