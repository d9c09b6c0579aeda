/**
 * A click answers from its outcome (issue 26 §2): a card played from the private menu finds its
 * table once (the router's lookup; the service acts on the view it found) and works out the
 * person's seat view once (the service's outcome, which the answer draws), through the real bot
 * and the fake Discord.
 *
 * Counted: every lookup of a table, in memory or in the store (all go through TableRegistry; a
 * call made inside another counted call is not counted again), and every seat view of the clicking
 * person's seat (src/game/view.ts's viewFor, wrapped to count and otherwise unchanged).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Seat } from "../../src/game/index.js";
import * as gameView from "../../src/game/view.js";
import { decodeId } from "../../src/discord/interactions/ids.js";
import { stateBehind } from "../../src/table/live.js";
import type { BotPlayer } from "../../src/table/players.js";
import { TableRegistry } from "../../src/table/registry.js";
import { Player, byVerb, fastBots, findButton, quiet, startHarness, tableIdOf, tableMessage, type Harness } from "./harness.js";

vi.mock("../../src/game/view.js", async (original) => {
  const actual = await original<typeof import("../../src/game/view.js")>();
  return { ...actual, viewFor: vi.fn(actual.viewFor) };
});

/** Computer players that wait while the gate is shut, so nothing moves on after the person's click. */
const gate = { open: true, waiting: [] as (() => void)[] };
const gatedBots: BotPlayer = {
  async decide(view, level) {
    while (!gate.open) await new Promise<void>((r) => gate.waiting.push(r));
    return fastBots.decide(view, level);
  },
};

/** Counts table lookups: each outermost call of the registry's finders and the store's table reads. */
let lookups = 0;
let depth = 0;
function counted<T extends object>(target: T, names: (keyof T & string)[]): void {
  for (const name of names) {
    const original = target[name] as unknown as (...args: unknown[]) => unknown;
    (target as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      if (depth === 0) lookups++;
      depth++;
      try {
        return original.apply(this, args);
      } finally {
        depth--;
      }
    };
  }
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ bots: gatedBots });
  counted(TableRegistry.prototype, ["load", "get", "in"]);
  counted(h.store, ["getTable", "findOpenTable", "loadActions"]);
});
afterAll(async () => {
  gate.open = true;
  for (const go of gate.waiting.splice(0)) go();
  await h?.close();
});

describe("a card click", () => {
  it("looks its table up once and works out the person's seat view once", async () => {
    const ann = new Player(h, h.fake.users[0]);
    await ann.answer(ann.slash("new", { target: 30, level: "easy" }));
    const table = tableMessage(h.fake);
    const tableId = tableIdOf(table);
    const started = await ann.answer(ann.click(table.id, findButton(table, byVerb("start")).custom_id));
    ann.menuId = started.id;
    // The test reads the table through a view it holds (current() looks nothing up).
    const held = h.bot.service.system.openTable(tableId)!;
    const live = () => stateBehind(h.bot.service.current(held))!;
    const seat = held.record.seats.find((s) => s.userId === ann.user.id)!.seat as Seat;

    // Play on until it is Ann's card to play in a trick she does not complete (her menu then
    // waits for no one else's: the next seat is a computer player's), her menu showing it.
    const playable = () => {
      const state = live();
      if (state.phase !== "playing" || state.turn !== seat || state.trick.length > 2) return null;
      const card = findButton(ann.menu(), (c) => decodeId(c.custom_id ?? "")?.verb === "play" && !c.disabled);
      const id = card && decodeId(card.custom_id);
      return id?.verb === "play" && id.version === state.actionCount ? card : null;
    };
    const until = Date.now() + 20_000;
    while (!playable()) {
      if (Date.now() > until) throw new Error("Ann never had a card to lead or follow with");
      const state = live();
      const mine = state.phase === "passing" ? state.passes[seat] === null : state.turn === seat;
      if (!mine || !(await ann.act())) await new Promise((r) => setTimeout(r, 15));
    }
    gate.open = false;
    await quiet(h, 300);
    const card = playable()!;
    const views = vi.mocked(gameView.viewFor);
    views.mockClear();
    lookups = 0;

    const before = live().actionCount;
    const answer = await ann.answer(ann.click(ann.menuId!, card.custom_id));
    expect(answer.content + JSON.stringify(answer.embeds)).toMatch(/You played/);
    expect(live().actionCount).toBe(before + 1);
    // What the change sets going (the table message, the thread) happens too before counting.
    await quiet(h, 300);
    expect(lookups).toBe(1);
    expect(views.mock.calls.filter(([, s]) => s === seat)).toHaveLength(1);
  });
});
