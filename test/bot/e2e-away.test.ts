/**
 * Issue 15's grace-period mention, through the real bot and the fake Discord: a person whose menu is
 * open (its token fresh) but who does not act is mentioned once, alone, after the grace period
 * (half the turn timer, at most 20 s); the one who acted promptly is never pinged, and the mention
 * does not stay behind. (e2e-calm covers the other case: a menu whose token ran out.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../src/config.js";
import { Player, byVerb, findButton, gamePosts, playUntil, quiet, startHarness, tableMessage, type Harness } from "./harness.js";

let h: Harness;
beforeAll(async () => {
  // A 10 s turn: the grace period is 5 s (real time: the presenter's clock is the wall clock).
  h = await startHarness({ config: { defaults: { ...DEFAULT_SETTINGS, turnSeconds: 10 } } });
});
afterAll(async () => {
  await h?.close();
});

describe("someone who stays away with their menu open", () => {
  it("is mentioned once, alone, after the grace period; the prompt player never is", async () => {
    const [ann, bob] = [new Player(h, h.fake.users[0]), new Player(h, h.fake.users[1])];
    await ann.answer(ann.slash("new", { target: 26 }));
    let table = tableMessage(h.fake);
    await bob.answer(bob.click(table.id, findButton(table, byVerb("join")).custom_id));
    table = tableMessage(h.fake);
    ann.menuId = (await ann.answer(ann.click(table.id, findButton(table, byVerb("start")).custom_id))).id;
    await bob.openHand();
    // Both play promptly until it is Bob's turn in the second trick or later; then Bob, his menu
    // open, does nothing while Ann keeps up.
    const bobToPlay = () =>
      !!findButton(bob.menu(), (c) => byVerb("play")(c) && !c.disabled) && gamePosts(h.fake).some((m) => /^Trick \d+:/m.test(m.content));
    await playUntil(h, [ann, bob], bobToPlay, 15_000);
    // His turn began a moment before his menu showed it: the mention comes 5 s after that.
    const opened = Date.now();
    await quiet(h, 100);
    const before = BigInt([...h.fake.messages.keys()].at(-1)!);
    const bobPinged = () =>
      [...h.fake.messages.values()].some((m) => BigInt(m.id) > before && m.visibleTo === null && m.pings.includes(bob.user.id));
    await h.fake.waitFor(() => (bobPinged() ? true : null), 9000, "Bob's mention");
    // Not before the grace period (5 s, less the moment his menu took to show his turn).
    expect(Date.now() - opened).toBeGreaterThan(4000);
    // Bob comes back through his menu; the game goes on with both acting promptly for a while.
    const tricks = () => gamePosts(h.fake).filter((m) => /^Trick \d+:/m.test(m.content)).length;
    const then = tricks();
    await playUntil(h, [ann, bob], () => tricks() >= then + 3, 15_000);
    await quiet(h);
    // Every public message since, deleted ones included.
    const pinging = [...h.fake.messages.values()].filter((m) => BigInt(m.id) > before && m.visibleTo === null && m.pings.length);
    expect(pinging.map((m) => m.pings)).toEqual([[bob.user.id]]);
    // The mention does not stay behind: taken down once Bob acted, or folded into a trick post.
    const mention = pinging[0];
    expect(mention.deleted || /^Trick \d+:/m.test(mention.content)).toBe(true);
    expect(bob.reopened).toBeLessThanOrEqual(1);
    expect(h.fake.violations).toEqual([]);
  }, 40_000);
});
