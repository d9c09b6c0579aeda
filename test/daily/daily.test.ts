/** The daily challenge's domain and service: day numbers, secret deals, determinism, scoring, streaks, one attempt, resume. */
import { createHmac } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { decide } from "../../src/ai/index.js";
import {
  DAILY_HANDS,
  bestPerHand,
  dailyDeal,
  dailyRules,
  dayNumber,
  dayStart,
  rankResults,
  shareLine,
  streakOf,
} from "../../src/daily/challenge.js";
import { DailyService } from "../../src/daily/service.js";
import { decodeId, encodeId } from "../../src/discord/interactions/ids.js";
import { cardCode, type Action, type SeatView } from "../../src/game/index.js";
import { messages } from "../../src/i18n/index.js";
import { renderDailyBoard } from "../../src/render/index.js";
import { cutName } from "../../src/render/text.js";
import { openStore, type HeartsStore } from "../../src/store/index.js";
import type { BotPlayer } from "../../src/table/players.js";
import { tempDb } from "../store/helpers.js";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** Medium with the given seed: fast, and deterministic in (view, seed) as the hard search is. */
const seededBots = (calls: string[] = []): BotPlayer => ({
  decide: async (view, _level, opts) => {
    calls.push(`${view.seat}@${view.actionCount}:${opts?.seed}:${opts?.samples}${opts?.background ? ":bg" : ""}`);
    return decide(view, "medium", { seed: opts?.seed, samples: opts?.samples });
  },
});

async function store(): Promise<HeartsStore> {
  const db = tempDb();
  const s = await openStore(db.url);
  cleanups.push(async () => {
    await s.close();
    db.cleanup();
  });
  return s;
}

/** Plays the person's turns with the lowest legal card (and the first three cards to pass). */
function choose(view: SeatView): Action {
  if (view.phase === "passing") return { type: "pass", seat: 0, cards: view.hand.slice(0, 3) };
  if (view.phase === "moon-choice") return { type: "moon", seat: 0, choice: "add" };
  return { type: "play", seat: 0, card: view.legal[0] };
}

async function playThrough(svc: DailyService, guild: string, user: string): Promise<{ points: number; seen: string[] }> {
  let r = await svc.play(guild, { id: user, name: user });
  const seen: string[] = [];
  while (r.ok && !r.result) {
    seen.push(`${r.view.handIndex}:${r.view.hand.map(cardCode).join("")}:${r.view.trick.map(cardCode).join("")}`);
    r = await svc.act(guild, user, r.day, r.view.actionCount, choose(r.view));
  }
  if (!r.ok) throw new Error(`refused: ${r.code}`);
  return { points: r.result!.points, seen };
}

