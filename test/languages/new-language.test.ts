/**
 * A new language is a catalogue and a line in src/i18n/languages.ts (issue 33 item 5). This test
 * adds one the same way, a pseudo-language whose catalogue wraps every English sentence in ⟦ ⟧ and
 * which Discord readers of Danish ("da") get, and checks that it comes out everywhere a person reads:
 * every sentence, the slash command's descriptions and choices (still valid for Discord), the
 * pictures' words and card faces, and the Activity's words. It fails if anything else names the
 * languages (a hard-coded list would leave the pseudo-language out), and if a language the bot
 * speaks takes more than 4 files (its catalogue's and languages.ts). It mocks src/i18n/languages.ts,
 * so it runs in the system project, whose files each get their own modules (the unit project shares
 * them between files: the mock would come too late there, and leak into the others).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";

const pseudo = vi.hoisted(() => {
  const wrap = (s: string) => `⟦${s}⟧`;
  return {
    wrap,
    catalogue: (english: Record<string, Record<string, unknown>>) =>
      Object.fromEntries(
        Object.entries(english).map(([area, table]) => [
          area,
          Object.fromEntries(
            Object.entries(table).map(([key, entry]) => [
              key,
              typeof entry === "function" ? (v: unknown) => wrap(String((entry as (v: unknown) => unknown)(v))) : wrap(String(entry)),
            ]),
          ),
        ]),
      ),
  };
});

vi.mock("../../src/i18n/languages.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/i18n/languages.js")>();
  const xx = { discord: ["da"], messages: pseudo.catalogue(real.LANGUAGES.en.messages as never) };
  return { ...real, LANGUAGES: { ...real.LANGUAGES, xx } };
});

import { commandData, entryPointCommand } from "../../commands/hearts.js";
import { rulesInfo } from "../../src/activity/rules.js";
import { handFor } from "../../src/activity/views.js";
import { apply, awaiting, createGame, presetRules, viewFor, type GameState, type Seat } from "../../src/game/index.js";
import { DEFAULT_LOCALE, LOCALES, catalogueTables, isLocale, localeOf, messages, type Locale } from "../../src/i18n/index.js";
import { renderHand, renderTable } from "../../src/render/index.js";
import { tableView } from "../../src/table/live.js";
import { firstLegalAction } from "../../src/table/players.js";
import { checkCommands } from "../fake-discord/limits.js";
import { checkBody, matchRoute } from "../fake-discord/spec.js";
import { tableRecord } from "../table/fixtures.js";
import { initialState, receive } from "../../web/state.js";

const XX = "xx" as Locale;
const ROOT = new URL("../..", import.meta.url).pathname;
/** The source files a language could be named in: the bot, the page, the command. */
const sources = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.startsWith("generated"))
    .map((f) => join(dir, f));
const sample = new Proxy({} as Record<string, unknown>, {
  get: (_t, k) =>
    typeof k === "string" && /count|n$|max|seconds|points|total|days|hands|score|cost|rank|day/i.test(k) ? 3 : `«${String(k)}»`,
});

