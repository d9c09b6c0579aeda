/**
 * The tournament service on a real SQLite file and the real table service: sign-up, a whole
 * tournament played through its tables, reseating, standings against a computation written here,
 * a restart in the middle of a round, cancelling and a person who leaves.
 */
import { afterEach, describe, expect, it } from "vitest";
import { viewFor, type Seat } from "../../src/game/index.js";
import { stateBehind } from "../../src/table/live.js";
import { ReviewService } from "../../src/table/review.js";
import { firstLegalPlayer } from "../../src/table/players.js";
import { dealsHidden } from "../../src/table/tournament/integrity.js";
import type { TournamentView } from "../../src/table/tournament/api.js";
import type { TournamentStore } from "../../src/table/store.js";
import { ManualClock } from "../table/manual-clock.js";
import { channelId, guildId, inFuture, newDb, organiser, person, playPeople, rig, type Rig } from "../table/tournament/helpers.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function fresh(opts: { role?: string | null } = {}) {
  const db = newDb();
  const r = await rig(db.url, opts);
  cleanups.push(db.cleanup, () => r.close());
  return { db, r };
}

async function created(r: Rig, rounds: number, hands = 1): Promise<TournamentView> {
  const c = await r.service.create(organiser, {
    guildId,
    channelId,
    name: "Friday night",
    startsAt: inFuture(),
    rounds,
    handsPerRound: hands,
    rulesSpec: "classic",
    botLevel: "easy",
  });
  if (!c.ok) throw new Error(c.code);
  return c.tournament;
}

/**
 * Matchpoints written again from the finished games the tables recorded: per round, per deal and
 * seat, 2 for each other table where the same seat (held by a person) took more points, 1 where as
 * many. A person's percentage is their matchpoints over 2 × (tables compared − 1), summed.
 */
async function independentPercent(r: Rig, t: TournamentView): Promise<Map<string, number>> {
  const games = await r.store.listFinishedGames(guildId, 100);
  const mp = new Map<string, { got: number; top: number }>();
  for (const round of t.played) {
    const results = round.tables.map((id) => games.find((g) => g.tableId === id)!);
    for (let deal = 0; deal < t.handsPerRound; deal++)
      for (let seat = 0; seat < 4; seat++) {
        const field = results.flatMap((g) => {
          const p = g.players.find((x) => x.seat === seat)!;
          return p.userId ? [{ id: p.userId, score: g.hands[deal].change[seat] }] : [];
        });
        for (const me of field) {
          const row = mp.get(me.id) ?? { got: 0, top: 0 };
          for (const o of field) if (o !== me) row.got += me.score < o.score ? 2 : me.score === o.score ? 1 : 0;
          row.top += 2 * (field.length - 1);
          mp.set(me.id, row);
        }
      }
  }
  return new Map([...mp].map(([id, x]) => [id, x.top ? (100 * x.got) / x.top : NaN]));
}

const finished = (r: Rig, id: string) => async () => (await r.service.get(id))?.status === "finished";

