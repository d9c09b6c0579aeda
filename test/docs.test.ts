/**
 * The docs are a short README that leads to a guide by reader (docs/*.md). These checks keep them
 * so: the README stays short and links every page, every link between them lands on a heading,
 * every setting of .env.example, every /hearts subcommand (with its options) and every npm script a
 * person runs is documented in exactly one place (a table row naming it first; other pages link
 * there), and the rules tables are generated from the rule table.
 */
import { readFileSync, readdirSync } from "node:fs";
import { posix } from "node:path";
import { describe, expect, it } from "vitest";
import { commandData } from "../commands/hearts.js";
import { RULES_PAGE, withTables } from "../scripts/rules-table.js";

const ROOT = new URL("..", import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, ROOT), "utf8");

const README = read("README.md");
const DOCS = readdirSync(new URL("docs/", ROOT))
  .filter((f) => f.endsWith(".md"))
  .map((f) => `docs/${f}`)
  .sort();
/** README.md and every page of docs/, by path. */
const PAGES: Record<string, string> = Object.fromEntries(["README.md", ...DOCS].map((p) => [p, read(p)]));

/** A page's lines outside fenced code blocks (a `# comment` in a shell block is no heading). */
function prose(text: string): string[] {
  let fenced = false;
  return text.split("\n").filter((line) => {
    if (line.startsWith("```")) fenced = !fenced;
    return !fenced && !line.startsWith("```");
  });
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of prose(text)) {
    const h = line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
    if (!h) continue;
    const slug = h[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n ? `${slug}-${n}` : slug);
  }
  return out;
}

/** The first cell of every table row outside code (header and separator rows left out). */
function firstCells(text: string): string[] {
  const rows = prose(text).filter((l) => l.startsWith("|"));
  return rows
    .filter((l, i) => !/^\|[\s|:-]+\|$/.test(l) && !/^\|[\s|:-]+\|$/.test(rows[i + 1] ?? ""))
    .map((l) => l.split(/(?<!\\)\|/)[1]?.trim() ?? "");
}

/** Where each first cell is, for messages: "docs/operators.md: `npm start`". */
const rows = (): { page: string; cell: string }[] =>
  Object.entries(PAGES).flatMap(([page, text]) => firstCells(text).map((cell) => ({ page, cell })));

it("the README is short (at most 160 lines) and links every page of docs/", () => {
  expect(README.split("\n").length, "README.md's lines: move the detail into docs/").toBeLessThanOrEqual(160);
  expect(DOCS).toEqual(expect.arrayContaining(["docs/players.md", "docs/admins.md", "docs/operators.md", "docs/contributors.md"]));
  for (const page of DOCS) expect(README, `the README links ${page}`).toContain(`](${page}`);
  // What is stored about people: one click from the README.
  expect(README).toMatch(/\]\(docs\/admins\.md#privacy-what-is-stored-about-people\)/);
  // The first npm ci's duration is said where it is run (the README's quick start, the production install).
  expect(README).toMatch(/npm ci .*about 5 minutes/);
  expect(PAGES["docs/operators.md"]).toMatch(/npm ci --omit=dev .*about 5 minutes/);
});

it("every link between the pages lands on a page and a heading that exist", () => {
  const broken: string[] = [];
  for (const [page, text] of Object.entries(PAGES))
    for (const line of prose(text))
      for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        const link = m[1];
        if (/^[a-z]+:/.test(link)) continue; // https:, mailto:
        const [file, anchor] = link.split("#");
        const path = file ? posix.join(posix.dirname(page), file) : page;
        let body: string;
        try {
          body = PAGES[path] ?? read(path);
        } catch {
          broken.push(`${page}: ${link} (no such file)`);
          continue;
        }
        if (anchor && path.endsWith(".md") && !anchors(body).has(anchor)) broken.push(`${page}: ${link} (no such heading)`);
      }
  expect(broken).toEqual([]);
});

