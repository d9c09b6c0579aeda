/**
 * The house's shape, checked from the source: no import circle in src (type-level imports count:
 * a circle of types is still a circle a reader has to untangle), no file over 500 lines (one
 * measured exception), and every interaction handler under src/discord/handlers/.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative, resolve, dirname, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SRC = join(ROOT, "src");

/** Line counts that may pass 500: ai/policy.ts's size is measured speed (a hand-unrolled search). */
const LONG_BY_DESIGN = new Set(["src/ai/policy.ts"]);
const MAX_LINES = 500;

const rel = (abs: string) => relative(ROOT, abs).split(sep).join("/");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" ? [] : sources(p);
    return e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

const FILES = sources(SRC);

/** Every module a file names in an import or export-from (`import type` included), inside src. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  for (const st of sf.statements) {
    const spec =
      ts.isImportDeclaration(st) || (ts.isExportDeclaration(st) && st.moduleSpecifier) ? (st.moduleSpecifier as ts.Expression) : null;
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith(".")) continue;
    const target = resolve(dirname(file), spec.text.replace(/\.js$/, ".ts"));
    if (target.startsWith(SRC + sep)) out.push(target);
  }
  return out;
}

/** Import circles: each strongly connected part of the import graph with more than one module (or a self-import). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1 || graph.get(v)?.includes(v)) found.push(part.map(rel).sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("the house", () => {
  it("has no import circle in src, type-level imports included", () => {
    const graph = new Map(FILES.map((f) => [f, importsOf(f)]));
    expect(circles(graph)).toEqual([]);
  });

  it("finds a circle where there is one (the check can fail)", () => {
    const [a, b, c] = ["/x/a.ts", "/x/b.ts", "/x/c.ts"];
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, [c]],
          [c, [a]],
        ]),
      ).length,
    ).toBe(1);
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, [c]],
          [c, []],
        ]),
      ),
    ).toEqual([]);
  });

  /** Every import from one src folder into another, as "from -> to". */
  const reaching = (from: string, to: string[]) =>
    FILES.filter((f) => rel(f).startsWith(from)).flatMap((f) =>
      importsOf(f)
        .filter((t) => to.some((dir) => rel(t).startsWith(dir)))
        .map((t) => `${rel(f)} -> ${rel(t)}`),
    );

  it("keeps the two front ends apart: neither imports the other (rules both obey live below both)", () => {
    expect(reaching("src/activity/", ["src/discord/"])).toEqual([]);
    expect(reaching("src/discord/", ["src/activity/"])).toEqual([]);
  });

  it("keeps the process wiring (src/app) above everything: nothing imports it", () => {
    const below = ["src/game/", "src/ai/", "src/render/", "src/store/", "src/table/", "src/daily/", "src/stats/", "src/i18n/"];
    expect(reaching("src/", ["src/app/"]).filter((line) => !line.startsWith("src/app/"))).toEqual([]);
    expect(below.flatMap((dir) => reaching(dir, ["src/discord/", "src/activity/"]))).toEqual([]);
  });

  it(`has no src file over ${MAX_LINES} lines`, () => {
    const long = FILES.map((f) => {
      const text = readFileSync(f, "utf8");
      return { file: rel(f), lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0) };
    }).filter((f) => f.lines > MAX_LINES && !LONG_BY_DESIGN.has(f.file));
    expect(long).toEqual([]);
  });

  it("keeps every interaction handler under src/discord/handlers/", async () => {
    // A handler is made by one of handlers/types.ts's builders (or is an object of its kind):
    // nothing outside handlers/ imports a builder or writes such an object.
    const BUILDERS = new Set(["command", "component", "tableCommand", "tablelessComponent"]);
    const outside = FILES.filter((f) => rel(f).startsWith("src/discord/") && !rel(f).startsWith("src/discord/handlers/"));
    const makers: string[] = [];
    for (const f of outside) {
      const text = readFileSync(f, "utf8");
      const sf = ts.createSourceFile(f, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
      for (const st of sf.statements) {
        if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
        const from = resolve(dirname(f), st.moduleSpecifier.text.replace(/\.js$/, ".ts"));
        if (!rel(from).startsWith("src/discord/handlers/")) continue;
        const named = st.importClause?.namedBindings;
        if (named && ts.isNamedImports(named))
          for (const el of named.elements) if (BUILDERS.has((el.propertyName ?? el.name).text)) makers.push(`${rel(f)}: ${el.name.text}`);
      }
      if (/kind:\s*"(command|component)"/.test(text)) makers.push(`${rel(f)}: a handler object`);
    }
    expect(makers).toEqual([]);
    // And each handler the router knows is exported by a module of handlers/.
    const { HANDLERS } = await import("../../src/discord/handlers/index.js");
    const exported = new Set<unknown>();
    for (const f of FILES.filter((x) => rel(x).startsWith("src/discord/handlers/")))
      for (const v of Object.values((await import(pathToFileURL(f).href)) as Record<string, unknown>)) exported.add(v);
    expect(HANDLERS.length).toBeGreaterThan(30);
    expect(HANDLERS.filter((h) => !exported.has(h)).map((h) => `${h.kind} ${h.name}`)).toEqual([]);
  });
});
