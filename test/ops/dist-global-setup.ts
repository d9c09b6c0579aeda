/**
 * vitest globalSetup: dist/ compiled from the sources as they are now, before the tests that run
 * bot processes from it (./compiled.ts). The same step `npm start` takes first in a checkout
 * (scripts/build-if-dev.mjs): incremental, a few seconds when dist/ is up to date.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "./compiled.js";

export default function setup(): void {
  // Once per run: the later groups' setups find it done.
  if (process.env.HEARTS_TEST_DIST_BUILT) return;
  const r = spawnSync(process.execPath, [join(ROOT, "scripts", "build-if-dev.mjs")], { cwd: ROOT, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`dist/ did not compile (scripts/build-if-dev.mjs):\n${r.stdout}${r.stderr}`);
  process.env.HEARTS_TEST_DIST_BUILT = "1";
}
