import { describe, expect, it } from "vitest";
import { ComponentType } from "discord.js";
import {
  addCard,
  apply,
  awaiting,
  cardCode,
  cardsOf,
  createGame,
  removeCard,
  presetRules,
  viewFor,
  type GameState,
  type Seat,
} from "../../src/game/index.js";
import { DEFAULT_SETTINGS } from "../../src/config.js";
import { silentLogger } from "../../src/log.js";
import { Images } from "../../src/render/runtime/images.js";
import { decodeId } from "../../src/discord/interactions/ids.js";
import type { OutMessage } from "../../src/discord/interactions/message.js";
import { firstLegalAction } from "../../src/table/players.js";
import { handMenu } from "../../src/discord/views/hand-menu.js";
import { rulesMessage } from "../../src/discord/views/rules.js";
import { scoresMessage } from "../../src/discord/views/scores.js";
import { tableMessage } from "../../src/discord/views/table.js";
import { tableView } from "../../src/table/live.js";
import { tableRecord } from "../table/fixtures.js";

const images = new Images(null, silentLogger());

const record = (state: GameState | null) => tableRecord(state, { people: 2 });

/**
 * Discord's limits: 5 rows, 5 buttons or 1 select per row, custom_id ≤ 100 and unique, labels ≤ 80,
 * 25 options, descriptions ≤ 4096. Each limit a message breaks, in words (one expect per message:
 * vitest's expect per component cost more than building the menus).
 */
function limitsBroken(msg: OutMessage): string[] {
  const broken: string[] = [];
  const rows = msg.components ?? [];
  if (rows.length > 5) broken.push(`${rows.length} rows`);
  const ids = new Set<string>();
  rows.forEach((row, r) => {
    if (row.components.length === 0) broken.push(`row ${r} is empty`);
    if (row.components.length > 5) broken.push(`row ${r} has ${row.components.length} components`);
    for (const c of row.components) {
      if (c.type === ComponentType.StringSelect) {
        if (row.components.length !== 1) broken.push(`row ${r}: a select beside ${row.components.length - 1} other components`);
        if (c.options.length > 25) broken.push(`row ${r}: a select of ${c.options.length} options`);
      }
      if ("custom_id" in c) {
        if (c.custom_id.length > 100) broken.push(`custom_id of ${c.custom_id.length} characters: ${c.custom_id}`);
        if (ids.has(c.custom_id)) broken.push(`custom_id twice: ${c.custom_id}`);
        ids.add(c.custom_id);
      }
      if ("label" in c && c.label && c.label.length > 80) broken.push(`label of ${c.label.length} characters: ${c.label}`);
    }
  });
  for (const e of msg.embeds ?? []) {
    const length = (e.description ?? "").length;
    if (length > 4096) broken.push(`description of ${length} characters`);
  }
  return broken;
}

function checkLimits(msg: OutMessage): void {
  expect(limitsBroken(msg), "Discord's limits").toEqual([]);
}

function menuCards(msg: OutMessage): string[] {
  const out: string[] = [];
  for (const row of msg.components ?? []) {
    for (const c of row.components) {
      if (c.type === ComponentType.StringSelect) out.push(...c.options.map((o) => o.value));
      if ("custom_id" in c) {
        const id = decodeId(c.custom_id);
        if (id?.verb === "play") out.push(cardCode(id.card));
        if (id?.verb === "pass") out.push(...id.cards.map(cardCode));
      }
    }
  }
  return out;
}

