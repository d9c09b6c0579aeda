/**
 * Picking the 3 cards to pass is the player's own unfinished choice: the others' passes never
 * redraw the pass menu or rename its components, so a pick or a Pass made on it is never lost;
 * and a pass menu from an earlier hand is still refused.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { parseCard } from "../../src/game/index.js";
import { encodeId, decodeId } from "../../src/discord/interactions/ids.js";
import { Player, byVerb, components, findButton, playUntil, saidTo, startHarness, tableMessage, textOf, type Harness } from "./harness.js";

let h: Harness;
let people: Player[];

beforeAll(async () => {
  h = await startHarness({ renderer: null });
  people = [0, 1, 2, 3].map((i) => new Player(h, h.fake.users[i]));
  const [ann, ...others] = people;
  await ann.answer(ann.slash("new", { target: 40 }));
  const table = tableMessage(h.fake);
  for (const p of others) await p.answer(p.click(table.id, findButton(table, byVerb("join")).custom_id));
  ann.menuId = (await ann.answer(ann.click(table.id, findButton(table, byVerb("start")).custom_id))).id;
  for (const p of others) await p.openHand();
});
afterAll(async () => {
  await h?.close();
});

const passButton = (p: Player) => findButton(p.menu(), (c) => c.custom_id?.startsWith("h1:pass:") && !c.disabled);
const ids = (p: Player) => components(p.menu()).map((c) => c.custom_id);

async function pick(p: Player): Promise<string[]> {
  const menu = p.menu()!;
  const select = findButton(menu, byVerb("pick"));
  const cards = select.options.slice(0, 3).map((o: { value: string }) => o.value);
  await p.answer(p.select(menu.id, select.custom_id, cards));
  return cards;
}

it("three other passes leave my pass menu as it is: not redrawn, not renamed, my pick kept", async () => {
  const [ann, ...others] = people;
  // Ann opens her menu before anyone passes: its ids must still work after all three passes.
  const idsBefore = ids(ann);
  const picked = await pick(ann);
  expect(passButton(ann), textOf(ann.menu())).not.toBeNull();
  const pickedIds = ids(ann);
  // The select keeps its id when Ann picks (only the Pass button appears).
  expect(pickedIds[0]).toBe(idsBefore[0]);
  const editsBefore = ann.menu()!.edits;

  for (const p of others) {
    await pick(p);
    await p.answer(p.click(p.menu()!.id, passButton(p).custom_id));
  }
  await new Promise((r) => setTimeout(r, 300));
  // Nothing was sent to Ann's menu, and it still holds her choice, ready to pass.
  expect(ann.menu()!.edits).toBe(editsBefore);
  expect(ids(ann)).toEqual(pickedIds);
  const select = findButton(ann.menu(), byVerb("pick"));
  expect(select.options.filter((o: { default?: boolean }) => o.default).map((o: { value: string }) => o.value)).toEqual(picked);
  // The Pass button made before the others passed still passes.
  const passed = await ann.answer(ann.click(ann.menu()!.id, passButton(ann).custom_id));
  expect(textOf(passed)).toContain("You passed");
});

it("a pick or a pass from an earlier hand's menu is refused, and says why", async () => {
  const [ann] = people;
  const record = (await h.store.listOpenTables()).find(() => true)!;
  const tableId = record.id;
  // Play into the next hand's passing (read from the game itself: the table message's edits are
  // merged, and on a busy machine the whole passing can fall between two of them).
  const inHand2Passing = () => {
    const game = h.bot.service.system.openTable(tableId)?.game;
    return game?.handIndex === 1 && game.phase === "passing" && !game.passSubmitted[0];
  };
  await playUntil(h, people, inHand2Passing, 30_000);
  // Ann's menu is redrawn for the new hand: its pick select now carries this passing's version.
  const pickVersion = () => {
    const select = findButton(ann.menu(), byVerb("pick"));
    return select ? (decodeId(select.custom_id) as { version: number }).version : 0;
  };
  await h.fake.waitFor(() => (pickVersion() > 0 ? true : null), 3000, "Ann's pass menu of hand 2");
  const menu = ann.menu()!;
  const current = decodeId(findButton(menu, byVerb("pick")).custom_id)! as { version: number };
  // The first hand's pass menu had version 0 (passing began at the first action).
  expect(current.version).toBeGreaterThan(0);
  const cards = findButton(menu, byVerb("pick"))
    .options.slice(0, 3)
    .map((o: { value: string }) => o.value);
  const oldPick = ann.select(menu.id, encodeId({ verb: "pick", tableId, version: 0 }), cards);
  await oldPick.ack;
  await h.fake.waitFor(() => saidTo(h, oldPick), 3000, "an answer to the old pick");
  expect(saidTo(h, oldPick)).toContain("out of date");
  const oldPass = ann.click(menu.id, encodeId({ verb: "pass", tableId, version: 0, cards: cards.map((c: string) => parseCard(c)!) }));
  await oldPass.ack;
  await h.fake.waitFor(() => saidTo(h, oldPass), 3000, "an answer to the old pass");
  expect(saidTo(h, oldPass)).toContain("out of date");
  expect(h.fake.violations).toEqual([]);
}, 60_000);
