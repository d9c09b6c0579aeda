/**
 * A new table setting is an entry in the settings table (src/table/settings-table.ts) and its words
 * in the catalogue (issue 39 item 6): this test adds one the way a contributor would, an entry
 * `xx` (seconds 0 to 9, default 3, an environment variable, an option of /hearts new and /hearts
 * rules, a server default in /hearts settings, its own value at tournament tables and a sentence
 * in the rules), and finds it everywhere a host, a server admin, an operator or a player meets a
 * setting, in English and French, without touching another file: the command's definition, the
 * configuration, a host's change, the server's stored defaults, a tournament's round tables, a
 * table stored before it existed, and the rules both front ends show. Its server default is
 * written with no new column (the server's table defaults are one JSON object; the store suite,
 * test/store/table-defaults.test.ts, runs that on both databases), and the files a contributor
 * writes are counted: at most 6 with its sentences.
 * It mocks src/table/settings-table.ts, so it runs in the system-mocks project, on modules of its own.
 */
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";

const pseudo = vi.hoisted(() => {
  type M = { commands: { hints: string; resetChoice: (v: { what: string }) => string }; settings: { hints: string; hintsOn: string } };
  const check = (raw: unknown) =>
    typeof raw === "number" && Number.isInteger(raw) && raw >= 0 && raw <= 9
      ? { ok: true, value: raw }
      : { ok: false, error: { area: "refusals", key: "timerRange" } };
  return {
    kind: "integer",
    min: 0,
    max: 9,
    default: 3,
    env: "XX_SECONDS",
    check,
    option: { name: "xx", describe: (m: M) => `⟦${m.commands.hints}⟧` },
    server: {
      rank: 5,
      describe: (m: M) => `⟦server ${m.commands.hints}⟧`,
      reset: (m: M) => `⟦${m.commands.resetChoice({ what: "hints" })}⟧`,
      label: (m: M) => `⟦${m.settings.hints}⟧`,
      show: (v: number, m: M) => `⟦${v} ${m.settings.hintsOn}⟧`,
    },
    tournament: 7,
    said: (v: number, m: M) => `⟦${m.settings.hints} ${v}⟧`,
  };
});

vi.mock("../../src/table/settings-table.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/table/settings-table.js")>();
  const settings = { ...real.SETTINGS, xx: pseudo };
  return { ...real, SETTINGS: settings, ...real.tableOf(settings as never) };
});

import { commandData } from "../../commands/hearts.js";
import { SERVER_SETTINGS } from "../../src/table/settings-table.js";
import { rulesInfo } from "../../src/activity/rules.js";
import { DEFAULT_SETTINGS, readConfig } from "../../src/config.js";
import { rulesMessage } from "../../src/discord/views/rules.js";
import { messages } from "../../src/i18n/index.js";
import { guildSettingsColumns, guildSettingsRecord, readSettings, withDefaults } from "../../src/store/records.js";
import { serverDefaults } from "../../src/table/guild-settings.js";
import { tableView } from "../../src/table/live.js";
import { applySettings } from "../../src/table/options.js";
import type { TableSettings } from "../../src/table/records.js";
import type { StoredTournament } from "../../src/table/store.js";
import { tableSettings } from "../../src/table/tournament/rounds.js";
import { tableRecord } from "../table/fixtures.js";

type Option = {
  name: string;
  type: number;
  description: string;
  description_localizations?: Record<string, string>;
  min_value?: number;
  max_value?: number;
  options?: Option[];
  choices?: { name: string; value: unknown; name_localizations?: Record<string, string> }[];
};
const sub = (name: string) => (commandData[0].options as Option[]).find((o) => o.name === name)!;
const option = (s: string, name: string) => sub(s).options!.find((o) => o.name === name);
const xxOf = (s: object) => (s as Record<string, unknown>).xx;
const row = { defaultRules: "classic", tableCap: null, locale: null, retentionDays: null, allowedChannels: "[]", leftAt: null };
const tournament = { secret: "s".repeat(64), botLevel: "hard", handsPerRound: 2 } as StoredTournament;

