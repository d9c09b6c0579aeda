/**
 * The players and the one scheduler (src/table/players.ts, scheduler.ts): people, computer players
 * and the turn clock act through one interface, on one timer per table, on a manual clock.
 */
import { describe, expect, it } from "vitest";
import { awaiting, decisionSeed, type Action, type Seat, type SeatView } from "../../src/game/index.js";
import { stateBehind } from "../../src/table/live.js";
import { ComputerPlayer, TurnTimeout, firstLegalAction, person, type BotPlayer } from "../../src/table/players.js";
import { refuse } from "../../src/table/types.js";
import { sentence } from "../../src/i18n/index.js";
import { silentLogger } from "../../src/log.js";
import { settle } from "./manual-clock.js";
import { alice, openTable, seatView, setup, stateNow, type Setup } from "./service-helpers.js";

/** Computer players whose decisions a test can hold back, swap, or make fail; by default the first legal choice. */
class ScriptedBots implements BotPlayer {
  readonly calls: SeatView[] = [];
  /** Decides instead of the first legal choice while set (the test's script for the next decisions). */
  script: ((view: SeatView) => Promise<Action>) | null = null;

  decide(view: SeatView): Promise<Action> {
    this.calls.push(view);
    return this.script ? this.script(view) : Promise.resolve(firstLegalAction(view));
  }
}

/** A decision held until the test lets it go. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((r) => (release = r));
  return { opened, release };
}

const sourcesOf = (s: Setup) => s.updates.flatMap((u) => (u.update.type === "action" ? [[u.update.seat, u.update.source] as const] : []));

/** Alice (alone with three computer players) acts with her first legal choice until it is her turn to play in trick `trick` or later. */
async function untilAliceToPlay(s: Setup, id: string, trick: number): Promise<void> {
  for (let guard = 0; guard < 2000; guard++) {
    const st = await stateNow(s, id);
    if (st.phase === "playing" && st.turn === 0 && st.trickNumber >= trick) return;
    const t = (await s.service.get(id))!;
    if (awaiting(st).includes(0)) {
      const a = firstLegalAction(seatView(t, 0));
      const r =
        a.type === "pass"
          ? await s.service.pass(id, alice, a.cards, st.actionCount)
          : a.type === "play"
            ? await s.service.play(id, alice, a.card, st.actionCount)
            : await s.service.moon(id, alice, a.choice, st.actionCount);
      expect(r.ok).toBe(true);
    } else await s.clock.advance(500);
  }
  throw new Error("Alice never got to play");
}