describe("a new language, added as a catalogue and a line", () => {
  it("takes at most 4 files, as each language the bot speaks does: its catalogue in src/i18n/<code>/ and the files that import it", () => {
    const all = ["src", "web", "commands"].flatMap(sources);
    for (const code of LOCALES.filter((l) => l !== DEFAULT_LOCALE && l !== XX)) {
      const own = all.filter((f) => f.startsWith(`src/i18n/${code}/`));
      const importers = all.filter(
        (f) => !own.includes(f) && new RegExp(`from "[./]*(?:[^"]*/)?${code}/`).test(readFileSync(join(ROOT, f), "utf8")),
      );
      expect(importers, `${code}: only languages.ts imports a language`).toEqual(["src/i18n/languages.ts"]);
      expect([...own, ...importers].length, `${code}: ${[...own, ...importers].join(", ")}`).toBeLessThanOrEqual(4);
    }
  });

  it("is spoken: every sentence of every area comes from its catalogue, and Discord's code for it picks it", () => {
    expect(LOCALES).toContain(XX);
    expect(isLocale("xx")).toBe(true);
    expect(localeOf("da")).toBe(XX);
    let n = 0;
    for (const [area, byLocale] of Object.entries(catalogueTables())) {
      expect(Object.keys(byLocale[XX]).sort(), area).toEqual(Object.keys(byLocale.en).sort());
      for (const [key, entry] of Object.entries(byLocale[XX])) {
        const text = typeof entry === "function" ? String((entry as (v: unknown) => unknown)(sample)) : String(entry);
        expect(text, `${area}.${key}`).toMatch(/^⟦[\s\S]*⟧$/);
        n++;
      }
    }
    expect(n).toBeGreaterThan(400);
  });

  it("describes the slash command in it, every description and choice, within Discord's limits", () => {
    const all = [...commandData, entryPointCommand];
    let described = 0;
    let named = 0;
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== "object") return;
      const o = node as Record<string, unknown>;
      if (typeof o.description === "string") {
        expect((o.description_localizations as Record<string, string>)?.da, o.description).toBe(pseudo.wrap(o.description));
        described++;
      }
      if ("value" in o && typeof o.name === "string" && o.value !== XX) {
        // A language is named in itself ("English", "Français"): no translation. Every other choice has one.
        // (A level's name is capitalized from the lobby's word: "Easy", "⟦easy⟧".)
        if (!LOCALES.includes(o.value as Locale))
          expect((o.name_localizations as Record<string, string>)?.da?.toLowerCase(), o.name).toBe(pseudo.wrap(o.name).toLowerCase());
        named++;
      }
      for (const v of Object.values(o)) walk(v);
    };
    walk(all);
    expect(described).toBeGreaterThan(50);
    expect(named).toBeGreaterThan(30);
    // The settings' language choice offers it, named in itself.
    expect(JSON.stringify(commandData)).toContain(`{"name":"${pseudo.wrap("English")}","value":"xx"}`);
    // What Discord would say to npm run deploy-commands: the spec's schema and Discord's documented limits.
    const route = matchRoute("PUT", "/applications/1/commands");
    if (!("route" in route)) throw new Error("no route for the commands");
    expect(checkBody(route.route, all)).toEqual([]);
    expect(checkCommands(all)).toEqual([]);
  });

  it("puts its words on the pictures and its ranks on the card faces", () => {
    let state: GameState = createGame(presetRules("classic")!, 5);
    while (state.phase !== "playing" || state.trick.length < 2) {
      const r = apply(state, firstLegalAction(viewFor(state, awaiting(state)[0] as Seat)));
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
    }
    const players = [0, 1, 2, 3].map((i) => ({ name: `P${i}`, isBot: false }));
    const view = { ...viewFor(state, 0 as Seat), hand: [] };
    const table = (locale: Locale) => renderTable({ players, view: view as never, locale });
    expect(table(XX).equals(table("en"))).toBe(false);
    const hand = (locale: Locale) => renderHand({ cards: [26 + 10], legal: [], selected: [] }, { locale });
    expect(hand(XX).equals(hand("en"))).toBe(false);
  });

  it("speaks it in the Activity: the rules panel and the hand's lines, and the page picks its words by the same list", async () => {
    let state: GameState = createGame(presetRules("classic")!, 5);
    while (state.phase !== "playing" || state.trick.length < 1) {
      const r = apply(state, firstLegalAction(viewFor(state, awaiting(state)[0] as Seat)));
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
    }
    const record = tableRecord(state, { settings: { playedCards: true, locale: XX } });
    const info = rulesInfo(record, XX);
    for (const line of [info.title, info.about, ...info.lines]) expect(line).toMatch(/^⟦/);
    const seat = record.seats.find((s) => s.seat === 0)!;
    expect(handFor(tableView(record, state), seat.userId!, XX)?.stillOut).toMatch(/^⟦/);
    // The page's words: its state (web/state.ts) takes them from the catalogue of the locale its welcome names.
    const page = receive(initialState(null), { t: "welcome", session: "s", locale: XX, resumed: true, you: { id: "1" } } as never);
    expect(page.state.t.yourTurn).toBe(pseudo.wrap(messages("en").activity.yourTurn));
    expect(page.state.line?.text).toBe(pseudo.wrap(messages("en").activity.reconnected));
  });
});
