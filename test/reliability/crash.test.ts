/**
 * CI version of crash and restart (`npm run soak` does ≥ 100 kills): the real bot process is
 * killed with SIGKILL a handful of times while three tables play; nothing it confirmed is lost,
 * every table plays to its end, and its JSON log is clean (parses, table ids, no secrets).
 */
import { expect, it } from "vitest";
import { runCrash } from "./crash.js";

const KILLS = Number(process.env.CRASH_KILLS ?? 5);

it(`survives ${KILLS} SIGKILLs of the whole bot: confirmed actions kept, tables finish, logs clean, no leak`, async () => {
  const f = await runCrash({ seed: Number(process.env.CRASH_SEED ?? 3), kills: KILLS, tables: 3, timeLimitMs: 100_000 });
  console.log(
    `crash: ${f.kills} kills (${f.earlyKills} while starting), ${f.killsSurvived} survived, ${f.confirmed} confirmed actions checked, ${f.lost.length} lost, ` +
      `${f.tables} tables, ${f.gamesFinished} games finished, ${f.interactions} interactions (${f.notAcknowledged} unanswered while down), ${f.seconds} s\n` +
      `  log: ${f.logs.lines} lines, ${f.logs.tableEvents} table events, ${f.logs.errors} errors, ${f.logs.secretHits.length} secrets; ` +
      `secrecy: ${f.secrecy.payloads} payloads checked, ${f.secrecy.leaks.length} leaks`,
  );
  if (process.env.CRASH_DEBUG) console.log(JSON.stringify(f, null, 1).slice(0, 8000));
  expect(f.startFailures).toEqual([]);
  expect(f.kills).toBe(KILLS);
  expect(f.lost).toEqual([]);
  expect(f.broken).toEqual([]);
  expect(f.killsSurvived).toBe(KILLS);
  expect(f.confirmed).toBeGreaterThan(KILLS);
  expect(f.unfinished).toEqual([]);
  expect(f.violations).toEqual([]);
  expect(f.logs.unparsable).toEqual([]);
  expect(f.logs.withoutTableId).toEqual([]);
  expect(f.logs.secretHits).toEqual([]);
  expect(f.logs.tableEvents).toBeGreaterThan(0);
  expect(f.secrecy.leaks).toEqual([]);
}, 150_000);
