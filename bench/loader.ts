/**
 * `npm run bench:loader`: what running TypeScript through tsx costs against the compiled code
 * (`npm run build`, then node), as `npm start` now runs the bot. The engine benchmark
 * (bench/engine.ts) and the hard player's playouts (bench/playouts.ts) run alternately under both,
 * several rounds each; the best round of each is kept (the least disturbed by other work on the
 * machine), and the last line gives the ratios as JSON.
 *
 *   npm run bench:loader -- --rounds 3 --seconds 2
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const { values } = parseArgs({ options: { rounds: { type: "string", default: "3" }, seconds: { type: "string", default: "2" } } });
const rounds = Math.max(1, Number(values.rounds));
const seconds = Math.max(1, Number(values.seconds));

// Compile the two benchmarks (and what they import) as `npm run build` compiles the bot.
const out = mkdtempSync(join(tmpdir(), "hearts-bench-dist-"));
const config = join(out, "tsconfig.json");
writeFileSync(
  config,
  JSON.stringify({
    extends: join(ROOT, "tsconfig.build.json"),
    compilerOptions: {
      outDir: join(out, "dist"),
      rootDir: ROOT,
      tsBuildInfoFile: join(out, "tsbuildinfo"),
      typeRoots: [join(ROOT, "node_modules/@types")],
    },
    include: [join(ROOT, "bench/engine.ts"), join(ROOT, "bench/playouts.ts")],
  }),
);
execFileSync(join(ROOT, "node_modules/.bin/tsc"), ["-p", config], { stdio: "inherit" });
symlinkSync(join(ROOT, "node_modules"), join(out, "node_modules"));

const figure = (cmd: string, args: string[]): number => {
  const text = execFileSync(cmd, args, { cwd: ROOT, encoding: "utf8", env: { ...process.env, ENV_FILE: "none" } });
  const last = JSON.parse(text.trim().split("\n").pop()!) as Record<string, number>;
  return Object.values(last)[0];
};
const tsx = join(ROOT, "node_modules/.bin/tsx");
const best = { engine: { dist: 0, tsx: 0 }, playouts: { dist: 0, tsx: 0 } };
for (let r = 0; r < rounds; r++) {
  for (const bench of ["engine", "playouts"] as const) {
    best[bench].dist = Math.max(
      best[bench].dist,
      figure(process.execPath, [join(out, "dist/bench", `${bench}.js`), `--seconds=${seconds}`]),
    );
    best[bench].tsx = Math.max(best[bench].tsx, figure(tsx, [join(ROOT, "bench", `${bench}.ts`), `--seconds=${seconds}`]));
  }
  console.log(
    `round ${r + 1}/${rounds}: engine hands/s dist ${best.engine.dist} tsx ${best.engine.tsx}; playouts/s dist ${best.playouts.dist} tsx ${best.playouts.tsx}`,
  );
}
rmSync(out, { recursive: true, force: true });
const r3 = (x: number) => Math.round(x * 1000) / 1000;
console.log(
  JSON.stringify({
    engineHandsPerSecondDist: best.engine.dist,
    engineHandsPerSecondTsx: best.engine.tsx,
    engineDistOverTsx: r3(best.engine.dist / best.engine.tsx),
    playoutsPerSecondDist: best.playouts.dist,
    playoutsPerSecondTsx: best.playouts.tsx,
    playoutsDistOverTsx: r3(best.playouts.dist / best.playouts.tsx),
    rounds,
    seconds,
  }),
);
