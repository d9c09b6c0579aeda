/**
 * Render benchmark: per image kind, p50/p95 of render+encode time and the PNG size.
 *   npm run bench:render                 # the shipped PNG settings
 *   npm run bench:render -- --png-matrix # also compares zlib levels and filters on trick/table
 * The last line is JSON: {"trick": {"p50Ms", "p95Ms", "bytes"}, ...}.
 */
import { Canvas } from "canvas";
import { drawHand } from "../src/render/hand.js";
import { ENCODE, encodePng } from "../src/render/png.js";
import { drawGameOver, drawHandSummary, drawLeaderboard } from "../src/render/scores.js";
import { drawTable, drawTrick } from "../src/render/table.js";
import {
  gameOverFixtures,
  handFixtures,
  leaderboardFixtures,
  summaryFixtures,
  tableFixtures,
  trickFixtures,
} from "../test/render/fixtures.js";

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const WARMUP = 20;

type Draw = () => Canvas;

function kinds(): Record<string, Draw[]> {
  const list = <T>(fx: Record<string, { input: T; fourColour?: boolean }>, draw: (i: T, o: { fourColour?: boolean }) => Canvas) =>
    Object.values(fx).map((f) => () => draw(f.input, { fourColour: f.fourColour }));
  return {
    trick: list(trickFixtures(), (i, o) => drawTrick(i, o)),
    table: list(tableFixtures(), (i, o) => drawTable(i, o)),
    hand: list(handFixtures(), (i, o) => drawHand(i, o)),
    handSummary: list(summaryFixtures(), (i, o) => drawHandSummary(i, o)),
    gameOver: list(gameOverFixtures(), (i, o) => drawGameOver(i, o)),
    leaderboard: Object.values(leaderboardFixtures()).map((f) => () => drawLeaderboard(f.input)),
  };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

function measure(draws: Draw[], encode: (c: Canvas) => Buffer) {
  for (let i = 0; i < WARMUP; i++) encode(draws[i % draws.length]());
  const total: number[] = [];
  const render: number[] = [];
  const bytes: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    const canvas = draws[i % draws.length]();
    const t1 = performance.now();
    const png = encode(canvas);
    const t2 = performance.now();
    render.push(t1 - t0);
    total.push(t2 - t0);
    bytes.push(png.length);
  }
  total.sort((a, b) => a - b);
  render.sort((a, b) => a - b);
  bytes.sort((a, b) => a - b);
  return {
    p50Ms: +pct(total, 0.5).toFixed(2),
    p95Ms: +pct(total, 0.95).toFixed(2),
    renderP50Ms: +pct(render, 0.5).toFixed(2),
    bytes: pct(bytes, 0.5),
    maxBytes: bytes[bytes.length - 1],
  };
}

const all = kinds();

if (process.argv.includes("--png-matrix")) {
  const F = Canvas as unknown as Record<string, number>;
  const filters: [string, number][] = [
    ["none", F.PNG_FILTER_NONE],
    ["sub", F.PNG_FILTER_SUB],
    ["up", F.PNG_FILTER_UP],
    ["paeth", F.PNG_FILTER_PAETH],
    ["all (adaptive)", F.PNG_ALL_FILTERS],
  ];
  console.log("PNG settings on trick+table images (p50 render+encode ms, median bytes):");
  for (const level of [1, 3, 4, 5, 6, 9] as const) {
    for (const [name, f] of filters) {
      const enc = (c: Canvas) => c.toBuffer("image/png", { compressionLevel: level, filters: f });
      const t = measure(all.trick, enc);
      const tb = measure(all.table, enc);
      console.log(
        `  level ${level} ${name.padEnd(15)} trick ${String(t.p50Ms).padStart(6)} ms ${String(t.bytes).padStart(7)} B   table ${String(tb.p50Ms).padStart(6)} ms ${String(tb.bytes).padStart(7)} B`,
      );
    }
  }
}

const out: Record<string, { p50Ms: number; p95Ms: number; bytes: number }> = {};
console.log(`render+encode, ${ITERATIONS} iterations per kind, PNG level ${ENCODE.compressionLevel}, filters ${ENCODE.filters}`);
for (const [kind, draws] of Object.entries(all)) {
  const m = measure(draws, (c) => encodePng(c));
  out[kind] = { p50Ms: m.p50Ms, p95Ms: m.p95Ms, bytes: m.bytes };
  console.log(
    `  ${kind.padEnd(12)} p50 ${String(m.p50Ms).padStart(6)} ms  p95 ${String(m.p95Ms).padStart(6)} ms  (render alone p50 ${m.renderP50Ms} ms)  ${m.bytes} B median, ${m.maxBytes} B max`,
  );
}
console.log(JSON.stringify(out));
