/**
 * Where the project's own files are (migrations, the modules threads and processes start from),
 * whether the bot runs from src/ under tsx or from dist/src/ after `npm run build`: the nearest
 * folder above this file holding package.json.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  return dir;
}

export const PROJECT_ROOT = projectRoot();

/**
 * The module a worker thread or child process starts from: `name` beside the module whose
 * import.meta.url is `from`. Compiled (dist/), that is name.js. Run as TypeScript (tsx, vitest) it
 * is name.ts, loaded through tsx's hooks in the new thread or process; or, with
 * HEARTS_THREADS_FROM_DIST=1, name.ts's compiled twin under dist/ when there is one. The test suite
 * sets that variable after its global setup compiled dist/ from the sources as they are: a bot
 * started in a test's process (its computer players' worker threads, two store threads and the
 * picture process) took 3.5 s of the test process's CPU when each loaded the TypeScript through
 * tsx, 1.6 s from dist/, and each test starts its own.
 */
export function besideModule(from: string, name: string): URL {
  if (!from.endsWith(".ts")) return new URL(`./${name}.js`, from);
  const source = new URL(`./${name}.ts`, from);
  if (process.env.HEARTS_THREADS_FROM_DIST !== "1") return source;
  const path = fileURLToPath(source);
  const src = join(PROJECT_ROOT, "src") + sep;
  if (!path.startsWith(src)) return source;
  const twin = join(PROJECT_ROOT, "dist", "src", path.slice(src.length).replace(/\.ts$/, ".js"));
  return existsSync(twin) && !newerThanBuild() ? pathToFileURL(twin) : source;
}

/**
 * Whether a file under src/ changed after dist/ was last compiled (vitest's watch mode runs the
 * global setup's compile once): then the sources run, as they are, rather than an older build.
 */
function newerThanBuild(): boolean {
  let built: number;
  try {
    built = statSync(join(PROJECT_ROOT, "dist", ".tsbuildinfo")).mtimeMs;
  } catch {
    return true;
  }
  for (const e of readdirSync(join(PROJECT_ROOT, "src"), { recursive: true, withFileTypes: true }))
    if (e.isFile() && statSync(join(e.parentPath, e.name)).mtimeMs > built) return true;
  return false;
}

/**
 * A worker thread running `entry`: a compiled module directly; a .ts one from a one-line bootstrap
 * that registers tsx's loader first (a worker cannot load TypeScript by itself; Node 20.6+).
 */
export function startWorker(entry: URL, workerData: unknown): Worker {
  if (!entry.pathname.endsWith(".ts")) return new Worker(entry, { workerData });
  const api = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(boot, { eval: true, workerData });
}
