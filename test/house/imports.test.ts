/**
 * The house's shape, checked from the source: no import circle in src or in the Activity's page
 * (web/; type-level imports count: a circle of types is still a circle a reader has to untangle),
 * no file over 500 lines (one measured exception), every interaction handler under
 * src/discord/handlers/, and the page's own rooms: it takes from src only plain data and types,
 * and its state module is pure.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative, resolve, dirname, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SRC = join(ROOT, "src");
const WEB = join(ROOT, "web");

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
const PAGE = sources(WEB);

/** Every module a file names in an import or export-from (`import type` included), inside src or web. */
function importsOf(file: string): string[] {
  return importsWithKind(file).map((i) => i.target);
}

/** Each file parsed once: the checks below ask for the same files' imports several times. */
const importsByFile = new Map<string, { target: string; typeOnly: boolean }[]>();

function importsWithKind(file: string): { target: string; typeOnly: boolean }[] {
  let found = importsByFile.get(file);
  if (!found) importsByFile.set(file, (found = parseImports(file)));
  return found;
}

function parseImports(file: string): { target: string; typeOnly: boolean }[] {
  const text = readFileSync(file, "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: { target: string; typeOnly: boolean }[] = [];
  for (const st of sf.statements) {
    const spec =
      ts.isImportDeclaration(st) || (ts.isExportDeclaration(st) && st.moduleSpecifier) ? (st.moduleSpecifier as ts.Expression) : null;
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith(".")) continue;
    const target = resolve(dirname(file), spec.text.replace(/\.js$/, ".ts"));
    const typeOnly = ts.isImportDeclaration(st) ? !!st.importClause?.isTypeOnly : (st as ts.ExportDeclaration).isTypeOnly;
    if (target.startsWith(SRC + sep) || target.startsWith(WEB + sep)) out.push({ target, typeOnly });
  }
  return out;
}

/**
 * What the page may take from src: plain data and types, bundled as they are (no engine, no
 * server, no Node): the frames' types, the page's sentences, the card names.
 */
const PAGE_MAY_IMPORT = new Map([
  ["src/activity/protocol.ts", "types only"],
  ["src/i18n/messages/activity.ts", "the page's sentences"],
  ["src/game/cards.ts", "card names"],
  ["src/render/card-art.ts", "the card art the chat's pictures draw"],
  ["src/render/theme.ts", "the chat's colours"],
  ["src/i18n/catalogue.ts", "the catalogue, by language"],
  ["src/i18n/cards.ts", "how a card reads in a language"],
  ["src/ai/levels.ts", "the computer players' levels (the lobby's Add bot)"],
]);

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
  it("has no import circle in src or web, type-level imports included", () => {
    const graph = new Map([...FILES, ...PAGE].map((f) => [f, importsOf(f)]));
    expect(circles(graph)).toEqual([]);
  });

  it("keeps the Activity's page a house of its own: from src only types, its sentences, card names and card art; src never imports it", () => {
    expect(PAGE.map(rel)).toEqual(expect.arrayContaining(["web/main.ts", "web/connection.ts", "web/state.ts"]));
    const wrong = PAGE.flatMap((f) =>
      importsWithKind(f)
        .filter(({ target, typeOnly }) => {
          if (target.startsWith(WEB + sep)) return false;
          const allowed = PAGE_MAY_IMPORT.get(rel(target));
          return !allowed || (allowed === "types only" && !typeOnly);
        })
        .map(({ target }) => `${rel(f)} -> ${rel(target)}`),
    );
    expect(wrong).toEqual([]);
    const intoPage = FILES.flatMap((f) =>
      importsOf(f)
        .filter((to) => to.startsWith(WEB + sep))
        .map((to) => `${rel(f)} -> ${rel(to)}`),
    );
    expect(intoPage).toEqual([]);
  });

  it("keeps the page's state pure: no DOM, socket, timer or storage, and none of the page's drawing or connection", () => {
    const file = join(WEB, "state.ts");
    const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    const touches = [
      "document",
      "window",
      "WebSocket",
      "localStorage",
      "setTimeout",
      "setInterval",
      "matchMedia",
      "location",
      "performance",
    ].filter((name) => new RegExp(`\\b${name}\\b`).test(text));
    expect(touches).toEqual([]);
    expect(
      importsOf(file)
        .filter((to) => to.startsWith(WEB + sep))
        .map(rel),
    ).toEqual([]);
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

  it("keeps the store below the domain: the port lives in src/table, the adapters implement it, the tie runs one way", () => {
    // src/store imports the table's records and port; the domain and the rules beneath never import an adapter.
    const domain = ["src/game/", "src/ai/", "src/table/", "src/daily/", "src/stats/", "src/i18n/"];
    expect(domain.flatMap((dir) => reaching(dir, ["src/store/"]))).toEqual([]);
  });

  it(`has no src or web file over ${MAX_LINES} lines`, () => {
    const long = [...FILES, ...PAGE]
      .map((f) => {
        const text = readFileSync(f, "utf8");
        return { file: rel(f), lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0) };
      })
      .filter((f) => f.lines > MAX_LINES && !LONG_BY_DESIGN.has(f.file));
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
