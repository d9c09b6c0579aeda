/**
 * The rules of a table's opening live in the table service, whichever door asks: the person's
 * cooldown between two tables they open, the server's allowed channels (a thread of one counts)
 * and its cap of open tables, for /hearts new and Rematch alike. A tournament's round tables are
 * not counted in the cap (docs/admins.md, Tournaments).
 */
import { describe, expect, it } from "vitest";
import { presetRules } from "../../src/game/index.js";
import { FairUse } from "../../src/table/fair-use.js";
import { humanSeat } from "../../src/table/seats.js";
import { alice, bob, carol, english, openTable, playOut, setup, where, type Setup } from "./service-helpers.js";

const allowed = "800000000000000009";
const thread = "800000000000000010";
const classic = () => presetRules("classic")!;
const cooldown = () => new FairUse({ perUser: 0, perGuild: 0, windowS: 5, openCooldownS: 60 });

async function finishedTable(s: Setup): Promise<string> {
  const id = await openTable(s, [alice, bob]);
  await s.service.start(id, alice);
  await playOut(s, id, [alice, bob]);
  return id;
}

describe("opening rules in the table service", () => {
  it("a new table and a rematch are refused outside the server's allowed channels, with the channels named", async () => {
    const s = setup({ settings: { turnSeconds: 0 }, guilds: true });
    const id = await finishedTable(s);
    await s.store.updateGuildSettings(where.guildId, { allowedChannels: [allowed] });
    const open = await s.service.open(where, carol, { rules: classic(), settings: s.settings });
    expect(open.ok).toBe(false);
    if (open.ok) return;
    expect(open.code).toBe("channel-not-allowed");
    expect(english(open.say)).toContain(`<#${allowed}>`);
    const rematch = await s.service.rematch(id, bob, { channelId: where.channelId, parentId: null });
    expect(rematch).toMatchObject({ ok: false, code: "channel-not-allowed" });
    // A thread of an allowed channel may hold a table; named by the door that asks.
    const inThread = await s.service.open({ guildId: where.guildId, channelId: thread, parentId: allowed }, carol, {
      rules: classic(),
      settings: s.settings,
    });
    expect(inThread.ok).toBe(true);
  });

  it("a second table inside the cooldown is refused; a refused opening does not spend it", async () => {
    const s = setup({ settings: { turnSeconds: 0 }, guilds: true, fairUse: cooldown() });
    await s.store.updateGuildSettings(where.guildId, { allowedChannels: [allowed] });
    // Refused for its channel: the cooldown is given back.
    expect(await s.service.open(where, alice, { rules: classic(), settings: s.settings })).toMatchObject({ code: "channel-not-allowed" });
    await s.store.updateGuildSettings(where.guildId, { allowedChannels: [] });
    expect((await s.service.open(where, alice, { rules: classic(), settings: s.settings })).ok).toBe(true);
    const second = await s.service.open({ ...where, channelId: allowed }, alice, { rules: classic(), settings: s.settings });
    expect(second.ok).toBe(false);
    if (second.ok) return;
    expect(second.code).toBe("cooldown");
    expect(english(second.say)).toMatch(/^You opened a table a moment ago\. You can open another in \d+ s\.$/);
    // Someone else is not held back by it.
    expect((await s.service.open({ ...where, channelId: allowed }, bob, { rules: classic(), settings: s.settings })).ok).toBe(true);
  });

  it("a rematch inside its opener's cooldown is refused with the same sentence", async () => {
    const s = setup({ settings: { turnSeconds: 0 }, guilds: true, fairUse: cooldown() });
    // Alice opened the first table (her cooldown runs); Bob asks for the rematch, then Carol's new table, then Bob again.
    const id = await finishedTable(s);
    expect((await s.service.open({ ...where, channelId: allowed }, carol, { rules: classic(), settings: s.settings })).ok).toBe(true);
    expect(await s.service.rematch(id, alice)).toMatchObject({ ok: false, code: "cooldown" });
    expect((await s.service.rematch(id, bob)).ok).toBe(true);
  });

  it("a tournament's round tables are not counted in the server's cap", async () => {
    const s = setup({ settings: { turnSeconds: 0 }, maxTablesPerGuild: 1 });
    const round = await s.service.openStarted({
      id: `${where.channelId}-round`,
      guildId: where.guildId,
      channelId: where.channelId,
      hostId: alice.userId,
      rules: classic(),
      settings: { ...s.settings, handLimit: 1 },
      seats: [alice, bob, carol, { userId: "100000000000000004", name: "Dan" }].map((p, seat) => humanSeat(seat, p.userId, p.name)),
      deal: { format: 1, seed: 1 },
      tournament: { id: "t1", round: 1, table: 0 },
    });
    expect(round).not.toBeNull();
    const open = await s.service.open({ ...where, channelId: allowed }, alice, { rules: classic(), settings: s.settings });
    expect(open.ok, open.ok ? "" : english(open.say)).toBe(true);
    expect(await s.service.open({ ...where, channelId: thread }, bob, { rules: classic(), settings: s.settings })).toMatchObject({
      code: "table-cap",
    });
  });
});
