/**
 * A 16-person tournament (4 tables, 3 rounds of one hand) on the real bot process
 * (test/ops/bot-process.ts) and the fake Discord, as people run one: /hearts tournament create,
 * 16 Joins, the organiser's start, every table played on its buttons in its private thread. In
 * the middle of round 2 (tables mid-hand, some mid-trick) the process is killed with SIGKILL and
 * started again: every table resumes, the round closes, the tournament goes on to its podium.
 *
 * The standings everyone is told (their summary: place and percentage) are checked against
 * duplicate matchpoints computed here from the stored games themselves (each table's log replayed:
 * each seat's score per deal), by the README's rule, without the product's scoring code. Also:
 * nobody meets the same person twice (16 people over 3 rounds can always avoid it), and each
 * private thread's members are exactly its table's people.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadGame, openStore, type HeartsStore } from "../../src/store/index.js";
import { startFakeDiscord, type FakeDiscord, type FakeMessage } from "../fake-discord/server.js";
import { startedBot, type BotProcess } from "../ops/bot-process.js";
import { Player, byVerb, findButton, playUntil, tableIdOf, type Harness } from "../bot/harness.js";

let fake: FakeDiscord;
let dir: string;
let dbUrl: string;
let bot: BotProcess | null = null;

/** A short break between rounds (TOURNAMENT_BREAK_SECONDS) keeps three rounds within the test's time. */
const ENV = { TOURNAMENT_BREAK_SECONDS: "1" };

const startBot = () => startedBot(fake, dbUrl, ENV);

beforeAll(async () => {
  fake = await startFakeDiscord({ users: 16 });
  dir = mkdtempSync(join(tmpdir(), "hearts-tournament-restart-"));
  dbUrl = `file:${join(dir, "hearts.db")}`;
});

afterAll(async () => {
  if (bot && bot.proc.exitCode === null) {
    bot.proc.kill("SIGKILL");
    await bot.exited;
  }
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The table messages (with My hand) in private threads not seen before: a round's tables. */
function newTables(seen: Set<string>): FakeMessage[] {
  return fake
    .threads()
    .filter((t) => t.type === 12 && !seen.has(t.id as string))
    .flatMap((t) =>
      fake.channelMessages(t.id as string).filter((m) => m.embeds?.[0]?.title === "♥ Hearts" && findButton(m, byVerb("hand"))),
    );
}

const channelText = () =>
  fake
    .channelMessages(fake.channelId)
    .map((m) => m.content)
    .join("\n");

interface Row {
  id: string;
  mp: number;
  top: number;
  field: number;
  points: number;
  deals: number;
}

/**
 * Duplicate matchpoints, written from the README ("Tournaments"): on each deal a person's seat is
 * compared with the same seat at each other table of the round (people's seats only): 2 for each
 * table where that seat took more points, 1 for the same, 0 for fewer. Standings: matchpoints as a
 * percentage of the top; ties go to fewer points against the field (own score minus the others'
 * average, per deal), then fewer points per deal; people equal on all three share the place.
 */
function expectedStandings(rounds: Array<Array<{ seats: (string | null)[]; deals: number[][] }>>, ids: string[]) {
  const rows = new Map<string, Row>(ids.map((id) => [id, { id, mp: 0, top: 0, field: 0, points: 0, deals: 0 }]));
  for (const tables of rounds) {
    const nDeals = Math.max(...tables.map((t) => t.deals.length));
    for (let d = 0; d < nDeals; d++)
      for (let seat = 0; seat < 4; seat++) {
        const here = tables
          .filter((t) => t.seats[seat] !== null && t.deals[d])
          .map((t) => ({ id: t.seats[seat]!, score: t.deals[d][seat] }));
        for (const me of here) {
          const others = here.filter((o) => o !== me);
          const row = rows.get(me.id)!;
          row.mp += others.reduce((s, o) => s + (o.score > me.score ? 2 : o.score === me.score ? 1 : 0), 0);
          row.top += 2 * others.length;
          row.field += others.length ? me.score - others.reduce((s, o) => s + o.score, 0) / others.length : 0;
          row.points += me.score;
          row.deals++;
        }
      }
  }
  const key = (r: Row) => [r.mp / r.top, -r.field / r.deals, -r.points / r.deals];
  const list = [...rows.values()].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    for (let i = 0; i < 3; i++) if (Math.abs(x[i] - y[i]) > 1e-9) return y[i] - x[i];
    return 0;
  });
  const same = (a: Row, b: Row) => key(a).every((v, i) => Math.abs(v - key(b)[i]) <= 1e-9);
  const places = new Map<string, number>();
  list.forEach((r, i) => places.set(r.id, i > 0 && same(list[i - 1], r) ? places.get(list[i - 1].id)! : i + 1));
  return list.map((r) => ({ id: r.id, place: places.get(r.id)!, percent: (100 * r.mp) / r.top }));
}