describe("views", () => {
  it("every menu of many games stays within Discord's limits and shows only its seat's cards", () => {
    for (let seed = 1; seed <= 12; seed++) {
      let state = createGame(presetRules(seed % 2 ? "classic" : "black-maria")!, seed);
      for (let step = 0; step < 400 && state.phase !== "game-over"; step++) {
        if (step % 7 === 0) {
          const table = tableView(record(state), state);
          checkLimits(tableMessage(table, images));
          for (let seat = 0; seat < 4; seat++) {
            const view = viewFor(state, seat as Seat);
            const menu = handMenu(table, view, images, { selected: view.phase === "passing" && !view.passed ? view.hand.slice(0, 3) : [] });
            checkLimits(menu);
            const mine = new Set(view.hand.map(cardCode));
            // One expect per menu, not per card (see limitsBroken).
            expect(
              menuCards(menu).filter((code) => !mine.has(code)),
              `seat ${seat} menu shows cards not in its hand`,
            ).toEqual([]);
            // Only the seat to play has enabled card buttons.
            const enabled = (menu.components ?? [])
              .flatMap((r) => r.components)
              .filter((c) => "custom_id" in c && decodeId(c.custom_id)?.verb === "play" && !("disabled" in c && c.disabled));
            if (view.phase === "playing" && view.turn !== seat) expect(enabled).toHaveLength(0);
            if (view.phase === "playing" && view.turn === seat) expect(enabled.length).toBe(view.legal.length);
          }
        }
        const seat = awaiting(state)[0] as Seat;
        const r = apply(state, firstLegalAction(viewFor(state, seat)));
        if (!r.ok) throw new Error(r.reason);
        state = r.state;
      }
    }
  });

  it("a 13-card hand of one long suit and others still fits in five rows", () => {
    const state = createGame(presetRules("classic")!, 3);
    // Give seat 0 eight spades, three hearts, one club, one diamond.
    const cards = [26, 27, 28, 29, 30, 31, 32, 33, 39, 40, 41, 0, 13];
    state.hands[0] = [0, 0, 0, 0];
    for (const c of cards) state.hands[0][Math.floor(c / 13)] |= 1 << (c % 13);
    state.phase = "playing";
    state.turn = 0;
    const view = viewFor(state, 0);
    expect(cardsOf(state.hands[0])).toHaveLength(13);
    const menu = handMenu(tableView(record(state), state), view, images);
    checkLimits(menu);
    expect(menuCards(menu)).toHaveLength(13);
  });

  it("the public table, rules and scores messages do not depend on any hidden card (swap two players' cards: same messages)", () => {
    // Non-interference rather than a search for card names: the rules text may well say "Q♠".
    let state = createGame(presetRules("classic")!, 9);
    let checked = 0;
    for (let step = 0; state.phase !== "game-over" && step < 60; step++) {
      if (step % 5 === 0) {
        const swapped = structuredClone(state);
        // Any card of seat 1 for any card of seat 2 of the same suit count change: hidden only.
        const a = cardsOf(swapped.hands[1]).find((c) => c !== 0);
        const b = cardsOf(swapped.hands[2]).find((c) => c !== 0);
        if (a === undefined || b === undefined) continue;
        removeCard(swapped.hands[1], a);
        removeCard(swapped.hands[2], b);
        addCard(swapped.hands[1], b);
        addCard(swapped.hands[2], a);
        const shown = (s: GameState) => {
          const table = tableView(record(s), s);
          return JSON.stringify([tableMessage(table, images), rulesMessage(table, true), scoresMessage(table)]);
        };
        expect(shown(swapped)).toBe(shown(state));
        checked++;
      }
      const seat = awaiting(state)[0] as Seat;
      const r = apply(state, firstLegalAction(viewFor(state, seat)));
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  it("the check above would see a leak: a message that shows a hand differs after the swap", () => {
    const state = createGame(presetRules("classic")!, 9);
    const swapped = structuredClone(state);
    const a = cardsOf(swapped.hands[1])[1];
    const b = cardsOf(swapped.hands[2])[1];
    removeCard(swapped.hands[1], a);
    removeCard(swapped.hands[2], b);
    addCard(swapped.hands[1], b);
    addCard(swapped.hands[2], a);
    const menu = (s: GameState) => JSON.stringify(handMenu(tableView(record(s), s), viewFor(s, 1), images));
    expect(menu(swapped)).not.toBe(menu(state));
  });
});

describe("a table closed before its game ended", () => {
  const text = (m: OutMessage) => (m.embeds ?? []).map((e) => e.description ?? "").join("\n");
  it("its menu offers nothing to pass or play, shows no cards and says it is closed (once, after a refusal)", () => {
    const state = createGame(presetRules("classic")!, 9);
    const passing = handMenu(tableView(record(state), state), viewFor(state, 1), images);
    expect(menuCards(passing).length + (passing.components?.length ?? 0)).toBeGreaterThan(0);
    for (const status of ["abandoned", "broken"] as const) {
      const closed = handMenu(tableView({ ...record(state), status }, state), viewFor(state, 1), images);
      expect(closed.components).toEqual([]);
      expect(closed.files ?? []).toEqual([]);
      expect(text(closed)).toBe(status === "broken" ? "This game could not continue." : "This table is closed.");
      // A refusal says why first, once.
      const refused = handMenu(tableView({ ...record(state), status }, state), viewFor(state, 1), images, { notice: "⚠️ Closed." });
      expect(text(refused)).toBe("⚠️ Closed.");
    }
  });
});

describe("the turn timer, in one wording", () => {
  it("the table, the rules and the menu say the same about per-card time and the bank, and the countdown adds up", () => {
    const state = createGame(presetRules("classic")!, 3);
    const rec = {
      ...record(state),
      status: "passing" as const,
      settings: { ...DEFAULT_SETTINGS, turnSeconds: 30, timeBankSeconds: 30 },
      timeBank: [30, 12, 30, 30],
    };
    const table = tableView(rec, state);
    const text = (m: OutMessage) => [m.content ?? "", ...(m.embeds ?? []).map((e) => e.description ?? "")].join("\n");
    expect(text(tableMessage(table, images))).toContain("30 s per card (45 s to pass) + 30 s time bank");
    expect(text(rulesMessage(table, false))).toContain("30 s per card (45 s to pass) + 30 s time bank");
    const now = 1_700_000_000_000;
    // Seat 1 has 12 s of bank left: 45 s to pass + 12 s = the countdown's 57 s.
    const menu = text(handMenu(table, viewFor(state, 1 as Seat), images, { deadline: now + 57_000 }));
    expect(menu).toContain(`⏱ 45 s to pass + 12 s time bank: your time runs out <t:${Math.ceil((now + 57_000) / 1000)}:R>`);
    let s = state;
    while (s.phase === "passing") s = (apply(s, firstLegalAction(viewFor(s, awaiting(s)[0] as Seat))) as { state: GameState }).state;
    const playing = tableView({ ...rec, status: "playing" as const }, s);
    expect(text(handMenu(playing, viewFor(s, s.turn as Seat), images, { deadline: now + 60_000 }))).toContain(
      `⏱ 30 s per card + ${rec.timeBank[s.turn]} s time bank: your time runs out`,
    );
    // No timer: nothing about time anywhere.
    const untimed = tableView({ ...rec, settings: { ...rec.settings, turnSeconds: 0 } }, state);
    expect(text(tableMessage(untimed, images))).toContain("no turn timer");
    expect(text(handMenu(untimed, viewFor(state, 1 as Seat), images, { deadline: null }))).not.toContain("⏱");
  });
});

describe("the private end-of-hand summary (issue 15)", () => {
  const text = (m: OutMessage) => (m.embeds ?? []).map((e) => e.description ?? "").join("\n");
  const step = (s: GameState) => (apply(s, firstLegalAction(viewFor(s, awaiting(s)[0] as Seat))) as { state: GameState }).state;

  it("shows each player their points, moon and new total, and the next pass, above the next hand's cards until its first trick is done", () => {
    let s = createGame(presetRules("classic")!, 5);
    while (s.handIndex === 0) s = step(s);
    const table = tableView({ ...record(s), status: "passing" as const }, s);
    const last = s.history[0];
    for (const seat of [0, 1] as Seat[]) {
      const menu = text(handMenu(table, viewFor(s, seat), images));
      const change = last.change[seat];
      expect(menu).toContain(`📋 **Hand 1:** you took ${last.handPoints[seat]} point`);
      expect(menu).toContain(`(${change > 0 ? "+" : ""}${change}) · your total: **${last.totals[seat]}**`);
      // Hand 2 of classic passes to the right.
      expect(menu).toMatch(/Next: pass 3 cards to the right \(to P\d( 🤖)?\)\./);
      // Before the new hand's cards.
      expect(menu.indexOf("📋")).toBeLessThan(menu.indexOf("**Pass 3 cards"));
      if (last.moon) expect(menu).toContain("shot the moon");
    }
    const fr = text(handMenu(table, viewFor(s, 0), images, { locale: "fr" }));
    expect(fr).toContain("📋 **Donne 1 :** vous avez pris");
    expect(fr).toContain("Ensuite : passez 3 cartes à droite");

    // Once the new hand's first trick is complete, the summary gives way.
    while (s.tricks.length === 0) s = step(s);
    const later = tableView({ ...record(s), status: "playing" as const }, s);
    expect(text(handMenu(later, viewFor(s, 0), images))).not.toContain("📋");
  });
});

describe("a finished game's table message", () => {
  const verbs = (m: OutMessage) =>
    (m.components ?? []).flatMap((r) => r.components.flatMap((c) => ("custom_id" in c ? [decodeId(c.custom_id)?.verb] : [])));
  it("offers Rematch, except at a tournament's table (the tournament seats its next round)", () => {
    const state = createGame(presetRules("classic")!, 9);
    const done = { ...record(state), status: "finished" as const };
    expect(verbs(tableMessage(tableView(done, state), images))).toEqual(["rematch", "scores"]);
    const round = { ...done, settings: { ...done.settings, handLimit: 4 } };
    expect(verbs(tableMessage(tableView(round, state), images))).toEqual(["scores"]);
  });
});