describe("the players", () => {
  const ONE = { format: 1, seed: 7 } as const;
  const at = { log: silentLogger(), tableId: "t" };
  const times = { plannedAt: 1_000, deadline: 61_000 };

  it("each says when it acts unasked: a computer player after the delay, the stand-in at the deadline, a person never", () => {
    const bots = new ScriptedBots();
    expect(new ComputerPlayer(bots, "easy", ONE, 500, at).dueAt(times)).toBe(1_500);
    expect(new TurnTimeout(bots, "easy", ONE, at).dueAt(times)).toBe(61_000);
    const play: Action = { type: "play", seat: 0, card: 0 };
    expect(person(play).dueAt(times)).toBeNull();
    expect(person(play).holdsTable).toBe(true);
    expect(new TurnTimeout(bots, "easy", ONE, at).holdsTable).toBe(true);
    expect(new ComputerPlayer(bots, "easy", ONE, 500, at).holdsTable).toBe(false);
  });

  it("answer a refusal their own way: a person is told, a computer player plays its first legal card after the engine's refusal only", async () => {
    const s = setup();
    const id = await openTable(s);
    await s.service.start(id, alice);
    const view = seatView((await s.service.get(id))!, 1);
    const bad: Action = { type: "pass", seat: 1, cards: [] };
    const illegal = refuse("illegal", sentence("moves", "pass-wrong-count"));
    const raced = refuse("stale", sentence("refusals", "raced"));
    const bots = new ScriptedBots();
    expect(person(bad).insteadOf(illegal, bad, view)).toBeNull();
    expect(new ComputerPlayer(bots, "easy", ONE, 500, at).insteadOf(illegal, bad, view)).toEqual(firstLegalAction(view));
    expect(new ComputerPlayer(bots, "easy", ONE, 500, at).insteadOf(raced, bad, view)).toBeNull();
    expect(new TurnTimeout(bots, "easy", ONE, at).insteadOf(raced, bad, view)).toEqual(firstLegalAction(view));
  });

  it("decide with a seed from the table's deal secret and the move's count, and hints too: none is the secret's own bits", async () => {
    const seen: { what: string; seed?: number }[] = [];
    const bots: BotPlayer = {
      decide: async (v, level, opts) => (seen.push({ what: level, seed: opts?.seed }), firstLegalAction(v)),
      hint: async (v, opts) => (seen.push({ what: "hint", seed: opts.seed }), firstLegalAction(v)),
    };
    const s = setup({ bots, settings: { hintsAllowed: true } });
    const id = await openTable(s);
    await s.service.start(id, alice);
    const deal = (await s.store.getTable(id))!.deal;
    if (deal.format !== 2) throw new Error("a new game is format 2");
    const view = seatView((await s.service.get(id))!, 0);
    seen.length = 0;
    await new ComputerPlayer(bots, "hard", deal, 500, at).decide(view);
    expect((await s.service.hint(id, alice)).ok).toBe(true);
    const secretWords = Array.from({ length: 8 }, (_, i) => parseInt(deal.secret.slice(8 * i, 8 * i + 8), 16));
    expect(seen).toEqual([
      { what: "hard", seed: decisionSeed(deal, "bot", view.actionCount) },
      { what: "hint", seed: decisionSeed(deal, "hint", view.actionCount, 0) },
    ]);
    for (const { seed } of seen) {
      expect(Number.isInteger(seed)).toBe(true);
      expect(secretWords).not.toContain(seed);
      expect(secretWords.map((w) => (w ^ view.actionCount) >>> 0)).not.toContain(seed);
    }
  });

  it("decide with the table's seed and the move's count, at their level (the stand-in at the table's level)", async () => {
    const seen: { level: string; seed?: number }[] = [];
    const bots: BotPlayer = {
      decide: async (v, level, opts) => (seen.push({ level, seed: opts?.seed }), firstLegalAction(v)),
    };
    const s = setup();
    const id = await openTable(s);
    await s.service.start(id, alice);
    const view = seatView((await s.service.get(id))!, 2);
    await new ComputerPlayer(bots, "hard", { format: 1, seed: 0xf0 }, 500, at).decide(view);
    await new TurnTimeout(bots, "easy", { format: 1, seed: 0xf0 }, at).decide(view);
    expect(seen).toEqual([
      { level: "hard", seed: 0xf0 ^ view.actionCount },
      { level: "easy", seed: 0xf0 ^ view.actionCount },
    ]);
  });
});

