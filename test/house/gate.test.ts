/**
 * One gate (src/table/gate.ts): the front ends (src/discord, src/activity) reach a table only by
 * naming who asks and where (TableService.tableHere, tableAt, and every act with the Actor's
 * `where`), never through a raw lookup that hands a table to whoever asks. The system's readers of
 * the domain's updates (the presenter, the menus' refresher, the bot's start and stop) read open
 * tables through `service.system`, and only from their rooms. Nor does a front end apply a table
 * rule of its own (tableHidden): the gate decides, once, for every door.
 */
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
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
    ];
    for (const line of bad) expect(offences("src/activity/x.ts", line), line).toHaveLength(1);
    expect(offences("src/discord/handlers/info.ts", "const t = ctx.service.system.openTable(id);")).toHaveLength(1);
    expect(offences("src/discord/presenting/presenter.ts", "const t = this.deps.service.system.openTable(id);")).toEqual([]);
    expect(
      offences("src/discord/interactions/router.ts", "const found = await ctx.service.tableHere(ctx.actor, handler.purpose);"),
    ).toEqual([]);
  });
});