/** The catalogue areas a setting's words read (each read through a recording proxy of `messages`). */
function areasRead(words: ((m: never) => unknown)[]): string[] {
  const read = new Set<string>();
  const real = messages("en") as unknown as Record<string, unknown>;
  const m = new Proxy(real, { get: (t, area: string) => (read.add(area), t[area]) });
  for (const w of words) w(m as never);
  return [...read].sort();
}

/** The body of a Prisma schema's GuildSettings model. */
const guildModel = (schema: string) => schema.match(/model GuildSettings \{([\s\S]*?)\n\}/)?.[1] ?? "";

/** The server defaults a Prisma schema's GuildSettings model holds as columns of their own. */
const serverColumns = (schema: string, keys: string[]) => {
  const model = guildModel(schema);
  return keys.filter((k) => new RegExp(`^\\s*${k}\\s`, "m").test(model));
};

/**
 * The files a contributor writes for a new setting with a server default: its entry, its words
 * (each catalogue area it reads, in English and in French), its line in docs/players.md, the code
 * that obeys it (one module), and for each Prisma schema whose server row holds the server
 * defaults as columns, that schema and a migration.
 */
function filesFor(words: ((m: never) => unknown)[], schemas: Record<string, string>): string[] {
  const fr = readdirSync("src/i18n/fr").map((f) => `src/i18n/fr/${f}`);
  const frOf = (area: string) => fr.find((f) => new RegExp(`export const ${area}\\b`).test(readFileSync(f, "utf8")))!;
  const areas = areasRead(words);
  const keys = SERVER_SETTINGS.map((s) => s.key);
  return [
    ...new Set([
      "src/table/settings-table.ts",
      ...areas.map((a) => `src/i18n/messages/${a}.ts`),
      ...areas.map(frOf),
      "docs/players.md",
      "the code that obeys it",
      ...Object.entries(schemas).flatMap(([file, text]) => (serverColumns(text, keys).length ? [file, `${file}: a migration`] : [])),
    ]),
  ];
}

