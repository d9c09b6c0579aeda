/**
 * The seed programs' comforts as a person meets them, through the real bot and the fake Discord:
 * one person with computer players sees the cards still out in their menu, takes a card back with
 * Undo (once per trick), and the finished game is not rated.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardLabel, replay, viewFor } from "../../src/game/index.js";
import { undoTarget } from "../../src/table/undo.js";
import { DECK_SAMPLE } from "../../src/discord/views/deck.js";
import { renderHand } from "../../src/render/index.js";
import {
  Player,
  answeredPrivately,
  byVerb,
  findButton,
  gamePosts,
  playUntil,
  quiet,
  startHarness,
  tableIdOf,
  tableMessage,
  textOf,
  type Harness,
} from "./harness.js";

let h: Harness;
let ann: Player;
beforeAll(async () => {
  h = await startHarness();
  ann = new Player(h, h.fake.users[0]);
});
afterAll(async () => {
  await h?.close();
});

const undoButton = () => findButton(ann.menu(), byVerb("undo"));

describe("comforts at a table of one person and computer players", () => {
  it("played cards in the menu, Undo of a card (the computer players' replies too), and the game is not rated", async () => {
    await ann.answer(ann.slash("new", { target: 26, played: true }));
    const table = tableMessage(h.fake);
    const tableId = tableIdOf(table);
    const started = await ann.answer(ann.click(table.id, findButton(table, byVerb("start")).custom_id));
    ann.menuId = started.id;
    // Before any card of hers: no Undo. Once she has played one, her menu offers it.
    expect(undoButton()).toBeNull();
    await playUntil(h, [ann], () => !!undoButton(), 10_000);
    await quiet(h, 150);
    const menu = ann.menu()!;
    // The cards still out, per suit, during play.
    expect(textOf(menu)).toMatch(/Still out: ♣ [^·]+ · ♦ [^·]+ · ♠ [^·]+ · ♥ /);
    const before = (await h.store.getTable(tableId))!.actionCount;
    const label: string = undoButton().label;
    expect(label).toMatch(/^Undo (10|[2-9JQKA])[♣♦♠♥]$/);
    const card = label.replace(/^Undo /, "");
    // Where the game stood (the bot's own record, replayed): was her card's trick complete?
    const rec = (await h.store.getTable(tableId))!;
    const log = await h.store.loadActions(tableId);
    const was = replay(
      rec.rules,
      rec.deal,
      log.map((a) => a.action),
    );
    if (!was.ok) throw new Error(was.reason);
    const target = undoTarget(viewFor(was.state, 0))!;
    expect(cardLabel(target.card)).toBe(card);

    const undone = await ann.answer(ann.click(menu.id, undoButton().custom_id));
    expect(textOf(undone)).toContain(`You took back ${card}`);
    expect(textOf(undone)).toContain("does not count for the standings");
    // Her turn again, the card back in her hand (a button), and no second Undo in this trick.
    expect(textOf(undone)).toContain("Your turn");
    expect(findButton(undone, (c) => c.label === card && !c.disabled)).not.toBeNull();
    expect(findButton(undone, byVerb("undo"))).toBeNull();
    const after = (await h.store.getTable(tableId))!;
    expect(after.actionCount).toBeLessThan(before);
    expect(after.undos).toBe(1);
    expect((await h.store.loadActions(tableId)).length).toBe(after.actionCount);
    // A completed trick was posted: the thread says, once and pinging nobody, that it is played
    // again, and the replayed trick's post follows. A trick in progress was never posted: nothing.
    await playUntil(
      h,
      [ann],
      () =>
        gamePosts(h.fake).filter((m) => new RegExp(`^Trick ${target.trick + 1}:`, "m").test(m.content)).length >=
        (target.completed ? 2 : 1),
      // Nothing new for 30 s is a stall: under a load average of 6-11 (the suite under nice beside
      // two CPU-bound jobs) the thread's posts lagged past 10 s after the game's end.
      30_000,
    );
    await quiet(h, 150);
    // Every line of the thread in order (when posting lags, a post may carry several lines).
    const lines = gamePosts(h.fake).flatMap((m) => m.content.split("\n").map((line) => ({ m, line })));
    const notes = lines.filter((l) => l.line.includes("took back a card"));
    if (target.completed) {
      expect(notes.map((l) => l.line)).toEqual([
        `↩️ ${h.fake.users[0].globalName} took back a card: trick ${target.trick + 1} is played again, and its next post is the one that counts.`,
      ]);
      expect(notes[0].m.pings).toEqual([]);
      const replayed = lines.findLastIndex((l) => l.line.startsWith(`Trick ${target.trick + 1}:`));
      expect(replayed).toBeGreaterThan(lines.indexOf(notes[0]));
    } else expect(notes).toEqual([]);

    // The game goes on to its end; it does not count for the standings.
    await playUntil(h, [ann], () => gamePosts(h.fake).some((m) => m.content.includes("Game over")), 30_000);
    await quiet(h);
    const games = await h.store.listFinishedGames(h.fake.guildId);
    expect(games.map((g) => g.rated)).toEqual([false]);
    expect(h.fake.violations).toEqual([]);
  }, 60_000);

  it("a player's deck style: /hearts deck shows and remembers it, and their hand picture uses it at the next table", async () => {
    const asked = ann.slash("deck", { colours: "four", index: "large" });
    const said = await ann.answer(asked);
    expect(answeredPrivately(h, asked)).toBe(true);
    expect(textOf(said)).toContain("Four colours (♣ green, ♦ blue) · Large corner indexes");
    const style = { fourColour: true, largeIndex: true };
    expect(said.attachments.map((a) => [a.filename, a.size])).toEqual([
      ["deck.png", renderHand({ cards: DECK_SAMPLE, legal: [] }, style).length],
    ]);
    expect(await h.store.getPlayerPrefs(ann.user.id)).toMatchObject(style);
    // Asked again without options: what she chose, remembered.
    expect(textOf(await ann.answer(ann.slash("deck")))).toContain("Four colours (♣ green, ♦ blue) · Large corner indexes");
    // In her language.
    ann.user.locale = "fr";
    expect(textOf(await ann.answer(ann.slash("deck")))).toContain("Quatre couleurs (♣ vert, ♦ bleu) · Grands index dans les coins");
    ann.user.locale = "en-US";
    // A new table: her menu's picture is her hand in her style (the same bytes as drawn here), not the table's deck.
    await ann.answer(ann.slash("new", { target: 26 }));
    const table = tableMessage(h.fake);
    const tableId = tableIdOf(table);
    const menu = await ann.answer(ann.click(table.id, findButton(table, byVerb("start")).custom_id));
    const rec = (await h.store.getTable(tableId))!;
    const start = replay(rec.rules, rec.deal, []);
    if (!start.ok) throw new Error(start.reason);
    const hand = viewFor(start.state, 0).hand;
    const mine = renderHand({ cards: hand, legal: [] }, style).length;
    expect(mine).not.toBe(renderHand({ cards: hand, legal: [] }).length);
    expect(mine).toBeLessThan(200_000);
    expect(menu.attachments.map((a) => [a.filename, a.size])).toEqual([["hand.png", mine]]);
  }, 30_000);
});
