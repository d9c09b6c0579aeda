/**
 * Through a fake Discord that enforces the per-channel rate limits (5 posts and 5 edits per 5 s,
 * announced in headers): a game with computer players at full speed stays within them, because
 * posts merge while others are on their way. Also: /hearts new suggests rules as one types.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Player, byVerb, findButton, gamePosts, playUntil, startHarness, tableMessage, type Harness } from "./harness.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ renderer: null, rateLimits: true });
});
afterAll(async () => {
  await h?.close();
});

describe("pace", () => {
  it("a fast game never goes over Discord's per-channel limits", async () => {
    const ann = new Player(h, h.fake.users[0]);
    await ann.answer(ann.slash("new", { target: 20 }));
    const table = tableMessage(h.fake);
    ann.menuId = (await ann.answer(ann.click(table.id, findButton(table, byVerb("start")).custom_id))).id;
    await playUntil(h, [ann], () => gamePosts(h.fake).some((m) => m.content.includes("Game over")), 30_000);
    expect(h.fake.rateLimitHits).toBe(0);
    // Merged posts still tell every hand's score.
    const text = gamePosts(h.fake)
      .map((m) => m.content)
      .join("\n");
    const [game] = await h.store.listFinishedGames(h.fake.guildId);
    for (let n = 1; n <= game.hands.length; n++) expect(text).toContain(`**Hand ${n} scored**`);
    expect(h.fake.violations).toEqual([]);
  }, 60_000);

  it("suggests presets and options while typing the rules", async () => {
    const handle = h.fake.autocomplete(h.fake.users[1], "hearts", {
      subcommand: "new",
      options: { rules: "omnibus,moon=c" },
      focused: "rules",
    });
    await handle.ack;
    expect(handle.choices()?.map((c: { value: string }) => c.value)).toEqual(["omnibus,moon=choice"]);
    const presets = h.fake.autocomplete(h.fake.users[1], "hearts", { subcommand: "new", options: { rules: "" }, focused: "rules" });
    await presets.ack;
    expect(presets.choices()?.map((c: { value: string }) => c.value)).toContain("black-maria");
  });
});
