/**
 * `npm run bench:proxy [-- --tables N --seconds S]`: the two-machine run of test/scale/two-machines.ts.
 * Two bot processes (SHARDS=4, SHARD_IDS=0-1 and 2-3) on one PostgreSQL send every REST request
 * through one REST proxy (`npm run rest-proxy`) to the fake Discord, which enforces Discord's
 * global 50 requests a second with real 429 answers. N people play fast tables in machine A's
 * servers only. The last line is JSON: `requestsPerSecond` (the busiest one-second window, ≤ 50;
 * `attemptsPerSecond` counts the refused ones too),
 * `rateLimited429` (429s that reached a bot process), `busyShareOfBudget` (machine A's requests a
 * second over 50 after a 2 s warm-up; its static share without the proxy is 24/50 = 0.48).
 */
import { startTwoMachines } from "../test/scale/two-machines.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const TABLES = Math.max(1, parseInt(arg("tables", "12"), 10));
const SECONDS = Math.max(5, parseInt(arg("seconds", "20"), 10));

const machines = await startTwoMachines({ tables: TABLES });
try {
  const r = await machines.load(SECONDS);
  console.log(
    `${TABLES} people at machine A's tables for ${r.seconds} s: ${r.games} games, ${r.actions} actions; busiest second ${r.requestsPerSecond} requests (${r.attemptsPerSecond} sent); ` +
      `machine A ${r.busyRequests} requests (${r.busyShareOfBudget} of the budget, ${r.busyPeakPerSecond} in its busiest second), B ${r.quietRequests}; ` +
      `429s: ${r.refusedToProxy} to the proxy (waited out), ${r.rateLimited429} reached a bot`,
  );
  console.log(JSON.stringify({ bench: "proxy", tables: TABLES, ...r }));
} finally {
  await machines.stop();
}
