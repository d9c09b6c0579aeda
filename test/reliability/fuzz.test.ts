/**
 * CI version of the interaction fuzzer (`npm run soak` runs ≥ 10,000): a thousand generated
 * interactions against four live tables, in about ten seconds. Prints its figures.
 */
import { expect, it } from "vitest";
import { runFuzz } from "./fuzz.js";

/** 1000 of the seed's generated interactions: every kind is sent (the log's "by kind"); `npm run soak` sends ≥ 10,000. */
const COUNT = Number(process.env.FUZZ_COUNT ?? 1000);

it(`${COUNT} fuzzed interactions: every one answered privately in time, no crash, no leak, states replay`, async () => {
  const f = await runFuzz({ seed: Number(process.env.FUZZ_SEED ?? 8), interactions: COUNT, timeLimitMs: 60_000, tables: 4 });
  console.log(
    `fuzz: ${f.tried} generated interactions (${f.interactions} in all, ${f.seconds} s), ack p99 ${f.ackP99Ms} ms max ${f.ackMaxMs} ms, ` +
      `${f.tables} tables, ${f.gamesFinished} games finished, ${f.actionsStored} actions stored, ` +
      `${f.secrecy.payloads} payloads checked (${f.secrecy.withCards} with cards), crashes ${f.unhandledRejections + f.handlerErrors.length}\n` +
      `  by kind: ${JSON.stringify(f.byKind)}`,
  );
  if (process.env.FUZZ_DEBUG)
    console.log(JSON.stringify({ ...f, handlerErrors: f.handlerErrors.map((x) => x.slice(0, 120)) }, null, 1).slice(0, 6000));
  expect(f.tried).toBeGreaterThanOrEqual(Math.min(COUNT, 1000));
  expect(f.notAcknowledged).toBe(0);
  expect(f.violations).toEqual([]);
  expect(f.unhandledRejections).toBe(0);
  expect(f.handlerErrors).toEqual([]);
  expect(f.publicAnswers).toEqual([]);
  expect(f.unclear).toEqual([]);
  expect(f.stateMismatches).toEqual([]);
  expect(f.stuck).toEqual([]);
  expect(f.secrecy.leaks).toEqual([]);
  expect(f.secrecy.payloads).toBeGreaterThan(f.tried);
  expect(f.gamesFinished).toBeGreaterThan(0);
}, 120_000);
