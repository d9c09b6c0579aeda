/**
 * The compiled bot (dist/), as `npm start` runs it: the tests that start bot processes (and the
 * backup, db:copy, deploy-commands and REST proxy commands) run these, not the TypeScript through
 * tsx. A bot process under tsx took 8.5 s of CPU to be ready (its worker threads and its picture
 * process each loading TypeScript through tsx's hooks), from dist/ 4 s, on this machine; a suite
 * starts dozens. ./dist-global-setup.ts compiles dist/ (incrementally) before the system groups run.
 */
import { join } from "node:path";

export const ROOT = join(import.meta.dirname, "..", "..");

/** node's arguments to run a source file's compiled module: src/app/main.ts → dist/src/app/main.js. */
export function compiled(source: string): string[] {
  return ["--enable-source-maps", join(ROOT, "dist", source.replace(/\.ts$/, ".js"))];
}
