/** Posts that carry players' names as text never unfurl into link previews (SUPPRESS_EMBEDS). */
import { afterAll, beforeAll, expect, it } from "vitest";
import { Player, byVerb, findButton, startHarness, tableMessage, type Harness } from "./harness.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ renderer: null });
});
afterAll(async () => {
  await h?.close();
});

it("every text-only post and edit in the channel and the game thread suppresses link embeds", async () => {
  const [ann, bob] = [0, 1].map((i) => new Player(h, h.fake.users[i]));
  await ann.answer(ann.slash("new", { target: 30, level: "easy" }));
  const table = tableMessage(h.fake);
  await bob.answer(bob.click(table.id, findButton(table, byVerb("join")).custom_id));
  await ann.answer(ann.click(table.id, findButton(tableMessage(h.fake), byVerb("start")).custom_id));
  const thread = await h.fake.waitFor(() => h.fake.threads()[0], 3000, "the game thread");
  const textPosts = () =>
    h.fake.calls.filter(
      (c) =>
        c.path.startsWith("/channels/") &&
        c.path.endsWith("/messages") &&
        c.method === "POST" &&
        c.body?.content &&
        !c.body?.embeds?.length,
    );
  await h.fake.waitFor(
    () => textPosts().some((c) => c.path === `/channels/${thread.id}/messages`) || null,
    3000,
    "a text post in the thread",
  );
  expect(textPosts().length).toBeGreaterThan(0);
  for (const c of textPosts()) expect(c.body.flags & 4, c.body.content).toBe(4);
  // Messages with the bot's own embeds keep them (the flag would hide them).
  const withEmbeds = h.fake.calls.filter((c) => c.path.startsWith("/channels/") && c.body?.embeds?.length);
  expect(withEmbeds.length).toBeGreaterThan(0);
  expect(withEmbeds.every((c) => !((c.body.flags ?? 0) & 4))).toBe(true);
}, 20_000);
