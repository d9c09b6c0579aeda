/**
 * What the table service writes to the log, even at debug, keeps a seat's secrets: a pass says
 * that it was made, never which cards (they are that person's hand until the exchange).
 */
import { expect, it } from "vitest";
import { cardLabel, viewFor } from "../../src/game/index.js";
import { stateBehind } from "../../src/table/live.js";
import { capturingLogger } from "../ai/log-capture.js";
import { alice, bob, openTable, setup } from "./service-helpers.js";

it("a pass is logged at debug without its cards, a play with its card (played cards are public)", async () => {
  const { log, lines } = capturingLogger();
  const s = setup({ log, seed: 7 });
  const id = await openTable(s, [alice, bob]);
  await s.service.start(id, alice);
  const t = (await s.service.get(id))!;
  const v0 = stateBehind(t)!.actionCount;
  const passed = viewFor(stateBehind(t)!, 0).hand.slice(0, 3);
  expect((await s.service.pass(id, alice, passed, v0)).ok).toBe(true);
  const actions = lines.filter((l) => l.msg === "action");
  expect(actions.map((l) => l.action)).toContain("passed");
  const text = JSON.stringify(lines);
  for (const card of passed) expect(text, `the passed ${cardLabel(card)} is not in the log`).not.toContain(cardLabel(card));
});