describe("the scheduler", () => {
  it("runs every turn of a table on one timer", async () => {
    const s = setup({ seed: 3 });
    const id = await openTable(s);
    await s.service.start(id, alice);
    for (let step = 0; step < 40; step++) {
      // The lobby's timer went with the start; while the game waits, exactly one timer is armed.
      expect(s.clock.pending).toBe(1);
      const st = await stateNow(s, id);
      if (awaiting(st).includes(0)) {
        const a = firstLegalAction(seatView((await s.service.get(id))!, 0));
        if (a.type === "pass") await s.service.pass(id, alice, a.cards, st.actionCount);
        else if (a.type === "play") await s.service.play(id, alice, a.card, st.actionCount);
      } else await s.clock.advance(500);
    }
    expect(sourcesOf(s).some(([seat, src]) => seat === 0 && src === "player")).toBe(true);
    expect(sourcesOf(s).some(([seat, src]) => seat !== 0 && src === "bot")).toBe(true);
  });

  it("lets computer players act after the delay from the latest change: a person's pass starts it again", async () => {
    const s = setup({ seed: 3 });
    const id = await openTable(s);
    await s.service.start(id, alice);
    await s.clock.advance(300);
    const hand = seatView((await s.service.get(id))!, 0).hand;
    expect((await s.service.pass(id, alice, hand.slice(0, 3), 0)).ok).toBe(true);
    await s.clock.advance(499);
    expect(sourcesOf(s)).toEqual([[0, "player"]]);
    await s.clock.advance(1);
    expect(sourcesOf(s)).toEqual([
      [0, "player"],
      [1, "bot"],
      [2, "bot"],
      [3, "bot"],
    ]);
  });

  it("has the turn clock's stand-in act at the person's deadline (allowance, then bank), not before", async () => {
    const s = setup({ seed: 3, settings: { turnSeconds: 30, timeBankSeconds: 10 } });
    const id = await openTable(s);
    await s.service.start(id, alice);
    // Passing: 45 s, then the 10 s bank; the computer players pass meanwhile.
    await s.clock.advance(55_000 - 1);
    expect(sourcesOf(s).filter(([seat]) => seat === 0)).toEqual([]);
    await s.clock.advance(1);
    expect(sourcesOf(s).filter(([seat]) => seat === 0)).toEqual([[0, "timeout"]]);
    const t = (await s.service.get(id))!;
    expect(t.record.timeBank[0]).toBe(0);
    expect(t.record.seats[0]).toMatchObject({ timeouts: 1, botControlled: false });
  });

  it("holds the table while the stand-in decides: a click after the deadline never wins", async () => {
    const bots = new ScriptedBots();
    const s = setup({ seed: 3, bots, settings: { turnSeconds: 30, timeBankSeconds: 0 } });
    const id = await openTable(s);
    await s.service.start(id, alice);
    await s.clock.advance(1_000); // the computer players pass
    const hand = seatView((await s.service.get(id))!, 0).hand;
    const held = gate();
    bots.script = async (view) => (await held.opened, firstLegalAction(view));
    const timedOut = s.clock.advance(45_000);
    await settle();
    expect(bots.calls.at(-1)!.seat).toBe(0);
    // Alice clicks while the stand-in is deciding for her: her pass waits for it.
    const late = s.service.pass(id, alice, hand.slice(3, 6), 0);
    await settle();
    held.release();
    await timedOut;
    expect(await late).toMatchObject({ ok: false, code: "stale" });
    expect(sourcesOf(s).filter(([seat]) => seat === 0)).toEqual([[0, "timeout"]]);
    expect(stateBehind((await s.service.get(id))!)!.phase).toBe("playing");
  });

  it("lets a computer player think aside: a click meanwhile goes first, and a move thought out before an undo is dropped", async () => {
    const bots = new ScriptedBots();
    const s = setup({ seed: 11, bots });
    const id = await openTable(s);
    await s.service.start(id, alice);
    await untilAliceToPlay(s, id, 2);
    const before = await stateNow(s, id);
    const card = seatView((await s.service.get(id))!, 0).legal[0];
    expect((await s.service.play(id, alice, card, before.actionCount)).ok).toBe(true);
    // The next computer player starts thinking, slowly.
    const held = gate();
    bots.script = async (view) => (await held.opened, firstLegalAction(view));
    const thinking = s.clock.advance(500);
    await settle();
    const thoughtAbout = bots.calls.length;
    // Meanwhile Alice takes her card back and plays it again: the same turn number comes back.
    expect((await s.service.undo(id, alice, card)).ok).toBe(true);
    expect((await s.service.play(id, alice, card, before.actionCount)).ok).toBe(true);
    bots.script = null;
    held.release();
    await thinking;
    await settle();
    // The move thought out before the undo is not played; the computer player thinks again on its delay.
    expect((await s.store.loadActions(id)).length).toBe(before.actionCount + 1);
    await s.clock.advance(500);
    expect((await s.store.loadActions(id)).length).toBeGreaterThan(before.actionCount + 1);
    expect(bots.calls.length).toBeGreaterThan(thoughtAbout);
  });

  it("plays the first legal card for a computer player whose engine fails or chooses an illegal action", async () => {
    for (const failure of ["throws", "illegal"] as const) {
      const bots = new ScriptedBots();
      bots.script = (view) =>
        failure === "throws" ? Promise.reject(new Error("worker died")) : Promise.resolve({ type: "pass", seat: view.seat, cards: [] });
      const s = setup({ seed: 3, bots });
      const id = await openTable(s);
      await s.service.start(id, alice);
      const views = ([1, 2, 3] as Seat[]).map((seat) => seatView(s.service.system.openTable(id)!, seat));
      await s.clock.advance(500);
      const stored = await s.store.loadActions(id);
      expect(stored.map((a) => a.action)).toEqual(views.map(firstLegalAction));
    }
  });
});