describe("a duplicate tournament run by the service", () => {
  it("plays 9 people over 2 rounds of 1 hand: 3 tables of 3 and a computer player, the same cards everywhere, reseated, standings as computed here", async () => {
    const { r } = await fresh();
    const t = await created(r, 2);
    const people = Array.from({ length: 9 }, (_, i) => person(i));
    for (const p of people) expect((await r.service.join(t.id, p)).ok).toBe(true);
    expect((await r.service.join(t.id, people[0])).ok).toBe(false);

    const started = await r.service.start(t.id, organiser);
    expect(started.ok).toBe(true);
    const round1 = r.updates.find((x) => x.u.type === "round-started")!;
    expect(round1.u).toMatchObject({ type: "round-started", round: 1, sittingOut: [] });
    const tableIds = (round1.u as { tables: string[] }).tables;
    expect(tableIds).toHaveLength(3);
    // Every table opened already started, with its people in seats 0–2 and a computer player in seat 3, dealt the same cards.
    const opened = r.tableUpdates.filter((x) => x.update.type === "opened");
    expect(opened.map((x) => x.table.record.id).sort()).toEqual([...tableIds].sort());
    const hands = tableIds.map((id) => r.tables.system.openTable(id)!.record.seats.map((s) => s.userId === null));
    for (const h of hands) expect(h).toEqual([false, false, false, true]);
    const first = tableIds.map((id) => r.tables.system.openTable(id)!);
    // Duplicate: seat s holds the same 13 cards at every table of the round.
    for (let seat = 0; seat < 4; seat++) {
      const dealt = first.map((v) => viewFor(stateBehind(v)!, seat as Seat).hand.join());
      expect(new Set(dealt).size).toBe(1);
    }
    expect(first.every((v) => v.record.settings.hintsAllowed === false && v.record.settings.turnSeconds > 0)).toBe(true);

    await playPeople(r, people, finished(r, t.id));
    const done = (await r.service.get(t.id))!;
    expect(done.played).toHaveLength(2);
    // Reseated: nobody sits with the same two people again when a seating avoids it.
    const met = (round: number) =>
      done.played[round].seating.tables.map((x) =>
        x.seats
          .filter((s): s is string => s !== null)
          .sort()
          .join(),
      );
    expect(met(1)).not.toEqual(met(0));
    for (const a of done.played[0].seating.tables)
      for (const b of done.played[1].seating.tables) {
        const same = a.seats.filter((s) => s !== null && b.seats.includes(s));
        expect(same.length).toBeLessThanOrEqual(1);
      }
    // Each table's game is a finished game like any other (stats and ratings see it).
    const games = await r.store.listFinishedGames(guildId, 100);
    expect(games.filter((g) => done.played.flatMap((p) => p.tables).includes(g.tableId))).toHaveLength(6);
    expect(games.every((g) => g.hands.length === 1)).toBe(true);

    const mine = await independentPercent(r, done);
    expect(done.standings).toHaveLength(9);
    for (const s of done.standings) expect(s.percent).toBeCloseTo(mine.get(s.id)!, 9);
    const order = [...mine].sort((a, b) => b[1] - a[1]).map(([, p]) => p);
    expect(done.standings.map((s) => s.percent)).toEqual(order.map((p) => expect.closeTo(p, 9) as unknown as number));
    expect(r.updates.filter((x) => x.u.type === "round-closed").map((x) => (x.u as { round: number }).round)).toEqual([1, 2]);
    const fin = r.updates.find((x) => x.u.type === "finished")!.u as { podium: { place: number }[] };
    expect(fin.podium.every((p) => p.place <= 3)).toBe(true);
  }, 120_000);
});

/** Eight people, two tables of four, one round of one hand, started. */
async function eightStarted(r: Rig) {
  const t = await created(r, 1);
  const people = Array.from({ length: 8 }, (_, i) => person(i));
  for (const p of people) expect((await r.service.join(t.id, p)).ok).toBe(true);
  expect((await r.service.start(t.id, organiser)).ok).toBe(true);
  const v = (await r.service.get(t.id))!;
  const [a, b] = v.played[0].tables;
  const at = (id: string) => people.filter((p) => r.tables.system.openTable(id)!.record.seats.some((s) => s.userId === p.userId));
  return { t: v, people, a, b, atA: at(a), atB: at(b) };
}

const tableDone = (r: Rig, id: string) => async () => (await r.tables.get(id))!.record.status === "finished";

