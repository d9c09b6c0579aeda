/**
 * Refusals through the fake Discord: forged, foreign, illegal, out-of-turn, stale and double clicks,
 * and bad options. Each gets a clear private sentence, nothing is applied twice, nobody else's
 * menu changes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeId, encodeId } from "../../src/discord/interactions/ids.js";
import type { InteractionHandle } from "../fake-discord/server.js";
import {
  Player,
  answeredPrivately,
  byVerb,
  components,
  findButton,
  playUntil,
  saidTo,
  startHarness,
  tableIdOf,
  tableMessage,
  textOf,
  type Harness,
} from "./harness.js";

let h: Harness;
let ann: Player;
let bob: Player;
let carl: Player;
let tableId: string;
let bobStarts: InteractionHandle;

beforeAll(async () => {
  h = await startHarness({ renderer: null });
  [ann, bob, carl] = [0, 1, 2].map((i) => new Player(h, h.fake.users[i]));
  await ann.answer(ann.slash("new", { target: 40 }));
  const table = tableMessage(h.fake);
  tableId = tableIdOf(table);
  await bob.answer(bob.click(table.id, findButton(table, byVerb("join")).custom_id));
  bobStarts = bob.click(table.id, findButton(table, byVerb("start")).custom_id);
  await bobStarts.ack;
  ann.menuId = (await ann.answer(ann.click(table.id, findButton(table, byVerb("start")).custom_id))).id;
  await bob.openHand();
});
afterAll(async () => {
  await h?.close();
});

/**
 * Discord never delivers a click on a disabled button; a modified client can still send any
 * custom_id. The same id written differently (a leading zero in the version) is such a forgery.
 */
const forge = (customId: string) => customId.replace(/^(h1:play:[^:]+:)/, "$10");

const seatActions = async (seat: number) => (await h.store.loadActions(tableId)).filter((a) => a.seat === seat);