it("every setting of .env.example is documented in exactly one place, and nothing else is documented as one", () => {
  const settings = [...read(".env.example").matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
  expect(settings.length).toBeGreaterThan(25);
  const named = rows().flatMap(({ page, cell }) => [...cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => ({ page, name: m[1] })));
  for (const s of settings) {
    const where = named.filter((n) => n.name === s).map((n) => n.page);
    expect(where, `${s}: documented in one table row`).toHaveLength(1);
  }
  const stale = named.filter((n) => !settings.includes(n.name));
  expect(stale, "documented as settings but not in .env.example").toEqual([]);
});

it("every /hearts subcommand is documented in exactly one place, naming each of its options", () => {
  interface Opt {
    name: string;
    type: number;
    options?: Opt[];
  }
  const hearts = commandData[0] as { options: Opt[] };
  // Subcommands (type 1) and the subcommands of groups (type 2), as "daily play".
  const subs = hearts.options.flatMap((o) => (o.type === 2 ? (o.options ?? []).map((s) => ({ ...s, name: `${o.name} ${s.name}` })) : [o]));
  expect(subs.length).toBeGreaterThan(15);
  const all = rows();
  for (const sub of subs) {
    const at = all.filter(({ cell }) => new RegExp(`^\`/hearts ${sub.name}(?=[\\s\`])`).test(cell));
    expect(
      at.map((r) => r.page),
      `/hearts ${sub.name}: one table row`,
    ).toHaveLength(1);
    for (const opt of sub.options ?? [])
      expect(at[0].cell, `/hearts ${sub.name}'s option ${opt.name}`).toMatch(new RegExp(`\\b${opt.name}\\b`));
  }
  const stale = all.filter(({ cell }) => /^`\/hearts /.test(cell) && !subs.some((s) => cell.startsWith(`\`/hearts ${s.name}`)));
  expect(stale, "rows for subcommands that do not exist").toEqual([]);
});

it("every npm script a person runs is documented in exactly one place", () => {
  const scripts = Object.keys((JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts);
  // npm's own hooks run by themselves (prestart, postinstall…); build-if-dev's pre* hooks among them.
  const hooks = scripts.filter((s) => /^(pre|post)/.test(s) && (scripts.includes(s.replace(/^(pre|post)/, "")) || s === "postinstall"));
  const run = (s: string): RegExp =>
    new RegExp(`\`npm ${s === "start" || s === "test" ? "" : "run "}${s.replace(/[:]/g, "\\$&")}(?=[\\s\`]|$)`);
  const all = rows();
  for (const s of scripts.filter((x) => !hooks.includes(x))) {
    const at = all.filter(({ cell }) => run(s).test(cell)).map((r) => r.page);
    expect(at, `npm ${s}: documented in one table row`).toHaveLength(1);
  }
  const named = all.flatMap(({ cell }) => [...cell.matchAll(/`npm run ([\w:-]+)/g)].map((m) => m[1]));
  expect(
    named.filter((n) => !scripts.includes(n)),
    "rows for npm scripts that do not exist",
  ).toEqual([]);
});

describe("the rules tables", () => {
  it(`${RULES_PAGE} lists every rule option and preset as the engine defines them`, () => {
    const page = read(RULES_PAGE);
    expect(page).toContain("<!-- OPTIONS:START -->");
    expect(page, "run: npx tsx scripts/rules-table.ts --write").toBe(withTables(page));
  });
});

it("the docs' PostgreSQL examples keep passwords off the command line (PGPASSWORD or ~/.pgpass, as libpq)", () => {
  const all = Object.values(PAGES).join("\n");
  const urls = all.match(/postgres(?:ql)?:\/\/[^\s`)]+/g) ?? [];
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) expect(url, "a password in a docs URL").not.toMatch(/:\/\/[^/@\s]*:[^/@\s]*@/);
  expect(all).toMatch(/PGPASSWORD/);
  expect(all).toMatch(/\.pgpass/);
});
