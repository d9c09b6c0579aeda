import { describe, expect, it } from "vitest";
import { cardsOf, parseCard, presetRules, viewFor, type Seat } from "../../src/game/index.js";
import { DEFAULT_SETTINGS } from "../../src/config.js";
import { stateBehind } from "../../src/table/live.js";
import { ManualClock, settle } from "./manual-clock.js";
import { silentLogger } from "../../src/log.js";
import { Images } from "../../src/render/runtime/images.js";
import { decodeId } from "../../src/discord/interactions/ids.js";
import { handMenu } from "../../src/discord/views/hand-menu.js";
import { MemoryStore } from "./memory-store.js";
import type { FinishedGame } from "../../src/table/records.js";
import { alice, bob, carol, en, english, openTable, playOut, setup, stateInMemory, stateNow, where } from "./service-helpers.js";

describe("lobby", () => {
  it("seats players, adds computer players and fills the rest at start", async () => {
    const s = setup();
    const id = await openTable(s, [alice, bob]);
    expect((await s.service.addBot(id, alice, "hard")).ok).toBe(true);
    const started = await s.service.start(id, alice);
    expect(started.ok).toBe(true);
    const t = (await s.service.get(id))!;
    expect(t.record.seats.map((x) => [x.seat, x.userId !== null, x.botLevel])).toEqual([
      [0, true, null],
      [1, true, null],
      [2, false, "hard"],
      [3, false, DEFAULT_SETTINGS.botLevel],
    ]);
    expect(t.record.status).toBe("passing");
    expect(s.updates.map((u) => u.update.type)).toContain("started");
  });

  it("refuses what a lobby does not allow, with a reason", async () => {
    const s = setup({ settings: { fillWithBots: false } });
    const id = await openTable(s, [alice]);
    const again = await s.service.open(where, bob, { rules: presetRules("classic")!, settings: s.settings });
    expect(again).toMatchObject({ ok: false, code: "table-exists" });
    expect(await s.service.join(id, alice)).toMatchObject({ ok: false, code: "already-seated" });
    await s.service.join(id, bob);
    expect(en(await s.service.start(id, bob))).toMatchObject({ ok: false, code: "not-host", message: expect.stringContaining("Alice") });
    expect(en(await s.service.start(id, alice))).toMatchObject({
      ok: false,
      code: "not-enough-players",
      message: expect.stringContaining("2 are seated"),
    });
    expect(await s.service.configure(id, bob, { rules: "target=50" })).toMatchObject({ ok: false, code: "not-host" });
    expect(en(await s.service.configure(id, alice, { rules: "target=abc" }))).toMatchObject({
      ok: false,
      code: "bad-options",
      message: expect.stringContaining("target"),
    });
    expect(await s.service.configure(id, alice, { settings: { turnSeconds: 3 } })).toMatchObject({ ok: false, code: "bad-options" });
    expect(await s.service.addBot(id, carol, "easy")).toMatchObject({ ok: false, code: "not-host" });
  });

  it("changes rules in the lobby and keeps them for the game", async () => {
    const s = setup();
    const id = await openTable(s);
    expect((await s.service.configure(id, alice, { rules: "omnibus,target=50" })).ok).toBe(true);
    expect((await s.service.configure(id, alice, { rules: "moon=choice" })).ok).toBe(true);
    const t = (await s.service.get(id))!;
    expect(t.record.rules).toMatchObject({ jackOfDiamonds: -10, target: 50, moon: "choice" });
    await s.service.start(id, alice);
    expect((await stateNow(s, id)).rules.target).toBe(50);
  });

  it("passes the host on when the host leaves and closes when everyone has left", async () => {
    const s = setup();
    const id = await openTable(s, [alice, bob]);
    await s.service.leave(id, alice);
    expect((await s.service.get(id))!.record.hostId).toBe(bob.userId);
    await s.service.leave(id, bob);
    expect((await s.service.get(id))!.record.status).toBe("abandoned");
    expect(await s.service.system.tableIn(where.channelId)).toBeNull();
  });

  it("lets a person take a computer player's seat in a full lobby", async () => {
    const s = setup();
    const id = await openTable(s);
    for (let i = 0; i < 3; i++) await s.service.addBot(id, alice, "easy");
    const r = await s.service.join(id, bob);
    expect(r).toMatchObject({ ok: true });
    expect((await s.service.get(id))!.record.seats.filter((x) => x.userId).length).toBe(2);
  });

  it("closes a lobby nobody starts", async () => {
    const s = setup();
    const id = await openTable(s);
    await s.clock.advance(31 * 60_000);
    expect((await s.service.get(id))!.record.status).toBe("abandoned");
    expect(s.updates.at(-1)!.update).toMatchObject({ type: "closed", reason: "lobby-timeout" });
  });
});