describe("the daily challenge's domain", () => {
  it("numbers days from the epoch in UTC", () => {
    expect(dayNumber(Date.UTC(2026, 0, 1, 0, 0))).toBe(1);
    expect(dayNumber(Date.UTC(2026, 0, 1, 23, 59))).toBe(1);
    expect(dayNumber(Date.UTC(2026, 0, 2))).toBe(2);
    expect(dayStart(dayNumber(Date.UTC(2026, 10, 24, 13)))).toEqual(new Date(Date.UTC(2026, 10, 24)));
  });

  it("derives the deals from the salt: another salt or day gives another game", () => {
    expect(dailyDeal("s", 5, "classic")).toEqual(dailyDeal("s", 5, "classic"));
    expect(dailyDeal("s", 5, "classic")).not.toEqual(dailyDeal("t", 5, "classic"));
    expect(dailyDeal("s", 5, "classic")).not.toEqual(dailyDeal("s", 6, "classic"));
  });

  it("keys the day's deals with the whole 256-bit HMAC of the day under the salt (format 2), attempts stored before with its first 32 bits", () => {
    const mac = createHmac("sha256", "s").update("hearts-daily:5:classic").digest();
    expect(dailyDeal("s", 5, "classic")).toEqual({ format: 2, secret: mac.toString("hex") });
    expect(dailyDeal("s", 5, "classic", 1)).toEqual({ format: 1, seed: mac.readUInt32BE(0) });
  });

  it("plays the four pass directions and never ends before the last hand", () => {
    const r = dailyRules("black-maria");
    expect(r.passCycle).toBe("left-right-across-hold");
    expect(r.highSpades).toBe(true);
    expect(r.target).toBeGreaterThan(26 * DAILY_HANDS);
    expect(dailyRules("nonsense").passCycle).toBe("left-right-across-hold");
  });

  it("ranks by points, then the earlier finish (Q♠ taken break no tie); streaks count days in a row", () => {
    const at = (m: number) => new Date(Date.UTC(2026, 10, 24, 10, m));
    const ranked = rankResults([
      { userId: "c", name: "C", points: 9, perHand: [9, 0, 0, 0], queens: 0, finishedAt: at(3) },
      { userId: "a", name: "A", points: 9, perHand: [0, 0, 0, 9], queens: 0, finishedAt: at(1) },
      { userId: "b", name: "B", points: 9, perHand: [13, 0, 0, -4], queens: 1, finishedAt: at(0) },
      { userId: "d", name: "D", points: 2, perHand: [2, 0, 0, 0], queens: 0, finishedAt: at(9) },
    ]);
    expect(ranked.map((r) => r.userId)).toEqual(["d", "b", "a", "c"]);
    expect(bestPerHand(ranked)).toEqual([0, 0, 0, -4]);
    expect(streakOf([10, 9, 8, 6], 10)).toBe(3);
    expect(streakOf([9, 8], 10)).toBe(2);
    expect(streakOf([8], 10)).toBe(0);
  });

  it("draws the board: a PNG with a row per player", () => {
    const png = renderDailyBoard({
      title: "Hearts daily #412",
      columns: { player: "PLAYER", points: "POINTS", hands: "HANDS" },
      rows: [
        { rank: 1, name: "Ann", points: 3, perHand: [0, 3, 0, 0], moons: [false, false, false, false], mine: true },
        { rank: 2, name: "Bob", points: 26, perHand: [26, 0, 0, 0], moons: [false, false, false, false], mine: false },
      ],
    });
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(png.length).toBeGreaterThan(2000);
  });

  it("cuts a long name on the board between whole characters, never inside an emoji", () => {
    const family = "👨‍👩‍👧‍👦";
    const name = `${"a".repeat(25)}${family}${family}`;
    const cut = cutName(name, 28);
    expect(cut.length).toBeLessThanOrEqual(28);
    expect(cut).toBe(`${"a".repeat(25)}…`);
    expect(cutName(`${"b".repeat(14)}${family}xyzw`, 28)).toBe(`${"b".repeat(14)}${family}xy…`);
    expect(cutName("Ann", 28)).toBe("Ann");
  });

  it("reads a daily button's day as digits only: anything else is not one of our buttons", () => {
    expect(decodeId(encodeId({ verb: "dplay", tableId: "329", version: 12, card: 0 }))).toMatchObject({ verb: "dplay", tableId: "329" });
    expect(decodeId("h1:dshare:329")).toEqual({ verb: "dshare", tableId: "329" });
    for (const raw of [
      "h1:dshare:abc",
      "h1:dshare:0",
      "h1:dshare:-1",
      "h1:dshare:1e3",
      "h1:dplay:x9:c:QS",
      "h1:dpick:12345678:0",
      "h1:dmoon:_:1:add",
    ])
      expect(decodeId(raw)).toBeNull();
  });

  it("shares a line with the score and squares, and no card, in the server's language", () => {
    const score = { points: 9, perHand: [0, 1, 8, 0], moons: [false, false, false, false] };
    const line = shareLine(messages("en").daily, 412, score);
    expect(line).toBe("Hearts daily #412 · 9 pts · 🟩🟨🟥🟩");
    expect(line).not.toMatch(/[♠♥♦♣]|\b([2-9TJQKA])[CDSH]\b/);
    // A French server reads the game's French name and French words ("Hearts daily", "pts" were English).
    expect(shareLine(messages("fr").daily, 412, score)).toBe("Dame de pique · défi n° 412 · 9 points · 🟩🟨🟥🟩");
    expect(shareLine(messages("fr").daily, 413, { ...score, points: 1 })).toContain("· 1 point ·");
  });
});

