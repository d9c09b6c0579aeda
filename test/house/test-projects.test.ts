/**
 * The unit project stays fast by what it runs, not by a list kept by hand: its folders (and the
 * tests at test/'s top level) hold pure tests of one layer. A test there that opens a real store
 * (reader and writer threads), starts a process or a worker, the fake Discord, a web server or a
 * browser belongs in the system project (vitest.config.ts), which `npm run test:unit`
 * (docs/contributors.md) leaves out. A helper under test/ that a unit test imports is read too: a
 * store opened in a helper is a store opened by the test.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative, resolve, dirname, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { UNIT_FOLDERS } from "../../vitest.config.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const TEST = join(ROOT, "test");

function tests(dir: string, deep: boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return deep ? tests(p, true) : [];
    return e.name.endsWith(".test.ts") ? [p] : [];
  });
}

/** What a unit test must not start, as it reads in the source. */
const SYSTEM_ONLY: [RegExp, string][] = [
  [/\bopenStore\(/, "a real store (its reader and writer threads)"],
  [/\b(fork|spawn|execFile|exec)\(/, "a child process"],
  [/\bnew Worker\(/, "a worker thread"],
  [/\bstartFakeDiscord\(|\bstartHarness\(/, "the fake Discord"],
  [/\bcreateServer\(|\.listen\(/, "a server"],
  [/\bchromium\b/, "a browser"],
];

/** The file and the modules under test/ it imports by a relative path, and theirs (src/ is not followed: its layers are checked by the import rules). */
function withLocalImports(file: string): string[] {
  const seen = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const m of readFileSync(f, "utf8").matchAll(/\bfrom\s+"(\.{1,2}\/[^"]+)"|\bimport\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g)) {
      const target = resolve(dirname(f), (m[1] ?? m[2]).replace(/\.js$/, ".ts"));
      if (target.startsWith(TEST + sep) && target.endsWith(".ts") && existsSync(target)) visit(target);
    }
  };
  visit(file);
  return [...seen];
}

it("no unit test opens a store, a process, a worker, a server or a browser, itself or in a helper it imports", () => {
  const files = [...UNIT_FOLDERS.flatMap((d) => tests(join(TEST, d), true)), ...tests(TEST, false)];
  expect(files.length).toBeGreaterThan(20);
  const found: string[] = [];
  const name = (f: string) => relative(ROOT, f).split(sep).join("/");
  for (const f of files) {
    if (f === fileURLToPath(import.meta.url)) continue;
    for (const m of withLocalImports(f)) {
      const text = readFileSync(m, "utf8");
      for (const [re, what] of SYSTEM_ONLY) if (re.test(text)) found.push(`${name(f)}${m === f ? "" : ` (in ${name(m)})`}: ${what}`);
    }
  }
  expect(found).toEqual([]);
});
