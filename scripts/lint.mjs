// `npm run lint`: eslint (typescript-eslint's type-checked rules), prettier and knip, side by side.
// Each is single-threaded, and eslint alone is most of the time (it builds the TypeScript program):
// run one after another they took the sum of the three; side by side on two cores, about eslint's.
// Prettier keeps a cache of the files it found formatted (by content, in node_modules/.cache), so
// a second run checks only what changed; eslint has none here, since a type-checked finding in one
// file can come from a change in another. Each tool's output is printed whole, in this order; any
// finding fails the run.
import { spawn } from "node:child_process";
import { delimiter, join } from "node:path";

// The tools' own commands, as npm run finds them (also when this file is run with plain node).
const env = { ...process.env, PATH: [join(import.meta.dirname, "..", "node_modules", ".bin"), process.env.PATH].join(delimiter) };
const tools = [
  ["eslint", ["."]],
  ["prettier", ["--check", ".", "--log-level", "warn", "--cache", "--cache-strategy", "content"]],
  ["knip", []],
];

const run = ([name, args]) =>
  new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(name, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", (err) => resolve({ name, code: 1, out: `${out}${err.message}\n`, ms: performance.now() - started }));
    child.on("close", (code) => resolve({ name, code: code ?? 1, out, ms: performance.now() - started }));
  });
// Two lanes for two cores: eslint on one, prettier then knip on the other (all three at once made
// eslint share its core for the others' 10 s: 47 s instead of about 38).
const [eslint, ...rest] = tools;
const others = (async () => {
  const done = [];
  for (const t of rest) done.push(await run(t));
  return done;
})();
const runs = [run(eslint), others];
let failed = 0;
for (const r of (await Promise.all(runs)).flat()) {
  if (r.out.trim()) process.stdout.write(r.out.endsWith("\n") ? r.out : `${r.out}\n`);
  console.log(`lint: ${r.name} ${r.code === 0 ? "passed" : "FAILED"} in ${(r.ms / 1000).toFixed(1)} s`);
  if (r.code !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;
