/**
 * Picking the 3 cards to pass is the player's own unfinished choice: redraws of their menu while
 * they decide (another player passes, a refresh racing their own pick) keep the choice and its
 * Pass button.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { Player, byVerb, findButton, startHarness, tableMessage, textOf, type Harness } from "./harness.js";

let h: Harness;
let ann: Player;
let bob: Player;

beforeAll(async () => {
  h = await startHarness({ renderer: null });
  [ann, bob] = [0, 1].map((i) => new Player(h, h.fake.users[i]));
  await ann.answer(ann.slash("new", { target: 40 }));
  const table = tableMessage(h.fake);
  await bob.answer(bob.click(table.id, findButton(table, byVerb("join")).custom_id));
  ann.menuId = (await ann.answer(ann.click(table.id, findButton(table, byVerb("start")).custom_id))).id;
  await bob.openHand();
});
afterAll(async () => {
  await h?.close();
});

const passButton = (p: Player) => findButton(p.menu(), (c) => c.custom_id?.startsWith("h1:pass:") && !c.disabled);

async function pick(p: Player): Promise<string[]> {
  const menu = p.menu()!;
  const select = findButton(menu, byVerb("pick"));
  const cards = select.options.slice(0, 3).map((o: { value: string }) => o.value);
  await p.answer(p.select(menu.id, select.custom_id, cards));
  return cards;
}

it("another player's pass redraws my menu without wiping the cards I picked", async () => {
  const picked = await pick(ann);
  expect(passButton(ann), textOf(ann.menu())).not.toBeNull();
  const editsBefore = ann.menu()!.edits;

  await pick(bob);
  await bob.answer(bob.click(bob.menu()!.id, passButton(bob).custom_id));

  // Ann's menu is redrawn for Bob's pass (it now waits for fewer players)...
  await h.fake.waitFor(() => ann.menu()!.edits > editsBefore, 5000, "Ann's menu redrawn after Bob's pass");
  await new Promise((r) => setTimeout(r, 300));
  // ...and still holds her choice, ready to pass.
  const select = findButton(ann.menu(), byVerb("pick"));
  expect(select.options.filter((o: { default?: boolean }) => o.default).map((o: { value: string }) => o.value)).toEqual(picked);
  expect(passButton(ann), textOf(ann.menu())).not.toBeNull();
  expect(textOf(ann.menu())).toContain("Selected:");
});