it("16 people, 4 tables, 3 rounds: a kill -9 mid round 2, every table resumes, and the standings told match duplicate scoring computed from the stored games", async () => {
  const started = Date.now();
  bot = await startBot();
  const h = { fake, sent: new Map() } as unknown as Harness;
  const people = fake.users.map((u) => new Player(h, u));
  const [organiser] = people;
  fake.grant(organiser.user, "ManageGuild");
  const command = (subcommand: string, options?: Record<string, string | number>) => {
    const handle = fake.slashCommand(organiser.user, "hearts", { group: "tournament", subcommand, options });
    h.sent.set(handle.token, handle);
    return handle;
  };
  expect((await organiser.answer(command("create", { name: "Big night", start: "in 30 min", rounds: 3, hands: 1 }))).content).toContain(
    "**Big night** is planned",
  );
  const signup = await fake.waitFor(
    () => fake.channelMessages(fake.channelId).find((m) => m.embeds?.[0]?.title?.startsWith("🏆")) ?? null,
    5000,
    "the sign-up message",
  );
  for (const p of people)
    expect((await p.answer(p.click(signup.id, findButton(signup, byVerb("tjoin")).custom_id))).content).toContain("You are in");
  expect((await organiser.answer(command("start"))).content).toContain("**Big night** starts now");

  const seen = new Set<string>();
  /** Per round: its 4 table messages (their threads). */
  const roundTables: FakeMessage[][] = [];
  const reader: HeartsStore = await openStore(dbUrl);
  try {
    /** Waits for the round's 4 tables, and everyone opens their hand at theirs. */
    const openRound = async (round: number) => {
      const tables = await fake.waitFor(() => (newTables(seen).length === 4 ? newTables(seen) : null), 20_000, `round ${round}'s 4 tables`);
      for (const t of tables) seen.add(t.channel_id);
      roundTables.push(tables);
      await openHands(tables);
      return tables;
    };
    const openHands = async (tables: FakeMessage[]) => {
      for (const p of people) {
        const mine = tables.find((m) => fake.threadMembers.get(m.channel_id)?.has(p.user.id));
        expect(mine, `${p.user.username}'s table`).toBeTruthy();
        await p.openHand(() => fake.messages.get(mine!.id) ?? null, 10_000);
      }
    };
    const closed = (round: number) => () => channelText().includes(`standings after round ${round} of 3`);

    await openRound(1);
    await playUntil(h, people, closed(1), 20_000);

    // Round 2: played until the passes are made and about five cards are down at each table, then killed.
    const tables2 = await openRound(2);
    const before = h.sent.size;
    await playUntil(h, people, () => h.sent.size >= before + 32 + 20, 20_000);
    const killedAt = await Promise.all(
      tables2.map(async (m) => {
        const g = await loadGame(reader, tableIdOf(m));
        if (!g.ok) throw new Error(g.message);
        return { phase: g.state.phase, trickCards: g.state.trick.length, trickNumber: g.state.trickNumber };
      }),
    );
    bot.proc.kill("SIGKILL");
    await bot.exited;
    expect(
      killedAt.every((k) => k.phase === "playing"),
      JSON.stringify(killedAt),
    ).toBe(true);
    expect(
      killedAt.some((k) => k.trickCards > 0),
      `a table mid-trick: ${JSON.stringify(killedAt)}`,
    ).toBe(true);
    bot = await startBot();
    // Everyone goes back to their table's message for a fresh hand.
    await openHands(tables2.map((m) => fake.messages.get(m.id)!));
    await playUntil(h, people, closed(2), 25_000);

    await openRound(3);
    await playUntil(h, people, () => channelText().includes("**Big night** is over"), 20_000);
    const summaries = () =>
      channelText()
        .split("\n")
        .filter((l) => l.includes("You finished"));
    await fake.waitFor(() => summaries().length >= 16 || null, 10_000, "everyone's summary");

    // The stored tournament: three rounds, every table finished.
    const [t] = await reader.tournaments.list({ guildId: fake.guildId, statuses: ["finished"] });
    expect(t.name).toBe("Big night");
    expect(t.played.map((r) => r.tables.length)).toEqual([4, 4, 4]);
    expect(t.played.every((r) => r.closedAt && r.tables.every((x) => x.finishedAt))).toBe(true);

    // Each table's hand, replayed from its stored log: who sat where and each seat's score.
    const rounds = await Promise.all(
      t.played
        .sort((a, b) => a.round - b.round)
        .map((r) =>
          Promise.all(
            r.tables.map(async (x) => {
              const table = (await reader.getTable(x.tableId))!;
              const g = await loadGame(reader, x.tableId);
              if (!g.ok) throw new Error(g.message);
              const seats = [0, 1, 2, 3].map((s) => table.seats.find((seat) => seat.seat === s)?.userId ?? null);
              return { seats, deals: g.state.history.slice(0, 1).map((hand) => hand.change.slice()) };
            }),
          ),
        ),
    );
    for (const tables of rounds) for (const x of tables) expect(x.deals).toHaveLength(1);
    const ids = people.map((p) => p.user.id);
    const expected = expectedStandings(rounds, ids);

    // What each person was told: their place of 16 and their percentage.
    const nameOf = new Map(people.map((p) => [p.user.id, p.user.globalName]));
    const told = new Map(
      summaries().map((l) => {
        const m = /^\*\*(.+?)\*\*: You finished (\d+) of 16, with ([\d.]+)% of the matchpoints over 3 deals\./.exec(l);
        expect(m, l).toBeTruthy();
        return [m![1], { place: Number(m![2]), percent: m![3] }];
      }),
    );
    expect(told.size).toBe(16);
    for (const e of expected)
      expect(told.get(nameOf.get(e.id)!), nameOf.get(e.id)).toEqual({ place: e.place, percent: e.percent.toFixed(1) });

    // Nobody met the same person twice.
    const met = new Map<string, number>();
    for (const tables of rounds)
      for (const x of tables) {
        const here = x.seats.filter((s): s is string => s !== null);
        expect(here).toHaveLength(4);
        for (let i = 0; i < 4; i++)
          for (let j = i + 1; j < 4; j++) met.set([here[i], here[j]].sort().join(), (met.get([here[i], here[j]].sort().join()) ?? 0) + 1);
      }
    expect(
      [...met.values()].filter((n) => n > 1),
      "pairs who met twice",
    ).toEqual([]);
    expect(met.size).toBe((16 * 9) / 2);

    // Each round's private threads: exactly the table's people.
    roundTables.forEach((tables, r) =>
      tables.forEach((m) => {
        const x = rounds[r].find((_, i) => t.played[r].tables[i].tableId === tableIdOf(m))!;
        expect([...(fake.threadMembers.get(m.channel_id) ?? [])].sort()).toEqual(x.seats.filter((s) => s !== null).sort());
      }),
    );
    expect(fake.violations).toEqual([]);
    console.log(`16-person tournament with a kill -9: ${Date.now() - started} ms`);
  } finally {
    await reader.close();
  }
}, 120_000);