describe("a new table setting, added as one entry of the settings table", () => {
  it("is an option of /hearts new and /hearts rules, with its range and its words in every language", () => {
    for (const s of ["new", "rules"]) {
      const o = option(s, "xx");
      expect(o, s).toMatchObject({ type: 4, min_value: 0, max_value: 9, description: `⟦${messages("en").commands.hints}⟧` });
      expect(o!.description_localizations!.fr).toBe(`⟦${messages("fr").commands.hints}⟧`);
      // After the settings that were there: a new option never moves the others.
      expect(sub(s).options!.at(-1)!.name).toBe("xx");
    }
  });

  it("is a server default in /hearts settings, with its reset choice, read back from the server's row only when valid", () => {
    const o = option("settings", "xx");
    expect(o?.description).toBe(`⟦server ${messages("en").commands.hints}⟧`);
    const reset = option("settings", "reset")!.choices!.find((c) => c.value === "xx");
    expect(reset?.name_localizations?.fr).toBe(`⟦${messages("fr").commands.resetChoice({ what: "hints" })}⟧`);
    const g = guildSettingsRecord("1", { ...row, xx: 6 } as never);
    expect(xxOf(g)).toBe(6);
    expect(xxOf(serverDefaults(DEFAULT_SETTINGS, g))).toBe(6);
    // A value this version does not take (a newer one's) reads as unset: the bot's default.
    const newer = guildSettingsRecord("1", { ...row, xx: 99 } as never);
    expect(xxOf(newer)).toBeNull();
    expect(xxOf(serverDefaults(DEFAULT_SETTINGS, newer))).toBe(3);
  });

  it("is stored as a server's default in the server's row as it is, without a column of its own, and reset", () => {
    const columns = (f: string) =>
      guildModel(readFileSync(f, "utf8"))
        .match(/^[ \t]+(\w+)\s/gm)!
        .map((c) => c.trim());
    const write = guildSettingsColumns({ xx: 6, turnSeconds: 30, tableCap: 2 } as never);
    // What the store writes are columns both schemas already have; the setting rides in the JSON.
    for (const schema of ["prisma/schema.prisma", "prisma/postgres/schema.prisma"])
      expect(columns(schema)).toEqual(expect.arrayContaining([...Object.keys(write.columns), "tableDefaults"]));
    const stored = withDefaults("{}", write.defaults!);
    expect(xxOf(guildSettingsRecord("1", { ...row, tableDefaults: stored } as never))).toBe(6);
    const reset = withDefaults(stored, guildSettingsColumns({ xx: null } as never).defaults!);
    expect(guildSettingsRecord("1", { ...row, tableDefaults: reset } as never)).toMatchObject({ xx: null, turnSeconds: 30 });
  });

  it("takes at most 6 files with its sentences, its server default included", () => {
    const p = pseudo;
    const words = [
      p.option.describe,
      p.server.describe,
      p.server.reset,
      p.server.label,
      (m: never) => p.server.show(4, m),
      (m: never) => p.said(4, m),
    ];
    const schemas = Object.fromEntries(["prisma/schema.prisma", "prisma/postgres/schema.prisma"].map((f) => [f, readFileSync(f, "utf8")]));
    const files = filesFor(words as never, schemas);
    expect(files, files.join("\n")).toHaveLength(6);
    expect(files.length).toBeLessThanOrEqual(6);
    // A server default kept in a column of its own, as before: a schema and a migration each, 10 files.
    const asColumns = "model GuildSettings {\n  guildId String @id\n  turnSeconds Int?\n  hintsAllowed Boolean?\n}";
    const before = filesFor(words as never, Object.fromEntries(Object.keys(schemas).map((f) => [f, asColumns])));
    expect(before.length).toBe(10);
    expect(filesFor(words as never, { "prisma/schema.prisma": asColumns }).length).toBeGreaterThan(6);
  });

  it("has its default, which the operator's environment variable moves within its range", () => {
    expect(xxOf(DEFAULT_SETTINGS)).toBe(3);
    const moved = readConfig({ XX_SECONDS: "5" }, { requireToken: false });
    expect(moved.ok && xxOf(moved.config.defaults)).toBe(5);
    const bad = readConfig({ XX_SECONDS: "12" }, { requireToken: false });
    expect(!bad.ok && bad.problems).toEqual(['XX_SECONDS must be a whole number from 0 to 9 (it is "12").']);
  });

  it("is set by a host's change, and a value out of its range is refused with its sentence", () => {
    const r = applySettings(DEFAULT_SETTINGS, { xx: 4 } as never);
    expect(r.ok && xxOf(r.settings)).toBe(4);
    expect(applySettings(DEFAULT_SETTINGS, { xx: 12 } as never)).toEqual({ ok: false, error: { area: "refusals", key: "timerRange" } });
  });

  it("takes its own value at a tournament's round tables, and its default at a table stored before it existed", () => {
    expect(xxOf(tableSettings(tournament, { turnSeconds: 60, timeBankSeconds: 120 }))).toBe(7);
    const { xx: _, ...before } = DEFAULT_SETTINGS as TableSettings & { xx: number };
    expect(xxOf(readSettings(before))).toBe(3);
  });

  it("is said in the rules both front ends show, in the reader's language", () => {
    const record = tableRecord(null, { settings: { xx: 4 } as never });
    for (const locale of ["en", "fr"] as const) {
      const said = `⟦${messages(locale).settings.hints} 4⟧`;
      expect(rulesInfo(record, locale).lines.join(" ")).toContain(said);
      expect(JSON.stringify(rulesMessage(tableView(record, null), false, messages(locale)))).toContain(said);
    }
  });
});