describe("a game", () => {
  it("two people and two computer players play to the end; the result is recorded", async () => {
    const s = setup();
    const id = await openTable(s, [alice, bob]);
    await s.service.start(id, alice);
    await playOut(s, id, [alice, bob]);
    expect(s.store.finished).toHaveLength(1);
    const game = s.store.finished[0];
    expect(game.players.map((p) => p.userId)).toEqual([alice.userId, bob.userId, null, null]);
    expect(game.players.some((p) => p.total >= 100)).toBe(true);
    expect(s.updates.at(-1)!.update).toMatchObject({ type: "closed", reason: "finished" });
    // Every stored action replays to the same finished game.
    expect(s.store.actions.get(id)!.length).toBeGreaterThan(52);
    expect(await s.service.system.tableIn(where.channelId)).toBeNull();
  });

  it("the next table opens in the channel as soon as the game is over, while its result is still being recorded", async () => {
    let release!: () => void;
    const recorded = new Promise<void>((r) => (release = r));
    class SlowRecord extends MemoryStore {
      override async recordFinishedGame(game: FinishedGame): Promise<void> {
        await recorded;
        return super.recordFinishedGame(game);
      }
    }
    const s = setup({ store: new SlowRecord(), settings: { turnSeconds: 0 } });
    const id = await openTable(s, [alice]);
    await s.service.start(id, alice);
    // Bob opens the next table the moment the last card shows the game over (the table message
    // says "Game over" from then on), before the result is in the store.
    let next: ReturnType<typeof s.service.open> | null = null;
    s.service.onUpdate((table, update) => {
      if (next || update.type !== "action" || stateBehind(table)?.phase !== "game-over") return;
      next = s.service.open(where, bob, { rules: presetRules("classic")!, settings: s.settings });
      setTimeout(release, 20);
    });
    await playOut(s, id, [alice]);
    expect(next).not.toBeNull();
    const opened = await next!;
    expect(opened.ok, opened.ok ? "" : english(opened.say)).toBe(true);
    expect(s.store.finished).toHaveLength(1);
    expect((await s.service.system.tableIn(where.channelId))?.record.hostId).toBe(bob.userId);
  });

  it("refuses illegal, out-of-turn, stale and duplicate actions with the engine's reasons", async () => {
    const s = setup();
    const id = await openTable(s, [alice, bob]);
    await s.service.start(id, alice);
    let t = (await s.service.get(id))!;
    const v0 = stateBehind(t)!.actionCount;
    const hand = viewFor(stateBehind(t)!, 0).hand;
    expect(en(await s.service.pass(id, alice, hand.slice(0, 2), v0))).toMatchObject({
      ok: false,
      code: "illegal",
      message: "Pass exactly 3 cards.",
    });
    expect(await s.service.pass(id, carol, hand.slice(0, 3), v0)).toMatchObject({ ok: false, code: "not-seated" });
    // Alice plays during passing: the engine's sentence.
    expect(en(await s.service.play(id, alice, hand[0], v0))).toMatchObject({
      ok: false,
      code: "illegal",
      message: expect.stringContaining("pass"),
    });
    expect((await s.service.pass(id, alice, hand.slice(0, 3), v0)).ok).toBe(true);
    expect(await s.service.pass(id, alice, hand.slice(0, 3), v0)).toMatchObject({ ok: false, code: "duplicate" });
    // Another pass in the same phase (Bob's menu is older than Alice's pass) still counts.
    const bobHand = viewFor(await stateNow(s, id), 1).hand;
    expect((await s.service.pass(id, bob, bobHand.slice(0, 3), v0)).ok).toBe(true);
    await s.clock.advance(500);
    t = (await s.service.get(id))!;
    expect(stateBehind(t)!.phase).toBe("playing");
    // Now find a moment where a human must follow suit and holds another card.
    await playOut(s, id, [alice, bob], () => isFollowMoment(s, id));
    t = (await s.service.get(id))!;
    const seat = stateBehind(t)!.turn;
    const who = seat === 0 ? alice : bob;
    const other = seat === 0 ? bob : alice;
    const view = viewFor(stateBehind(t)!, seat as Seat);
    const illegal = view.hand.find((c) => !view.legal.includes(c))!;
    const version = stateBehind(t)!.actionCount;
    const r = await s.service.play(id, who, illegal, version);
    expect(en(r)).toMatchObject({
      ok: false,
      code: "illegal",
      message: expect.stringMatching(/must follow suit|first trick|Hearts are not broken/),
    });
    expect(en(await s.service.play(id, other, viewFor(stateBehind(t)!, (1 - seat) as Seat).hand[0], version))).toMatchObject({
      ok: false,
      message: "It is not your turn.",
    });
    // A double click: both arrive together, exactly one is applied.
    const [a, b] = await Promise.all([s.service.play(id, who, view.legal[0], version), s.service.play(id, who, view.legal[0], version)]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect(en(a.ok ? b : a)).toMatchObject({ code: "duplicate", message: expect.stringContaining("Already done") });
    expect(s.store.actions.get(id)!.filter((x) => x.seq === version)).toHaveLength(1);
    // An old menu (an earlier version) for a card still legal later is refused as stale.
    await playOut(s, id, [alice, bob], () => {
      const cur = stateInMemory(s, id);
      return !!cur && cur.phase === "playing" && cur.turn === seat && cur.actionCount > version;
    });
    t = (await s.service.get(id))!;
    const nowLegal = viewFor(stateBehind(t)!, seat as Seat).legal[0];
    expect(await s.service.play(id, who, nowLegal, version)).toMatchObject({ ok: false, code: "stale" });
    expect(await s.service.play(id, who, nowLegal, stateBehind(t)!.actionCount + 5)).toMatchObject({ ok: false, code: "stale" });
  });

  it("a stored conflict is refused without losing anything", async () => {
    const s = setup();
    const id = await openTable(s, [alice]);
    await s.service.start(id, alice);
    const t = (await s.service.get(id))!;
    s.store.failNextAppend = "conflict";
    const r = await s.service.pass(id, alice, viewFor(stateBehind(t)!, 0).hand.slice(0, 3), stateBehind(t)!.actionCount);
    expect(r).toMatchObject({ ok: false, code: "stale" });
    expect(s.store.actions.get(id)).toHaveLength(0);
    const again = await s.service.pass(id, alice, viewFor(stateBehind(t)!, 0).hand.slice(0, 3), stateBehind(t)!.actionCount);
    expect(again.ok).toBe(true);
  });
});

function isFollowMoment(s: ReturnType<typeof setup<MemoryStore>>, id: string): boolean {
  const state = stateInMemory(s, id);
  if (!state || state.phase !== "playing" || state.turn > 1) return false;
  const v = viewFor(state, state.turn);
  return v.legal.length > 0 && v.legal.length < v.hand.length;
}

describe("the moon", () => {
  it("the shooter chooses how the moon scores from their menu, and only they can", async () => {
    // Seed 2 under Skelly's rules: first-legal players give seat 1 (Bob) the moon in hand 4.
    const s = setup({ seed: 2 });
    const r = await s.service.open(where, alice, { rules: presetRules("skelly")!, settings: s.settings });
    if (!r.ok) throw new Error(english(r.say));
    const id = r.table.record.id;
    await s.service.join(id, bob);
    await s.service.start(id, alice);
    const inMoonChoice = () => stateInMemory(s, id)?.phase === "moon-choice";
    await playOut(s, id, [alice, bob], inMoonChoice);
    const t = (await s.service.get(id))!;
    expect(stateBehind(t)!.pendingMoon).toBe(1);
    const menu = handMenu(t, viewFor(stateBehind(t)!, 1), new Images(null, silentLogger()));
    const choices = (menu.components ?? [])
      .flatMap((row) => row.components)
      .map((c) => ("custom_id" in c ? decodeId(c.custom_id) : null))
      .filter((d) => d?.verb === "moon");
    expect(choices.map((c) => (c as { choice: string }).choice)).toEqual(["add", "subtract"]);
    const version = stateBehind(t)!.actionCount;
    expect(en(await s.service.moon(id, alice, "subtract", version))).toMatchObject({
      ok: false,
      message: "Only the player who shot the moon chooses how it scores.",
    });
    expect((await s.service.moon(id, bob, "subtract", version)).ok).toBe(true);
    const after = await stateNow(s, id);
    expect(after.history.at(-1)!.moon).toEqual({ shooter: 1, choice: "subtract" });
  });
});

describe("timers", () => {
  it("a computer player acts for a seat whose time ran out; repeated timeouts hand the seat over until the player rejoins", async () => {
    const s = setup({ settings: { turnSeconds: 30, timeBankSeconds: 20 } });
    const id = await openTable(s, [alice, bob]);
    await s.service.start(id, alice);
    let t = (await s.service.get(id))!;
    const hand = viewFor(stateBehind(t)!, 0).hand;
    // Alice passes; Bob does not. His pass allowance (45 s) plus bank (20 s) expires.
    await s.service.pass(id, alice, hand.slice(0, 3), stateBehind(t)!.actionCount);
    await s.clock.advance(64_000);
    t = (await s.service.get(id))!;
    expect(stateBehind(t)!.passes[1]).toBeNull();
    await s.clock.advance(2_000);
    t = (await s.service.get(id))!;
    expect(stateBehind(t)!.passes[1]).not.toBeNull();
    expect(t.record.seats[1]).toMatchObject({ timeouts: 1, botControlled: false });
    expect(t.record.timeBank[1]).toBe(0);
    const timeout = s.updates.find((u) => u.update.type === "action" && u.update.source === "timeout");
    expect(timeout?.update).toMatchObject({ seat: 1 });
    // Alice keeps playing promptly; Bob never plays: his second timeout gives the seat to a bot.
    await playOut(s, id, [alice], () => s.updates.some((u) => u.update.type === "seat" && u.update.change === "bot-took-over"));
    t = (await s.service.get(id))!;
    expect(t.record.seats[1]).toMatchObject({ botControlled: true, timeouts: 2 });
    const r = await s.service.join(id, bob);
    expect(en(r)).toMatchObject({ ok: true, message: expect.stringContaining("Welcome back") });
    expect((await s.service.get(id))!.record.seats[1]).toMatchObject({ botControlled: false, timeouts: 0 });
  });

  it("a game whose only person is away is closed, not played on by bots forever", async () => {
    const s = setup({ settings: { turnSeconds: 20, timeBankSeconds: 0 } });
    const id = await openTable(s, [alice]);
    await s.service.start(id, alice);
    await s.clock.advance(10 * 60_000);
    const t = (await s.service.get(id))!;
    expect(t.record.status).toBe("abandoned");
    expect(s.updates.at(-1)!.update).toMatchObject({ type: "closed", reason: "everyone-left" });
  });

  it("leaving mid-game hands the seat to a computer player; join takes it back", async () => {
    const s = setup();
    const id = await openTable(s, [alice, bob]);
    await s.service.start(id, alice);
    expect(en(await s.service.leave(id, bob))).toMatchObject({ ok: true, message: expect.stringContaining("computer player") });
    let t = (await s.service.get(id))!;
    await s.service.pass(id, alice, viewFor(stateBehind(t)!, 0).hand.slice(0, 3), stateBehind(t)!.actionCount);
    await s.clock.advance(600);
    t = (await s.service.get(id))!;
    expect(stateBehind(t)!.phase).toBe("playing");
    expect((await s.service.join(id, bob)).ok).toBe(true);
  });
});

describe("restart", () => {
  it("a new service on the same store resumes mid-hand, and old versions still work", async () => {
    const store = new MemoryStore();
    const clock = new ManualClock();
    const first = setup({ store, clock });
    const id = await openTable(first, [alice, bob]);
    await first.service.start(id, alice);
    await playOut(first, id, [alice, bob], () => {
      const cur = stateInMemory(first, id);
      return !!cur && cur.phase === "playing" && cur.trickNumber >= 3 && cur.turn <= 1;
    });
    const before = await stateNow(first, id);
    await first.service.stop();

    const second = setup({ store, clock });
    expect(await second.service.resume()).toBe(1);
    const t = (await second.service.get(id))!;
    expect(stateBehind(t)!.actionCount).toBe(before.actionCount);
    expect(cardsOf(stateBehind(t)!.hands[0])).toEqual(cardsOf(before.hands[0]));
    const seat = stateBehind(t)!.turn;
    const who = seat === 0 ? alice : bob;
    const card = viewFor(stateBehind(t)!, seat).legal[0];
    expect((await second.service.play(id, who, card, before.actionCount)).ok).toBe(true);
    await playOut(second, id, [alice, bob]);
    expect(store.finished).toHaveLength(1);
    await settle();
  });

  it("a table whose log does not replay is marked broken, and the others keep going", async () => {
    const store = new MemoryStore();
    const s = setup({ store });
    const id = await openTable(s, [alice]);
    await s.service.start(id, alice);
    store.actions.get(id)!.push({ seq: 0, seat: 0, action: { type: "play", seat: 0, card: parseCard("AH")! }, at: new Date() });
    const other = await s.service.open({ ...where, channelId: "800000000000000002" }, bob, {
      rules: presetRules("classic")!,
      settings: s.settings,
    });
    await s.service.stop();
    const again = setup({ store });
    expect(await again.service.resume()).toBe(1);
    expect(store.tables.get(id)!.status).toBe("broken");
    expect(other.ok && store.tables.get(other.table.record.id)!.status).toBe("lobby");
  });
});

describe("authority (the host runs the table)", () => {
  it("only the host (or Manage Channels) adds or removes computer players", async () => {
    const s = setup();
    const id = await openTable(s, [alice, bob]);
    expect(en(await s.service.addBot(id, bob, "easy"))).toMatchObject({
      ok: false,
      code: "not-host",
      message: expect.stringContaining("Only the host"),
    });
    expect((await s.service.addBot(id, alice, "easy")).ok).toBe(true);
    expect(await s.service.removeBot(id, bob)).toMatchObject({ ok: false, code: "not-host" });
    expect((await s.service.removeBot(id, { ...carol, canManage: true })).ok).toBe(true);
  });

  it("the host removes a player who stopped responding: freed in the lobby, played by a computer during the game until they rejoin", async () => {
    const s = setup();
    const id = await openTable(s, [alice, bob, carol]);
    expect(await s.service.kick(id, bob, carol.userId)).toMatchObject({ ok: false, code: "not-host" });
    expect((await s.service.kick(id, alice, carol.userId)).ok).toBe(true);
    expect((await s.service.get(id))!.record.seats.some((x) => x.userId === carol.userId)).toBe(false);
    await s.service.start(id, alice);
    expect((await s.service.kick(id, alice, bob.userId)).ok).toBe(true);
    const bobSeat = (await s.service.get(id))!.record.seats.find((x) => x.userId === bob.userId)!;
    expect(bobSeat.botControlled).toBe(true);
    expect(s.updates.some((u) => u.update.type === "seat" && u.update.seat === bobSeat.seat)).toBe(true);
    expect((await s.service.join(id, bob)).ok).toBe(true);
    expect((await s.service.get(id))!.record.seats.find((x) => x.userId === bob.userId)!.botControlled).toBe(false);
  });

  it("a rematch only follows a finished game, and keeps its host whoever presses it", async () => {
    const s = setup({ settings: { turnSeconds: 0 } });
    const id = await openTable(s, [alice, bob]);
    await s.service.start(id, alice);
    await playOut(s, id, [alice, bob]);
    const again = await s.service.rematch(id, bob);
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(again.table.record.hostId).toBe(alice.userId);
    // The previous host can still end the new lobby; an abandoned table has no rematch.
    expect((await s.service.end(again.table.record.id, alice)).ok).toBe(true);
    expect(await s.service.rematch(again.table.record.id, alice)).toMatchObject({ ok: false, code: "closed" });
  });

  it("a rematch honours the server's own cap of open tables, as a new table does", async () => {
    const s = setup({ settings: { turnSeconds: 0 } });
    const id = await openTable(s, [alice, bob]);
    await s.service.start(id, alice);
    await playOut(s, id, [alice, bob]);
    const elsewhere = await s.service.open({ ...where, channelId: "800000000000000002" }, carol, {
      rules: presetRules("classic")!,
      settings: s.settings,
      maxTables: 1,
    });
    expect(elsewhere.ok).toBe(true);
    expect(en(await s.service.rematch(id, bob, { maxTables: 1 }))).toMatchObject({
      ok: false,
      code: "table-cap",
      message: expect.stringContaining("This server already has 1 open tables"),
    });
    expect(s.service.system.tableIn(where.channelId)).toBeNull();
    expect((await s.service.rematch(id, bob, { maxTables: 2 })).ok).toBe(true);
  });
});