describe("the daily service", () => {
  const now = () => Date.UTC(2026, 10, 24, 12);

  it("gives two people the same deals and the same computer decisions, one attempt each", async () => {
    const s = await store();
    const calls: string[][] = [[], []];
    const a = new DailyService({ store: s, bots: seededBots(calls[0]), salt: "test-salt", now, samples: 12 });
    const first = await playThrough(a, "g", "ann");
    const b = new DailyService({ store: s, bots: seededBots(calls[1]), salt: "test-salt", now, samples: 12 });
    const second = await playThrough(b, "g", "bob");
    expect(second.seen).toEqual(first.seen);
    expect(calls[1]).toEqual(calls[0]);
    expect(calls[0][0]).toMatch(/:12$/);
    expect(second.points).toBe(first.points);
    // One attempt: playing again shows the result, and acting is refused.
    const again = await a.play("g", { id: "ann", name: "ann" });
    expect(again.ok && again.result?.points).toBe(first.points);
    expect((await a.act("g", "ann", again.ok ? again.day : 0, 0, { type: "play", seat: 0, card: 0 })).ok).toBe(false);
    const board = await a.board("g", "ann");
    expect(board.ranking.map((r) => r.userId)).toEqual(["ann", "bob"]);
    expect(board.me).toMatchObject({ streak: 1, best: first.points, rank: 1 });
    expect(board.compare).toBeNull();
  });

  it("resumes an attempt from the store (a new service, as after a restart) and refuses stale menus", async () => {
    const s = await store();
    const one = new DailyService({ store: s, bots: seededBots(), salt: "x", now, samples: 8 });
    let r = await one.play("g", { id: "cy", name: "Cy" });
    if (!r.ok) throw new Error("refused");
    r = await one.act("g", "cy", r.day, r.view.actionCount, choose(r.view));
    if (!r.ok) throw new Error("refused");
    const two = new DailyService({ store: s, bots: seededBots(), salt: "x", now, samples: 8 });
    const back = await two.play("g", { id: "cy", name: "Cy" });
    expect(back.ok && back.started).toBe(false);
    expect(back.ok && back.view).toEqual(r.view);
    const stale = await two.act("g", "cy", r.day, 0, choose(r.view));
    expect(stale).toMatchObject({ ok: false, code: "stale" });
  });

  it("is off when the server turned it off; after the day closes, shows the server's best and the hard player's own score", async () => {
    const s = await store();
    await s.updateGuildSettings("off", { dailyEnabled: false });
    let t = now();
    const calls: string[] = [];
    const svc = new DailyService({ store: s, bots: seededBots(calls), salt: "y", now: () => t, samples: 8 });
    expect(await svc.play("off", { id: "u", name: "U" })).toMatchObject({ ok: false, code: "disabled" });
    const { points } = await playThrough(svc, "g", "dee");
    t += 86_400_000;
    const board = await svc.board("g", "dee", dayNumber(now()));
    expect(board.closed).toBe(true);
    expect(board.compare!.best.reduce((x, y) => x! + y!, 0)).toBe(points);
    expect(board.compare!.hard).toHaveLength(DAILY_HANDS);
    expect(calls.some((c) => c.endsWith(":bg"))).toBe(true);
    expect(await s.getCached("daily-hard", `${dayNumber(now())}|classic|2`)).toBe(JSON.stringify(board.compare!.hard));
  });
});