describe("the tournament's rules below both doors", () => {
  it("only Manage Server or the server's tournament role may create one; a bad start or rounds are refused with a sentence", async () => {
    const { r } = await fresh({ role: "555" });
    const o = { guildId, channelId, name: "Night", startsAt: inFuture(), rounds: 2, rulesSpec: "classic", botLevel: "easy" as const };
    const nobody = await r.service.create(person(1), o);
    expect(nobody).toMatchObject({ ok: false, code: "not-organiser", say: { area: "tournament", key: "notOrganiser" } });
    expect((await r.service.create({ ...person(1), roles: ["555"] }, o)).ok).toBe(true);
    expect(await r.service.create(organiser, { ...o, rounds: 9 })).toMatchObject({ ok: false, code: "bad-options" });
    expect(await r.service.create(organiser, { ...o, startsAt: new Date(Date.now() - 1000) })).toMatchObject({
      ok: false,
      code: "bad-options",
    });
    expect(await r.service.create(organiser, { ...o, rulesSpec: "nonsense=1" })).toMatchObject({ ok: false, code: "bad-options" });
  });

  it("no review of a round's deal while another table of the round still plays it; from its close, it may be seen", async () => {
    const { r } = await fresh();
    const { a, b, atA, atB } = await eightStarted(r);
    await playPeople(r, atA, tableDone(r, a));
    const review = new ReviewService({ store: r.store, bots: firstLegalPlayer, samples: 1, tournaments: r.store.tournaments });
    const source = (await review.lastGame(guildId, atA[0].userId))!;
    expect(source.key).toBe(`table:${a}`);
    expect(await review.review(atA[0].userId, source)).toMatchObject({ ok: false, code: "hidden", say: { key: "roundHidden" } });
    expect(await dealsHidden(r.store.tournaments, a)).not.toBeNull();
    await playPeople(
      r,
      atB,
      async () =>
        (await r.tables.get(b))!.record.status === "finished" &&
        (await r.service.get((await r.service.tournamentOf(b))!.tournamentId))!.status === "finished",
    );
    expect(await dealsHidden(r.store.tournaments, a)).toBeNull();
    expect((await review.review(atA[0].userId, source)).ok).toBe(true);
  }, 120_000);

  it("a person who leaves mid-round is played for by a computer player to the end, and their results say so; before the start leaving takes them off the list", async () => {
    const { r } = await fresh();
    const { t, people, atA } = await eightStarted(r);
    const leaver = atA[0];
    const out = await r.service.leave(t.id, leaver);
    expect(out).toMatchObject({ ok: true, say: { key: "leftPlaying" } });
    const seat = r.tables.system.openTable(t.played[0].tables[0])!.record.seats.find((s) => s.userId === leaver.userId)!;
    expect(seat.botControlled).toBe(true);
    await playPeople(
      r,
      people.filter((p) => p !== leaver),
      finished(r, t.id),
    );
    const done = (await r.service.get(t.id))!;
    const me = done.players.find((p) => p.userId === leaver.userId)!;
    expect(me).toMatchObject({ left: true, stoodIn: true });
    expect(done.standings.find((s) => s.id === leaver.userId)!.deals).toBe(1);

    const next = await created(r, 1);
    expect((await r.service.join(next.id, people[1])).ok).toBe(true);
    expect(await r.service.leave(next.id, people[1])).toMatchObject({ ok: true, say: { key: "left" } });
    expect((await r.service.get(next.id))!.players).toEqual([]);
    expect(await r.service.leave(next.id, people[1])).toMatchObject({ ok: false, code: "not-in" });
  }, 120_000);

  it("cancelled: its open tables close, it says so, and nobody may join or start it", async () => {
    const { r } = await fresh();
    const { t, people } = await eightStarted(r);
    expect(await r.service.cancel(t.id, person(3))).toMatchObject({ ok: false, code: "not-organiser" });
    expect((await r.service.cancel(t.id, organiser)).ok).toBe(true);
    expect(r.updates.at(-1)!.u).toEqual({ type: "cancelled", reason: "organiser" });
    for (const id of t.played[0].tables) expect((await r.tables.get(id))!.record.status).toBe("abandoned");
    expect(r.tables.openTableIds).toEqual([]);
    expect((await r.service.get(t.id))!.status).toBe("cancelled");
    expect(await r.service.join(t.id, people[0])).toMatchObject({ ok: false, code: "not-signup" });
    expect(await r.service.start(t.id, organiser)).toMatchObject({ ok: false, code: "not-signup" });
  }, 60_000);

  it("survives a restart in the middle of a round: the tables resume, the round closes when they finish, standings count every deal once", async () => {
    const { db, r } = await fresh();
    const { t, a, b, atA, atB } = await eightStarted(r);
    await playPeople(r, atA, tableDone(r, a));
    // Table B stops mid-hand: some cards played.
    await playPeople(r, atB, async () => ((await r.tables.get(b))!.game?.trickNumber ?? 0) >= 4);
    await r.close();
    cleanups.splice(cleanups.indexOf(r.close), 1);

    const again = await rig(db.url);
    cleanups.push(() => again.close());
    expect(await again.tables.resume()).toBe(1);
    expect(await again.service.resume()).toBe(1);
    await playPeople(again, atB, finished(again, t.id));
    const done = (await again.service.get(t.id))!;
    expect(done.played[0].finishedTables).toBe(2);
    expect(done.standings.every((s) => s.deals === 1 && s.top === 2)).toBe(true);
    expect(again.updates.map((x) => x.u.type)).toEqual(["round-closed", "finished"]);
  }, 120_000);

  it("a person who never shows up is played for by the turn clock's computer player to the round's end (their table does not close), and their results say so", async () => {
    const db = newDb();
    const clock = new ManualClock();
    clock.realWaitMs = 5;
    const r = await rig(db.url, { clock });
    cleanups.push(db.cleanup, () => r.close());
    const c = await r.service.create(organiser, {
      guildId,
      channelId,
      name: "Solo",
      startsAt: new Date(clock.now() + 60_000),
      rounds: 1,
      handsPerRound: 1,
      rulesSpec: "classic",
      botLevel: "easy",
    });
    if (!c.ok) throw new Error(c.code);
    expect((await r.service.join(c.tournament.id, person(1))).ok).toBe(true);
    // The scheduler starts it at its time; the person never comes.
    for (let i = 0; i < 200 && (await r.service.get(c.tournament.id))!.status !== "finished"; i++) await clock.advance(20_000);
    const done = (await r.service.get(c.tournament.id))!;
    expect(done.status).toBe("finished");
    expect(done.players[0]).toMatchObject({ stoodIn: true, left: false });
    expect(done.standings[0].deals).toBe(1);
    const table = (await r.tables.get(done.played[0].tables[0]))!;
    expect(table.record.status).toBe("finished");
  }, 120_000);

  it("reminds 15 minutes before the start and starts at its time; with nobody signed up it is cancelled at its time", async () => {
    const db = newDb();
    const clock = new ManualClock();
    clock.realWaitMs = 5;
    const r = await rig(db.url, { clock });
    cleanups.push(db.cleanup, () => r.close());
    const make = async (name: string) => {
      const c = await r.service.create(organiser, {
        guildId,
        channelId,
        name,
        startsAt: new Date(clock.now() + 60 * 60_000),
        rounds: 1,
        rulesSpec: "classic",
        botLevel: "easy",
      });
      if (!c.ok) throw new Error(c.code);
      return c.tournament.id;
    };
    const night = await make("Night");
    const empty = await make("Empty");
    expect((await r.service.join(night, person(1))).ok).toBe(true);
    await clock.advance(44 * 60_000);
    expect(r.updates.some((x) => x.u.type === "reminder-due")).toBe(false);
    await clock.advance(60_000);
    expect(r.updates.filter((x) => x.u.type === "reminder-due").map((x) => [x.t.id, x.u])).toEqual([
      [night, { type: "reminder-due", minutesLeft: 15 }],
      [empty, { type: "reminder-due", minutesLeft: 15 }],
    ]);
    await clock.advance(15 * 60_000);
    expect(r.updates.find((x) => x.u.type === "round-started")?.t.id).toBe(night);
    expect(r.updates.find((x) => x.u.type === "cancelled")).toMatchObject({ t: { id: empty }, u: { reason: "nobody" } });
  }, 60_000);

  it("Forget me during a tournament: the person's entry and seats take a stand-in id, and everyone else's standings stay as they were", async () => {
    const { r } = await fresh();
    const { t, people } = await eightStarted(r);
    await playPeople(r, people, finished(r, t.id));
    const before = (await r.service.get(t.id))!;
    const gone = people[2];
    await r.store.forgetUser(gone.userId);
    const after = (await r.service.get(t.id))!;
    expect(after.players.some((p) => p.userId === gone.userId)).toBe(false);
    expect(JSON.stringify(after.played)).not.toContain(gone.userId);
    const others = (v: TournamentView) => v.standings.filter((s) => s.id !== gone.userId && !s.id.startsWith("former:"));
    expect(others(after)).toEqual(others(before));
    const standIn = after.standings.find((s) => s.id.startsWith("former:"))!;
    expect(standIn.percent).toBe(before.standings.find((s) => s.id === gone.userId)!.percent);
    expect(await r.service.personal(gone.userId)).toEqual([]);
  }, 120_000);

  it("a store fault pauses the tournament (refusals say so, the front ends hear 'paused'), and it goes on when the store is back", async () => {
    const db = newDb();
    let down = false;
    const wrap = (s: TournamentStore): TournamentStore =>
      new Proxy(s, {
        get: (target, key) => {
          const v = Reflect.get(target, key) as unknown;
          return typeof v === "function"
            ? (...args: unknown[]) =>
                down ? Promise.reject(new Error("disk I/O error")) : (v as (...a: unknown[]) => unknown).apply(target, args)
            : v;
        },
      });
    const r = await rig(db.url, { wrap });
    cleanups.push(db.cleanup, () => r.close());
    const { t, people } = await eightStarted(r);
    down = true;
    expect(await r.service.join(t.id, person(20))).toMatchObject({ ok: false, code: "store-down", say: { key: "storeDown" } });
    expect(r.updates.at(-1)).toMatchObject({ t: { id: t.id, paused: true }, u: { type: "paused" } });
    expect(await r.service.start(t.id, organiser)).toMatchObject({ ok: false, code: "store-down" });
    down = false;

    await playPeople(r, people, async () => r.updates.some((x) => x.u.type === "resumed"));
    await playPeople(r, people, finished(r, t.id));
    expect((await r.service.get(t.id))!.paused).toBe(false);
  }, 120_000);
});