describe("refusals", () => {
  it("only the host starts the game", async () => {
    await h.fake.waitFor(() => saidTo(h, bobStarts), 3000, "an answer");
    expect(saidTo(h, bobStarts)).toContain("Only the host (Ana) can start the game.");
    expect(answeredPrivately(h, bobStarts)).toBe(true);
  });

  it("a forged button and bad options get a sentence, privately", async () => {
    const forged = carl.click(tableMessage(h.fake).id, "h1:play:not-a-table");
    await forged.ack;
    expect(saidTo(h, forged)).toContain("not one I recognise");
    expect(answeredPrivately(h, forged)).toBe(true);

    const gone = carl.click(tableMessage(h.fake).id, encodeId({ verb: "join", tableId: `${h.fake.channelId}-0123456789abcdef` }));
    await gone.ack;
    await h.fake.waitFor(() => saidTo(h, gone), 3000, "an answer");
    expect(saidTo(h, gone)).toContain("no longer exists");

    const bad = carl.slash("new", { rules: "omnibus,target=abc" });
    await bad.ack;
    await h.fake.waitFor(() => saidTo(h, bad), 3000, "an answer");
    expect(saidTo(h, bad)).toMatch(/rules don't work: target must be a whole number/);
    expect(answeredPrivately(h, bad)).toBe(true);

    const second = carl.slash("new", {});
    await h.fake.waitFor(() => saidTo(h, second), 3000, "an answer");
    expect(saidTo(h, second)).toContain("already a table here");
  });

  it("a button of this table pressed in another channel is refused", async () => {
    // Carl opens his own table elsewhere, then sends this table's Join from there (a forged click).
    const elsewhere = h.fake.addChannel("elsewhere");
    const opened = carl.slash("new", {}, elsewhere);
    await h.fake.waitFor(() => saidTo(h, opened).includes("Your table is open"), 3000, "Carl's table");
    const carlTable = await h.fake.waitFor(
      () => h.fake.channelMessages(elsewhere).find((m) => m.embeds?.[0]?.title === "♥ Hearts"),
      3000,
      "Carl's table message",
    );
    const misplaced = carl.click(carlTable.id, encodeId({ verb: "join", tableId }));
    await misplaced.ack;
    await h.fake.waitFor(() => saidTo(h, misplaced), 3000, "an answer");
    expect(saidTo(h, misplaced)).toContain("belongs to a table in another channel");
    expect((await h.store.getTable(tableId))!.seats.some((s) => s.userId === carl.user.id)).toBe(false);
  });

  it("someone not at the table cannot act on a player's menu, and that menu stays as it was", async () => {
    const menu = ann.menu()!;
    const before = JSON.stringify([menu.content, menu.embeds, menu.components]);
    const pick = findButton(menu, byVerb("pick"));
    const foreign = carl.select(
      menu.id,
      pick.custom_id,
      pick.options.slice(0, 3).map((o: any) => o.value),
    );
    await foreign.ack;
    await h.fake.waitFor(() => saidTo(h, foreign), 3000, "an answer");
    expect(saidTo(h, foreign)).toContain("You are not playing at this table");
    expect(answeredPrivately(h, foreign)).toBe(true);
    const after = h.fake.messages.get(menu.id)!;
    expect(JSON.stringify([after.content, after.embeds, after.components])).toBe(before);
    expect(await seatActions(0)).toHaveLength(0);
  });

  it("a double click on Pass passes once", async () => {
    const menu = ann.menu()!;
    const pick = findButton(menu, byVerb("pick"));
    await ann.answer(
      ann.select(
        menu.id,
        pick.custom_id,
        pick.options.slice(0, 3).map((o: any) => o.value),
      ),
    );
    const pass = findButton(ann.menu(), (c) => decodeId(c.custom_id ?? "")?.verb === "pass" && !c.disabled);
    const [a, b] = [ann.click(menu.id, pass.custom_id), ann.click(menu.id, pass.custom_id)];
    await Promise.all([a.ack, b.ack]);
    await h.fake.waitFor(() => saidTo(h, a) && saidTo(h, b), 3000, "both answers");
    const said = [saidTo(h, a), saidTo(h, b)].sort();
    expect(said.filter((t) => t.includes("✅ You passed"))).toHaveLength(1);
    expect(said.filter((t) => t.includes("Already done: passed"))).toHaveLength(1);
    expect(await seatActions(0)).toHaveLength(1);
  });

  it("an illegal card, a card out of turn, a double click and a stale menu are refused with reasons", async () => {
    // Play on until Ann has a restricted choice (following suit, or leading the 2♣ to trick 1).
    const mustFollow = () => {
      const m = ann.menu();
      const cards = components(m).filter((c) => decodeId(c.custom_id ?? "")?.verb === "play");
      return textOf(m).includes("Your turn") && cards.some((c) => c.disabled) && cards.some((c) => !c.disabled);
    };
    await playUntil(h, [bob], mustFollow, 10_000).catch(async () => playUntil(h, [ann, bob], mustFollow, 10_000));
    const menu = ann.menu()!;
    const cards = components(menu).filter((c) => decodeId(c.custom_id ?? "")?.verb === "play");
    const illegal = cards.find((c) => c.disabled)!;
    const legal = cards.find((c) => !c.disabled)!;

    const refused = ann.click(menu.id, forge(illegal.custom_id));
    await refused.ack;
    await h.fake.waitFor(() => saidTo(h, refused), 3000, "an answer");
    expect(saidTo(h, refused)).toMatch(
      /⚠️ (You must follow suit|No points on the first trick|Hearts are not broken|The first trick must be led with the 2♣)/,
    );
    expect(answeredPrivately(h, refused)).toBe(true);

    // Bob, with a button of his own hand at the current version: not his turn.
    const bobCard = components(bob.menu()).find((c) => decodeId(c.custom_id ?? "")?.verb === "play")!;
    const current = decodeId(legal.custom_id) as { version: number };
    const bobId = decodeId(bobCard.custom_id) as { tableId: string; card: number };
    const outOfTurn = bob.click(
      bob.menuId!,
      forge(encodeId({ verb: "play", tableId: bobId.tableId, version: current.version, card: bobId.card })),
    );
    await outOfTurn.ack;
    await h.fake.waitFor(() => saidTo(h, outOfTurn), 3000, "an answer");
    expect(saidTo(h, outOfTurn)).toContain("It is not your turn.");

    const before = (await h.store.loadActions(tableId)).length;
    const [x, y] = [ann.click(menu.id, legal.custom_id), ann.click(menu.id, legal.custom_id)];
    await Promise.all([x.ack, y.ack]);
    await h.fake.waitFor(() => saidTo(h, x) && saidTo(h, y), 3000, "both answers");
    const said = [saidTo(h, x), saidTo(h, y)];
    expect(said.filter((t) => t.includes("✅ You played"))).toHaveLength(1);
    expect(said.filter((t) => t.includes("Already done: played"))).toHaveLength(1);
    const actions = await h.store.loadActions(tableId);
    expect(actions.filter((a) => a.seq === current.version)).toHaveLength(1);
    expect(actions.length).toBeGreaterThan(before);

    // A button from that old menu, for a card Ann still holds: the menu is out of date.
    const stillHeld = cards.find((c) => c !== legal)!;
    await playUntil(h, [ann, bob], () => textOf(ann.menu()).includes("Your turn"), 10_000);
    const stale = ann.click(menu.id, stillHeld.custom_id);
    await stale.ack;
    await h.fake.waitFor(() => saidTo(h, stale), 3000, "an answer");
    expect(saidTo(h, stale)).toContain("out of date");
    // The stale click brought a fresh menu with the current version.
    const fresh = components(ann.menu()).find((c) => decodeId(c.custom_id ?? "")?.verb === "play" && !c.disabled);
    expect((decodeId(fresh.custom_id) as { version: number }).version).toBeGreaterThan(current.version);
  }, 40_000);

  it("kept Discord's rules throughout", () => {
    expect(h.fake.violations).toEqual([]);
    expect(h.fake.unhandled).toEqual([]);
  });
});
