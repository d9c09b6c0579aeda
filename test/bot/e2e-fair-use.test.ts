/**
 * Fair use through the real bot and the fake Discord: one person hammering buttons is told, each
 * time and privately, to slow down and when to retry, while another person at the table is served
 * as usual; opening tables has a per-person cooldown; a server has a cap of open tables.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FAIR_USE } from "../../src/discord/fair-use.js";
import { Player, answeredPrivately, byVerb, findButton, saidTo, startHarness, tableMessage, type Harness } from "./harness.js";

let h: Harness;
beforeAll(async () => {
  // A small cap, so the test need not open ten tables.
  h = await startHarness({
    renderer: null,
    config: {
      maxTablesPerGuild: 2,
      rateLimits: { perUser: DEFAULT_FAIR_USE.perUser, perGuild: DEFAULT_FAIR_USE.perGuild, openCooldownS: DEFAULT_FAIR_USE.openCooldownS },
    },
  });
});
afterAll(async () => {
  await h?.close();
});

describe("fair use", () => {
  it("a person clicking 40 times at once is refused with a sentence saying when to retry; the other player is served", async () => {
    const [ann, bob] = [0, 1].map((i) => new Player(h, h.fake.users[i]));
    await ann.answer(ann.slash("new", {}));
    const table = tableMessage(h.fake);
    const rules = findButton(table, byVerb("rules"));
    const burst = Array.from({ length: 40 }, () => ann.click(table.id, rules.custom_id));
    await Promise.all(burst.map((b) => b.ack));
    await h.fake.waitFor(() => burst.every((b) => saidTo(h, b)) || null, 5000, "every click answered");
    const slowDown = burst.filter((b) =>
      /You're going faster than I can keep up with: nothing was done\. Try again in \d+ s\./.test(saidTo(h, b)),
    );
    expect(slowDown.length).toBeGreaterThanOrEqual(40 - 12);
    expect(slowDown.length).toBeLessThan(40);
    expect(slowDown.every((b) => answeredPrivately(h, b))).toBe(true);
    // Bob is not slowed by Ann: his click is answered normally.
    const bobJoin = bob.click(table.id, findButton(tableMessage(h.fake), byVerb("join")).custom_id);
    await bobJoin.ack;
    await h.fake.waitFor(() => saidTo(h, bobJoin) || null, 3000, "Bob's answer");
    expect(saidTo(h, bobJoin)).not.toMatch(/faster than I can keep up/);
  }, 30_000);

  it("a second table by the same person at once waits for the cooldown; the server's third table is refused", async () => {
    const [cy, dee] = [2, 3].map((i) => new Player(h, h.fake.users[i]));
    const second = h.fake.addChannel("second");
    const third = h.fake.addChannel("third");
    await h.fake.waitFor(
      () => (h.bot.client.channels.cache.has(second) && h.bot.client.channels.cache.has(third)) || null,
      3000,
      "channels in the cache",
    );
    const cyOpens = cy.slash("new", {}, second);
    await h.fake.waitFor(() => saidTo(h, cyOpens).includes("Your table is open") || null, 5000, "Cy's table");
    const cyAgain = cy.slash("new", {}, third);
    await h.fake.waitFor(() => saidTo(h, cyAgain) || null, 3000, "Cy's second answer");
    expect(saidTo(h, cyAgain)).toMatch(/You opened a table a moment ago\. You can open another in \d+ s\./);
    const deeOpens = dee.slash("new", {}, third);
    await h.fake.waitFor(() => saidTo(h, deeOpens) || null, 3000, "Dee's answer");
    expect(saidTo(h, deeOpens)).toContain("This server already has 2 open tables, the most it may have");
    expect(answeredPrivately(h, deeOpens)).toBe(true);
  }, 30_000);
});
