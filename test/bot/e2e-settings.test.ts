/**
 * /hearts settings through the real bot and the fake Discord: anyone sees the values, only Manage
 * Server changes them; allowed channels, the server's defaults, its table cap and hints are then
 * enforced on /hearts new and /hearts hint.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Player, answeredPrivately, saidTo, startHarness, type Harness } from "./harness.js";
import type { InteractionHandle } from "../fake-discord/server.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ renderer: null, config: { maxTablesPerGuild: 5 } });
});
afterAll(async () => {
  await h?.close();
});

/** The answer's text with its embed fields (the settings view is fields). */
async function shown(handle: InteractionHandle): Promise<string> {
  await handle.ack;
  await h.fake.waitFor(() => saidTo(h, handle) || (handle.reply()?.embeds?.length ? true : null), 5000, "an answer");
  const fields = [handle.reply(), ...handle.followUps()].flatMap((m) =>
    (m?.embeds ?? []).flatMap((e: any) => (e.fields ?? []).map((f: any) => `${f.name}: ${f.value}`)),
  );
  return [saidTo(h, handle), ...fields].join("\n");
}

describe("/hearts settings", () => {
  it("shows the current values to anyone; a member without Manage Server cannot change them", async () => {
    const bob = new Player(h, h.fake.users[1]);
    const view = bob.slash("settings", {});
    const text = await shown(view);
    expect(text).toContain("Channels where tables may open: any channel");
    expect(text).toContain("Hints: allowed (default)");
    expect(text).toContain("Open tables at once: up to 5 (the bot's limit is 5)");
    expect(answeredPrivately(h, view)).toBe(true);
    const change = bob.slash("settings", { hints: false });
    expect(await shown(change)).toContain("Only members with the **Manage Server** permission");
    expect((await h.store.getGuildSettings(h.fake.guildId)).hintsAllowed).toBeNull();
  }, 20_000);

  it("an admin's channels, defaults and cap apply to /hearts new; hints are refused when off", async () => {
    const [ann, bob] = [0, 1].map((i) => new Player(h, h.fake.users[i]));
    h.fake.grant(ann.user, "ManageGuild");
    const games = h.fake.addChannel("games");
    const more = h.fake.addChannel("more");
    await h.fake.waitFor(
      () => (h.bot.client.channels.cache.has(games) && h.bot.client.channels.cache.has(more)) || null,
      3000,
      "channels in the cache",
    );

    const set = ann.slash("settings", {
      add_channel: { type: 7, value: games },
      level: "hard",
      timer: 30,
      hints: false,
      max_tables: 1,
      rules: "omnibus,target=50",
    } as never);
    const text = await shown(set);
    expect(text).toContain("✅ Settings saved.");
    expect(text).toContain(`Channels where tables may open: <#${games}>`);
    expect(text).toContain("Open tables at once: up to 1");
    // A rules spec that does not parse is refused with the reason; nothing changes.
    expect(await shown(ann.slash("settings", { rules: "target=abc" }))).toMatch(/Those default rules don't work/);
    expect(await shown(ann.slash("settings", { max_tables: 9 }))).toContain("at most 5");

    // Not an allowed channel: refused, naming the allowed ones.
    const here = bob.slash("new", {});
    expect(await shown(here)).toContain(`Tables can't open in this channel on this server. Use one of: <#${games}>.`);
    expect(answeredPrivately(h, here)).toBe(true);

    // The allowed channel: the server's defaults are the table's.
    expect(await shown(bob.slash("new", {}, games))).toContain("Your table is open");
    const table = h.bot.service.system.tableIn(games)!;
    expect(table.record.settings).toMatchObject({ botLevel: "hard", turnSeconds: 30, hintsAllowed: false });
    expect(table.record.rules.target).toBe(50);

    // The server's cap (1) is below the bot's (5).
    await shown(ann.slash("settings", { add_channel: { type: 7, value: more } } as never));
    expect(await shown(ann.slash("new", {}, more))).toContain("This server already has 1 open tables, the most it may have");

    // Hints off on the server: refused, even at a table that allowed them before.
    await shown(bob.slash("start", {}, games));
    expect(await shown(bob.slash("hint", {}, games))).toContain("Hints are turned off on this server");

    // Reset: tables open anywhere again.
    expect(await shown(ann.slash("settings", { reset: "channels" }))).toContain("Channels where tables may open: any channel");

    // The language of public posts: a new table speaks French although Discord's server locale is English.
    await shown(ann.slash("settings", { language: "fr", max_tables: 5 }));
    expect(await shown(ann.slash("new", {}, more))).toContain("open");
    expect(h.bot.service.system.tableIn(more)!.record.settings.locale).toBe("fr");
  }, 30_000);
});
