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
import { cardCode, type Action, type SeatView } from "../../src/game/index.js";
import { renderDailyBoard } from "../../src/render/index.js";
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

  it("ranks by points, then fewer Q♠, then the earlier finish; streaks count days in a row", () => {
    const at = (m: number) => new Date(Date.UTC(2026, 10, 24, 10, m));
    const ranked = rankResults([
      { userId: "c", name: "C", points: 9, perHand: [9, 0, 0, 0], queens: 0, finishedAt: at(3) },
      { userId: "a", name: "A", points: 9, perHand: [0, 0, 0, 9], queens: 0, finishedAt: at(1) },
      { userId: "b", name: "B", points: 9, perHand: [13, 0, 0, -4], queens: 1, finishedAt: at(0) },
      { userId: "d", name: "D", points: 2, perHand: [2, 0, 0, 0], queens: 0, finishedAt: at(9) },
    ]);
    expect(ranked.map((r) => r.userId)).toEqual(["d", "a", "c", "b"]);
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

  it("shares a line with the score and squares, and no card", () => {
    const line = shareLine(412, { points: 9, perHand: [0, 1, 8, 0] }, [false, false, false, false]);
    expect(line).toBe("Hearts daily #412 · 9 pts · 🟩🟨🟥🟩");
    expect(line).not.toMatch(/[♠♥♦♣]|\b([2-9TJQKA])[CDSH]\b/);
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
