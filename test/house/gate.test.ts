/**
 * One gate (src/table/gate.ts): the front ends (src/discord, src/activity) reach a table only by
 * naming who asks and where (TableService.tableHere, tableAt, and every act with the Actor's
 * `where`), never through a raw lookup that hands a table to whoever asks. The system's readers of
 * the domain's updates (the presenter, the menus' refresher, the bot's start and stop) read open
 * tables through `service.system`, and only from their rooms. Nor does a front end apply a table
 * rule of its own (tableHidden): the gate decides, once, for every door. Every act of the table
 * service takes an Asker (who, and where from), so a front end cannot act without naming where;
 * the domain's own acts on a seat (a tournament's entrant out, Forget me) go through
 * `service.domain`, which no front end may call.
 */
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const rel = (abs: string) => relative(ROOT, abs).split(sep).join("/");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith(".ts") ? [p] : [];
  });
}

/** Lookups that name nobody: a table by channel or id, straight from the service, the registry or the store. */
const RAW = [
  /\.findOpen\(/,
  /(?<!system)\.tableIn\(/,
  /(?<!system)\.openTable\(/,
  /\bservice\.get\(/,
  /\btables\.get\(/,
  /\.getTable\(/,
  /\.findOpenTable\(/,
  /\btableHidden\b/,
  /\.domain\.\w+\(/,
];
/** The system's readers, allowed only where the domain's updates are shown and the bot starts and stops. */
const SYSTEM = /\.system\.(openTable|tablesIn|tableIn)\(/;
const SYSTEM_ROOMS = ["src/discord/presenting/", "src/discord/bot/"];

/** Each offending line of a front end's file: `file:line: text`. */
function offences(file: string, text: string): string[] {
  const out: string[] = [];
  text.split("\n").forEach((line, n) => {
    const code = line.replace(/\/\/.*$/, "").replace(/^\s*\*.*$/, "");
    const raw = RAW.some((r) => r.test(code));
    const system = SYSTEM.test(code) && !SYSTEM_ROOMS.some((room) => file.startsWith(room));
    if (raw || system) out.push(`${file}:${n + 1}: ${line.trim()}`);
  });
  return out;
}

describe("the front ends reach tables only through the gate", () => {
  it("no file of src/discord or src/activity looks a table up without naming who asks", () => {
    const found = [...sources(join(ROOT, "src/discord")), ...sources(join(ROOT, "src/activity"))].flatMap((f) =>
      offences(rel(f), readFileSync(f, "utf8")),
    );
    expect(found).toEqual([]);
  });

  it("the check finds each kind of raw lookup, and the system's readers outside their rooms", () => {
    const bad = [
      "const t = await ctx.service.findOpen(i.channelId);",
      "const t = ctx.service.tableIn(channelId);",
      "const t = this.deps.service.openTable(id);",
      "const old = await deps.service.get(at.tableId);",
      "const r = await store.getTable(id);",
      "if (tableHidden(found.record, who.userId)) return;",
      "await ctx.service.domain.leave(at.tableId, at.actor, true);",
    ];
    for (const line of bad) expect(offences("src/activity/x.ts", line), line).toHaveLength(1);
    expect(offences("src/discord/handlers/info.ts", "const t = ctx.service.system.openTable(id);")).toHaveLength(1);
    expect(offences("src/discord/presenting/presenter.ts", "const t = this.deps.service.system.openTable(id);")).toEqual([]);
    expect(
      offences("src/discord/interactions/router.ts", "const found = await ctx.service.tableHere(ctx.actor, handler.purpose);"),
    ).toEqual([]);
  });
});

/**
 * The table service's public methods whose parameter is a person who names no place (`Actor`):
 * `Class.method(param)` for each. The public acts take an Asker; the domain's own path is a field
 * (`domain`), not a method, and private methods are the service's own.
 */
function actsWithoutWhere(text: string): string[] {
  const sf = ts.createSourceFile("service.ts", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  for (const st of sf.statements) {
    if (!ts.isClassDeclaration(st) || !st.name) continue;
    for (const m of st.members) {
      if (!ts.isMethodDeclaration(m) || !ts.isIdentifier(m.name)) continue;
      if (ts.getModifiers(m)?.some((x) => x.kind === ts.SyntaxKind.PrivateKeyword)) continue;
      for (const p of m.parameters)
        if (p.type && /\bActor\b/.test(p.type.getText(sf))) out.push(`${st.name.text}.${m.name.text}(${p.name.getText(sf)})`);
    }
  }
  return out;
}

describe("the table service's acts name where the person asks", () => {
  const service = readFileSync(join(ROOT, "src/table/service.ts"), "utf8");

  it("no public method of the table service takes a person without their place", () => {
    expect(actsWithoutWhere(service)).toEqual([]);
    // The acts a front end calls are there, each taking an Asker (the check reads real signatures).
    for (const act of ["join", "leave", "kick", "end", "start", "configure", "play", "pass", "moon", "undo", "hint", "rematch", "open"])
      expect(service, act).toMatch(new RegExp(`async ${act}\\([^)]*\\bAsker\\b`));
  });

  it("the check finds an act that takes an Actor, and leaves private methods and the domain's path alone", () => {
    const bad = `class TableService {
      async join(tableId: string, actor: Actor): Promise<void> {}
      async moon(table: string, actor: Actor | Asker, choice: string): Promise<void> {}
      async play(table: string, actor: Asker): Promise<void> {}
      private async leaving(tableId: string, actor: Actor): Promise<void> {}
      readonly domain = { leave: (tableId: string, actor: Actor) => tableId };
    }`;
    expect(actsWithoutWhere(bad)).toEqual(["TableService.join(actor)", "TableService.moon(actor)"]);
  });
});
