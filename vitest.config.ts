import { readFileSync, readdirSync } from "node:fs";
import { defineConfig } from "vitest/config";

/**
 * Three groups, run one after another (sequence.groupOrder), each with its own workers:
 *  - unit: pure tests of one layer at a time, by folder (no process, server, PostgreSQL or
 *    browser); `npm run test:unit` runs only these.
 *  - system: tests that start worker threads, child processes, the fake Discord, the real bot in
 *    the test's process, or the throwaway PostgreSQL, two files at a time.
 *  - system-serial: the suites that assert on time under a load of their own (several bot
 *    processes, SIGKILLs, a full disk, requests counted per second): one file at a time.
 *  - system-mocks: the few files that replace a module (vi.mock), each in a fresh module graph.
 *
 * unit and system run without isolation (isolate: false): a worker imports the bot's modules once
 * and runs file after file with them, instead of importing them again for each file. Measured on
 * the system group, 2 cores: 526 s → 411 s wall, 876 → 671 s of CPU. Each file builds its own
 * harness, stores and servers; a file that replaces a module with vi.mock cannot share modules, so
 * those (found below by their text) run isolated, in a group of their own.
 */
/** The unit project's folders under test/ (test/house/test-projects.test.ts keeps them free of stores and processes). */
export const UNIT_FOLDERS = ["game", "table", "discord", "render", "comforts", "i18n", "stats", "config", "house", "web"];
const UNIT = [...UNIT_FOLDERS.map((dir) => `test/${dir}/**/*.test.ts`), "test/*.test.ts"];

// Alone on the machine, one file at a time: each asserts on time under a load of its own, so a
// neighbour's load makes it fail (measured: these are the ones that failed or slowed past their
// bounds when run beside another file).
const SERIAL = [
  "test/scale/shards.test.ts", // 4 shard processes play 24 games, one killed and restarted; every click answered within 3 s
  "test/scale/proxy.test.ts", // counts requests per one-second window against the global 50 a second
  "test/reliability/crash.test.ts", // SIGKILLs the bot process while tables play; each restart within its bound
  "test/reliability/fuzz.test.ts", // 1000 interactions within 60 s, every one acknowledged within 3 s
  "test/reliability/faults.test.ts", // Discord's faults (slow answers, 5xx, resets) against the bot's own timeouts
  "test/reliability/store-faults.test.ts", // a full disk and a read-only disk under the bot process; probes on a timer
  "test/ops/stop-and-backup.test.ts", // SIGTERM right after a move: the process exits within its 10 s bound
  "test/ops/shards-metrics.test.ts", // 2 shard processes; /readyz names a killed shard within 10 s
  "test/ops/health.test.ts", // the full disk of store-faults under a bot process, a bounded number of moves to notice it (failed once beside another file)
  "test/ai/pool.test.ts", // counts the event loop's turns while a hard decision runs in its worker
  "test/bot/render-process-faults.test.ts", // a message whose picture hangs goes out with text, on time (failed beside another file under load, its limits measured in the run notwithstanding)
];

/** The test files that replace a module (vi.mock): they need a module graph of their own. */
const MOCKS = readdirSync(`${import.meta.dirname}/test`, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".test.ts") && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(`${import.meta.dirname}/test/${f}`, "utf8")))
  .map((f) => `test/${f}`);

// One throwaway PostgreSQL server for the system groups (skipped, with a line saying why, without
// PostgreSQL); the first group's setup starts it, the later ones find TEST_POSTGRES_URL set.
// And dist/ compiled, which the tests that start bot processes run (test/ops/compiled.ts).
const globalSetup = ["test/store/postgres-global-setup.ts", "test/ops/dist-global-setup.ts"];
// With dist/ compiled, the bots the system tests start in their own process run their worker
// threads and picture process from it rather than TypeScript through tsx (src/paths.ts): 3.9 s of
// CPU a bot before, and each test starts its own.
const env = { HEARTS_THREADS_FROM_DIST: "1" };

export default defineConfig({
  test: {
    // Hermetic: a .env in the checkout (say, copied from .env.example) changes no test. The bot
    // processes the tests start inherit this, so they read no .env either (see src/env.ts).
    env: { ENV_FILE: "none" },
    // Hang guards, not time limits (a test that asserts on time measures it itself, against a
    // reference taken in the same run): a test that loads the bot's whole module graph takes 8 s of
    // CPU on a quiet core, and past 30 s on a busy one where this run gets a fifth of a core.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: "unit", include: UNIT, exclude: MOCKS, maxWorkers: 2, isolate: false, sequence: { groupOrder: 0 } } },
      {
        extends: true,
        test: {
          name: "system",
          include: ["test/**/*.test.ts"],
          exclude: [...UNIT, ...SERIAL, ...MOCKS],
          globalSetup,
          env,
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      { extends: true, test: { name: "system-serial", include: SERIAL, globalSetup, env, maxWorkers: 1, sequence: { groupOrder: 2 } } },
      { extends: true, test: { name: "system-mocks", include: MOCKS, globalSetup, env, maxWorkers: 2, sequence: { groupOrder: 3 } } },
    ],
  },
});