describe("the daily: one attempt per person per day, everywhere", () => {
  const now = () => Date.UTC(2026, 10, 24, 12);
  // Forget me takes Discord ids (digits only).
  const ANN = "100000000000000001";
  const BOB = "100000000000000002";

  it("brings back the same attempt on a second server instead of a fresh one", async () => {
    const s = await store();
    const svc = new DailyService({ store: s, bots: seededBots(), salt: "one", now, samples: 8 });
    const { points } = await playThrough(svc, "g1", ANN);
    const elsewhere = await svc.play("g2", { id: ANN, name: "Ann" });
    expect(elsewhere).toMatchObject({ ok: true, started: false, elsewhere: true, result: { points } });
    // Half-played on one server, it goes on (not restarts) on the other.
    const first = await svc.play("g1", { id: BOB, name: "Bob" });
    if (!first.ok) throw new Error("refused");
    const moved = await svc.act("g2", BOB, first.day, first.view.actionCount, choose(first.view));
    expect(moved.ok).toBe(true);
    const back = await svc.play("g2", { id: BOB, name: "Bob" });
    expect(back).toMatchObject({ ok: true, started: false, elsewhere: true });
    expect(back.ok && back.view.actionCount).toBe(moved.ok && moved.view.actionCount);
    // It is ranked on the server where it started.
    expect((await svc.board("g2", ANN)).ranking).toEqual([]);
    expect((await svc.board("g1", ANN)).ranking.map((r) => r.userId)).toEqual([ANN]);
  });

  it("Forget me and a purge leave a tombstone with no user id: that day's attempt cannot start again", async () => {
    const s = await store();
    const svc = new DailyService({ store: s, bots: seededBots(), salt: "two", now, samples: 8 });
    const started = await svc.play("g", { id: ANN, name: "Ann" });
    expect(started.ok).toBe(true);
    await s.forgetUser(ANN);
    expect((await s.personalData(ANN)).dailies).toBe(0);
    expect(await svc.play("g", { id: ANN, name: "Ann" })).toMatchObject({ ok: false, code: "forgotten" });
    expect(await svc.play("elsewhere", { id: ANN, name: "Ann" })).toMatchObject({ ok: false, code: "forgotten" });
    await playThrough(svc, "h", BOB);
    await s.purgeGuild("h");
    expect(await svc.play("h", { id: BOB, name: "Bob" })).toMatchObject({ ok: false, code: "forgotten" });
    // The tombstones name nobody: no user id, only keyed hashes.
    const rows = await (
      s as unknown as { prisma: { dailyTombstone: { findMany(): Promise<Array<{ key: string }>> } } }
    ).prisma.dailyTombstone.findMany();
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.key).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(r)).not.toContain(ANN);
      expect(JSON.stringify(r)).not.toContain(BOB);
    }
    // The next day is a new attempt.
    const tomorrow = new DailyService({ store: s, bots: seededBots(), salt: "two", now: () => now() + 86_400_000, samples: 8 });
    expect(await tomorrow.play("g", { id: ANN, name: "Ann" })).toMatchObject({ ok: true, started: true });
  });

  it("shows ranks and totals only, nothing per hand, until you have finished today's set", async () => {
    const s = await store();
    const svc = new DailyService({ store: s, bots: seededBots(), salt: "three", now, samples: 8 });
    await playThrough(svc, "g", ANN);
    const before = await svc.board("g", BOB);
    expect(before.handsHidden).toBe(true);
    expect(before.ranking).toHaveLength(1);
    expect(before.ranking[0]).toMatchObject({ userId: ANN, perHand: [], moons: [] });
    await playThrough(svc, "g", BOB);
    const after = await svc.board("g", BOB);
    expect(after.handsHidden).toBe(false);
    for (const r of after.ranking) expect(r.perHand).toHaveLength(DAILY_HANDS);
  });

  it("fixes the day's rules at its first start: a change of the server's rules waits for tomorrow", async () => {
    const s = await store();
    const svc = new DailyService({ store: s, bots: seededBots(), salt: "four", now, samples: 8 });
    const day = svc.today();
    await svc.play("g", { id: ANN, name: "Ann" });
    // Nobody has finished yet, and the admin changes the rules.
    await s.updateGuildSettings("g", { dailyRules: "black-maria" });
    await svc.play("g", { id: BOB, name: "Bob" });
    expect((await s.getDailySession("g", day, BOB))!.rulesSpec).toBe("classic");
    const tomorrow = new DailyService({ store: s, bots: seededBots(), salt: "four", now: () => now() + 86_400_000, samples: 8 });
    await tomorrow.play("g", { id: BOB, name: "Bob" });
    expect((await s.getDailySession("g", day + 1, BOB))!.rulesSpec).toBe("black-maria");
  });

  it("never searches on this thread: when the computer players can't decide now, it says so and resumes from the stored actions", async () => {
    const s = await store();
    let down = false;
    const calls: string[] = [];
    const inner = seededBots(calls);
    const bots: BotPlayer = {
      decide: (view, level, opts) =>
        down ? Promise.reject(new Error("The daily's computer players are busy right now.")) : inner.decide(view, level, opts),
    };
    const svc = new DailyService({ store: s, bots, salt: "five", now, samples: 8 });
    let r = await svc.play("g", { id: ANN, name: "Ann" });
    if (!r.ok) throw new Error("refused");
    const day = r.day;
    down = true;
    const busy = await svc.act("g", ANN, day, r.view.actionCount, choose(r.view));
    expect(busy).toMatchObject({ ok: false, code: "busy" });
    // The person's action was kept, and no computer action was made up.
    const kept = await s.getDailySession("g", day, ANN);
    expect(kept!.actions.length).toBe(r.view.actionCount + 1);
    expect(await svc.play("g", { id: ANN, name: "Ann" })).toMatchObject({ ok: false, code: "busy" });
    down = false;
    const back = await svc.play("g", { id: ANN, name: "Ann" });
    expect(back).toMatchObject({ ok: true, started: false });
    if (!back.ok) throw new Error("refused");
    expect(back.view.actionCount).toBeGreaterThan(kept!.actions.length);
    // The computer players asked for the daily lane.
    expect(calls.length).toBeGreaterThan(0);
    r = back;
    while (r.ok && !r.result) r = await svc.act("g", ANN, day, r.view.actionCount, choose(r.view));
    expect(r.ok && r.result).toBeTruthy();
  });
});
