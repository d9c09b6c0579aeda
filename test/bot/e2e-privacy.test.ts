/**
 * Privacy through the real bot and the fake Discord: /hearts privacy shows what is stored about a
 * person; "Forget me" (confirmed) removes them from open tables, results and standings, after which
 * the leaderboard and stats show no trace; a server admin purges the server; a server that removes
 * the bot has its tables ended at once and its data purged after the grace period.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { presetRules } from "../../src/game/index.js";
import type { FinishedGame } from "../../src/table/records.js";
import { DEFAULT_SETTINGS } from "../../src/config.js";
import { Player, answerOf, answeredPrivately, byVerb, findButton, startHarness, tableIdOf, tableMessage, type Harness } from "./harness.js";
import { prismaOf } from "../store/backends.js";
import type { InteractionHandle } from "../fake-discord/server.js";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ renderer: null });
});
afterAll(async () => {
  await h?.close();
});

const answer = (handle: InteractionHandle) => answerOf(h, handle);

/** Polls an asynchronous condition (the fake's waitFor takes synchronous ones). */
async function until(what: string, ok: () => Promise<boolean>, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let n = 0;
async function finishedGame(guildId: string, users: Array<{ id: string; name: string } | null>): Promise<string> {
  const seats = users.map((u, seat) => ({
    seat,
    userId: u?.id ?? null,
    botLevel: u ? null : ("easy" as const),
    name: u?.name ?? "Bot",
    botControlled: false,
    timeouts: 0,
  }));
  const t = await h.store.createTable({
    guildId,
    channelId: `9${String(++n).padStart(17, "0")}`,
    hostId: users[0]!.id,
    rules: presetRules("classic")!,
    settings: DEFAULT_SETTINGS,
    deal: { format: 1, seed: 1 },
    seats,
  });
  const game: FinishedGame = {
    tableId: t.id,
    guildId,
    rules: t.rules,
    rated: true,
    players: seats.map((s) => ({
      seat: s.seat,
      userId: s.userId,
      botLevel: s.botLevel,
      name: s.name,
      total: 10 * (s.seat + 1),
      place: s.seat + 1,
    })),
    hands: [{ change: [1, 2, 3, 20], handPoints: [1, 2, 3, 20], moonShooter: null, queenTakenBy: 3, jackTakenBy: null }],
    finishedAt: new Date(Date.now() - 1000 * (100 - n)),
  };
  await h.store.recordFinishedGame(game);
  return t.id;
}

describe("privacy", () => {
  it("shows a person what is stored, and forgets them after they confirm: no trace in the leaderboard or stats", async () => {
    const [ann, ben] = [0, 1].map((i) => new Player(h, h.fake.users[i]));
    const a = { id: ann.user.id, name: "Ana" };
    const b = { id: ben.user.id, name: "Ben" };
    for (let i = 0; i < 4; i++) await finishedGame(h.fake.guildId, [a, b, null, null]);
    await answer(ben.slash("new", {}));
    await answer(ann.slash("join", {}));

    const shown = await answer(ann.slash("privacy", {}));
    expect(shown.text).toContain("Finished games with your result: 4, on 1 server");
    expect(shown.text).toContain("Your name as stored: Ana");
    expect(shown.text).toContain("Tables you sat at or hosted: 5");
    expect(shown.text).toContain("Tournaments you entered (your entry, seats and scores in each): 0");
    const forget = shown.buttons.find((c) => c.label === "Forget me");
    expect(forget).toBeTruthy();

    const board = await answer(ben.slash("leaderboard", {}));
    expect(board.text).toContain("Ana");

    const confirm = await answer(ann.click(shown.id, forget.custom_id));
    expect(confirm.text).toContain("Are you sure? This cannot be undone");
    const yes = ann.click(confirm.id, confirm.buttons.find((c) => c.label === "Yes, forget me").custom_id);
    const done = await answer(yes);
    expect(done.text).toMatch(
      /Done: I forgot you\. 4 results and 4 closed tables are now anonymous, standings were rebuilt, \d+ daily attempts? and \d+ reviews? were deleted, your place in 0 tournaments is now a “Former player”'s \(the others' standings stay as they were\), and you left 1 open table\./,
    );
    expect(answeredPrivately(h, yes)).toBe(true);

    // No trace: the leaderboard, stats, the open table and what /hearts privacy reports.
    const after = await answer(ben.slash("leaderboard", {}));
    expect(after.text).not.toContain("Ana");
    expect(after.text).not.toContain("Former player");
    expect((await answer(ben.slash("stats", { user: h.fake.userOption(ann.user) } as never))).text).toContain(
      "has not finished a game on this server",
    );
    expect(h.bot.service.system.tableIn(h.fake.channelId)!.record.seats.map((s) => s.userId)).toEqual([ben.user.id]);
    expect((await answer(ann.slash("privacy", {}))).text).toContain("Finished games with your result: 0, on 0 servers");
    expect(await h.store.personalData(ann.user.id)).toEqual({
      tables: 0,
      games: 0,
      servers: 0,
      standings: 0,
      menus: 0,
      dailies: 0,
      reviews: 0,
      prefs: 0,
      tournaments: 0,
      names: [],
    });
    await answer(ben.slash("end", {}));
  }, 30_000);

  it("a server admin purges the server's data after confirming; others are refused", async () => {
    const [cy, dee] = [2, 3].map((i) => new Player(h, h.fake.users[i]));
    await finishedGame(h.fake.guildId, [{ id: cy.user.id, name: "Cy" }, { id: dee.user.id, name: "Dee" }, null, null]);
    expect((await answer(dee.slash("privacy", { server: true }))).text).toContain("Only members with the **Manage Server** permission");
    h.fake.grant(cy.user, "ManageGuild");
    await answer(dee.slash("new", {}));
    const shown = await answer(cy.slash("privacy", { server: true }));
    expect(shown.text).toContain("I store this server's tables and their moves");
    // The purge button refuses someone without the permission, even on the admin's message.
    const confirm = await answer(cy.click(shown.id, shown.buttons[0].custom_id));
    expect(confirm.text).toContain("Are you sure?");
    const done = await answer(cy.click(confirm.id, confirm.buttons[0].custom_id));
    expect(done.text).toMatch(/Done: \d+ tables? and \d+ games? deleted; 1 open table ended\./);
    expect(await h.store.listFinishedGames(h.fake.guildId)).toEqual([]);
    expect((await h.store.leaderboard({ guildId: h.fake.guildId })).rows).toEqual([]);
    expect(h.bot.service.system.tableIn(h.fake.channelId)).toBeNull();
  }, 30_000);

  it("removed from a server: its tables end at once, its data goes after the grace period; re-added in time, it stays", async () => {
    const eve = new Player(h, h.fake.users[0]);
    const other = h.fake.addGuild();
    const stays = h.fake.addGuild();
    await h.fake.waitFor(
      () => (h.bot.client.guilds.cache.has(other.id) && h.bot.client.guilds.cache.has(stays.id)) || null,
      3000,
      "guilds",
    );
    await answer(eve.slash("new", {}, other.channelId));
    await finishedGame(other.id, [{ id: eve.user.id, name: "Ana" }, null, null, null]);
    await finishedGame(stays.id, [{ id: eve.user.id, name: "Ana" }, null, null, null]);

    h.fake.dispatch("GUILD_DELETE", { id: other.id });
    h.fake.dispatch("GUILD_DELETE", { id: stays.id });
    await until(
      "removal noted",
      async () => !!(await h.store.getGuildSettings(other.id)).leftAt && !!(await h.store.getGuildSettings(stays.id)).leftAt,
    );
    expect(h.bot.service.system.tableIn(other.channelId), JSON.stringify(h.bot.service.system.tableIn(other.channelId)?.record)).toBeNull();
    // Added back: the purge is called off.
    h.fake.dispatch("GUILD_CREATE", (h.fake as any).guildObject(stays.id));
    await until("purge called off", async () => (await h.store.getGuildSettings(stays.id)).leftAt === null);

    // Within the grace period nothing is deleted; after it, the server's data is.
    await h.bot.housekeeping!.runOnce();
    expect(await h.store.listFinishedGames(other.id)).toHaveLength(1);
    await h.store.updateGuildSettings(other.id, { leftAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) });
    expect((await h.bot.housekeeping!.runOnce()).guildsPurged).toBe(1);
    expect(await h.store.listFinishedGames(other.id)).toEqual([]);
    expect((await h.store.getGuildSettings(other.id)).leftAt).toBeNull();
    expect(await h.store.listFinishedGames(stays.id)).toHaveLength(1);
  }, 30_000);

  it("Forget me: her open menu's interaction token is not kept, nor written back to the store at the next stop", async () => {
    const [ann, ben] = [0, 1].map((i) => new Player(h, h.fake.users[i]));
    await ann.answer(ann.slash("new", {}));
    const table = tableMessage(h.fake);
    const tableId = tableIdOf(table);
    await ben.answer(ben.click(table.id, findButton(table, byVerb("join")).custom_id));
    ann.menuId = (await ann.answer(ann.click(table.id, findButton(table, byVerb("start")).custom_id))).id;
    await ben.openHand();

    const shown = await answer(ann.slash("privacy", {}));
    const confirm = await answer(ann.click(shown.id, shown.buttons.find((c) => c.label === "Forget me").custom_id));
    const done = await answer(ann.click(confirm.id, confirm.buttons.find((c) => c.label === "Yes, forget me").custom_id));
    expect(done.text).toContain("you left 1 open table.");

    await h.bot.stop();
    const saved = await prismaOf(h.store).menuToken.findMany({ where: { tableId } });
    // Ben's menu is kept for the next start; nothing of Ann's is.
    expect(saved.map((m) => m.userId)).toEqual([ben.user.id]);
  }, 30_000);

  it("at start: saved menu tokens older than 15 minutes go, whatever their table; a server that removed the bot while it was down is scheduled for purge", async () => {
    const gone = "777000000000000001";
    const ann = h.fake.users[0];
    const closed = await finishedGame(gone, [{ id: ann.id, name: "Ana" }, null, null, null]);
    await h.store.saveMenus([
      { tableId: closed, userId: ann.id, appId: "app", token: "old-token", shownAt: new Date(Date.now() - 16 * 60_000) },
      { tableId: closed, userId: "100000000000000009", appId: "app", token: "fresh-token", shownAt: new Date() },
    ]);
    await h.restart();
    expect((await prismaOf(h.store).menuToken.findMany({ where: { tableId: closed } })).map((m) => m.token)).toEqual(["fresh-token"]);
    expect((await h.store.getGuildSettings(gone)).leftAt).not.toBeNull();
    expect((await h.store.getGuildSettings(h.fake.guildId)).leftAt).toBeNull();
    // The grace period, then the purge, as for a removal seen live.
    await h.store.updateGuildSettings(gone, { leftAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) });
    expect((await h.bot.housekeeping!.runOnce()).guildsPurged).toBe(1);
    expect(await h.store.listFinishedGames(gone)).toEqual([]);
  }, 30_000);
});
