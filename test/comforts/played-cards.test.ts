/** The played-cards aid: what the list holds, how it reads, where it shows (the chat menu and the Activity alike), and old rows' default. */
import { describe, expect, it } from "vitest";
import { commandData } from "../../commands/hearts.js";
import { DEFAULT_SETTINGS } from "../../src/config.js";
import { Images } from "../../src/render/runtime/images.js";
import { stillOutList } from "../../src/table/played-cards.js";
import { handFor } from "../../src/activity/views.js";
import { handMenu } from "../../src/discord/views/hand-menu.js";
import { rulesMessage } from "../../src/discord/views/rules.js";
import {
  apply,
  awaiting,
  cardsOf,
  cardsStillOut,
  createGame,
  presetRules,
  viewFor,
  type GameState,
  type Seat,
} from "../../src/game/index.js";
import { messages } from "../../src/i18n/index.js";
import { silentLogger } from "../../src/log.js";
import { readSettings, type StoredSettings } from "../../src/store/records.js";
import type { TableSettings } from "../../src/table/records.js";
import { applySettings } from "../../src/table/options.js";
import { firstLegalAction } from "../../src/table/players.js";
import { tableRecord } from "../table/fixtures.js";
import { tableView } from "../../src/table/live.js";

const images = new Images(null, silentLogger());

const record = (state: GameState, settings: Partial<TableSettings> = {}) => tableRecord(state, { settings });

const step = (state: GameState): GameState => {
  const r = apply(state, firstLegalAction(viewFor(state, awaiting(state)[0] as Seat)));
  if (!r.ok) throw new Error(r.reason);
  return r.state;
};

const descOf = (msg: ReturnType<typeof handMenu>) => msg.embeds?.[0]?.description ?? "";

describe("played cards", () => {
  it("are exactly the other seats' cards, at every point of several games (from the seat's view alone)", () => {
    for (let seed = 1; seed <= 4; seed++) {
      let state = createGame(presetRules("classic")!, seed);
      for (let n = 0; n < 300 && state.phase !== "game-over"; n++) {
        if (state.phase === "playing") {
          for (const seat of [0, 1, 2, 3] as Seat[]) {
            const others = [0, 1, 2, 3].filter((s) => s !== seat).flatMap((s) => cardsOf(state.hands[s]));
            expect(cardsStillOut(viewFor(state, seat))).toEqual(others.sort((a, b) => a - b));
          }
        }
        state = step(state);
      }
    }
  });

  it("read per suit, highest first, with a dash for a suit that is out", () => {
    // ♣ 2..A held by me; ♦ all out; ♠ only Q and 3 out; ♥ none out.
    const hand = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    const played = [26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 37, 38, ...Array.from({ length: 13 }, (_, i) => 39 + i)];
    const trick = played.splice(played.indexOf(26), 1);
    const view = {
      hand,
      trick: [...trick, ...played.splice(0, 2)],
      tricks: [{ leader: 0 as Seat, cards: played, winner: 0 as Seat, points: 0 }],
    };
    expect(stillOutList(view as never, messages("en"))).toBe("♣ — · ♦ A K Q J 10 9 8 7 6 5 4 3 2 · ♠ Q · ♥ —");
    // French cards read R, D, V for the king, queen and jack.
    expect(stillOutList(view as never, messages("fr"))).toBe("♣ — · ♦ A R D V 10 9 8 7 6 5 4 3 2 · ♠ D · ♥ —");
  });

  it("show in the menu during play when the table has them on, in the reader's language", () => {
    let state = createGame(presetRules("classic")!, 7);
    while (state.phase !== "playing" || state.trick.length < 2) state = step(state);
    const view = viewFor(state, 0);
    const table = tableView(record(state, { playedCards: true }), state);
    const on = descOf(handMenu(table, view, images));
    expect(on).toMatch(/Still out: ♣ .* · ♦ .* · ♠ .* · ♥ /);
    // The menu's line is the list, whole, on a line of its own; the Activity's page says the same line.
    const line = `Still out: ${stillOutList(view, messages("en"))}`;
    expect(on.split("\n")).toContain(line);
    expect(handFor(table, "u0", "en")!.stillOut).toBe(line);
    expect(handFor(tableView(record(state, { playedCards: false }), state), "u0", "en")!.stillOut).toBeNull();
    expect(descOf(handMenu(tableView(record(state, { playedCards: true }), state), view, images, { locale: "fr" }))).toContain(
      "Encore en jeu : ♣",
    );
    expect(descOf(handMenu(tableView(record(state, { playedCards: false }), state), view, images))).not.toContain("Still out");
    expect(rulesMessage(tableView(record(state, { playedCards: true }), state), false).embeds?.[0]?.description).toContain(
      "Played cards: each player's hand lists the cards still out.",
    );
  });

  it("default off at a rated table, on at an unrated one, for rows written before the option", () => {
    const { playedCards: _, ...old } = DEFAULT_SETTINGS;
    expect(readSettings(old as StoredSettings).playedCards).toBe(false);
    expect(readSettings({ ...old, rated: false } as StoredSettings).playedCards).toBe(true);
    expect(readSettings({ ...old, playedCards: true }).playedCards).toBe(true);
    const r = applySettings({ ...DEFAULT_SETTINGS }, { playedCards: true });
    expect(r.ok && r.settings.playedCards).toBe(true);
  });

  it("is an option of /hearts new and /hearts rules, within Discord's 25 options", () => {
    const subs = (commandData[0].options ?? []) as { name: string; options?: { name: string }[] }[];
    for (const name of ["new", "rules"]) {
      const opts = subs.find((s) => s.name === name)!.options!;
      expect(opts.map((o) => o.name)).toContain("played");
      expect(opts.length).toBeLessThanOrEqual(25);
    }
  });
});
