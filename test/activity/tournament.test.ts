/**
 * The tournament panel beside a table that plays for a tournament (issue 32 item 6), against the
 * real bot, the fake Discord and the real TournamentService: an Activity page at a round's table
 * is sent the tournament's name, the round and its clock, then, when the round closes, the
 * standings (the top three, and the reader if further down) as the service computes them. A phone
 * and a desktop page are screenshotted.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityServer } from "../../src/activity/server.js";
import type { TournamentInfo } from "../../src/activity/protocol.js";
import { silentLogger } from "../../src/log.js";
import { TournamentService } from "../../src/table/tournament/service.js";
import { startHarness, type Harness } from "../bot/harness.js";
import { inFuture, playPeople, type Rig } from "../table/tournament/helpers.js";
import { hostActivity } from "./host.js";
import { standaloneActivity } from "./standalone.js";
import { signIn, type ActivityClient } from "./ws-client.js";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
let h: Harness;
let tours: TournamentService;
let server: ActivityServer;
let port: number;
beforeAll(async () => {
  h = await startHarness({ activity: true, renderer: null, users: 8 });
  tours = new TournamentService({
    store: h.store.tournaments,
    tables: h.bot.service,
    guilds: { get: () => Promise.resolve({ tournamentRole: null, allowedChannels: [] }) },
    log: silentLogger(),
    betweenRoundsMs: 60_000,
    retryMs: 50,
  });
  server = standaloneActivity(h, {}, { tournaments: tours });
  port = await server.start();
});
afterAll(async () => {
  await server?.stop();
  await tours?.stop();
  await h?.close();
});

const panels = (c: ActivityClient): (TournamentInfo | null)[] => c.frames.flatMap((f) => (f.t === "tournament" ? [f.tournament] : []));

describe("the tournament panel in the Activity", () => {
  it("shows a round's table its tournament, round and clock, then the standings when the round closes", async () => {
    const people = h.fake.users.map((u) => ({ userId: u.id, name: u.globalName, guildId: h.fake.guildId }));
    const made = await tours.create(
      { userId: "700000000000000001", name: "Org", manageGuild: true, guildId: h.fake.guildId },
      {
        guildId: h.fake.guildId,
        channelId: h.fake.channelId,
        name: "Friday night",
        startsAt: inFuture(),
        rounds: 2,
        handsPerRound: 1,
        rulesSpec: "classic",
        botLevel: "easy",
      },
    );
    if (!made.ok) throw new Error(made.code);
    const id = made.tournament.id;
    for (const p of people) expect((await tours.join(id, p)).ok).toBe(true);
    expect((await tours.start(id, { userId: "700000000000000001", name: "Org", manageGuild: true, guildId: h.fake.guildId })).ok).toBe(
      true,
    );
    const t = (await tours.get(id))!;
    expect(t.played).toHaveLength(1);
    const round = t.played[0];
    const annU = h.fake.users[0];
    // Each table of the round in its own private thread, opened by the chat's presenter (where its table message is).
    let annTable = null;
    for (const tableId of round.tables) {
      const v = await h.fake.waitFor(
        () => {
          const t = h.bot.service.system.openTable(tableId);
          return t?.record.threadId && h.bot.client.channels.cache.has(t.record.threadId) ? t : null;
        },
        5000,
        "the table's thread",
      );
      if (v.record.seats.some((x) => x.userId === annU.id)) annTable = v;
    }
    const where = annTable!.record.threadId!;
    const ann = await signIn(port, h.fake.oauthCode(annU), where, { keepFrames: true });
    await ann.until(() => panels(ann).length > 0, 5000, "the tournament panel");
    expect(ann.table!.id).toBe(annTable!.record.id);
    // Someone of another table of the round, at Ann's: no table, and why (the same deals are theirs to play).
    const otherU = h.fake.users.find((u) => !annTable!.record.seats.some((x) => x.userId === u.id))!;
    const other = await signIn(port, h.fake.oauthCode(otherU), where, { keepFrames: true });
    await other.until(() => other.frames.some((f) => f.t === "say"), 5000, "the reason");
    expect(other.frames.find((f) => f.t === "say")).toMatchObject({ text: expect.stringContaining("watched only by its own players") });
    expect(other.frames.filter((f) => f.t === "table").map((f) => (f as { table: unknown }).table)).toEqual([null]);
    const first = panels(ann)[0]!;
    expect(first).toMatchObject({ id, name: "Friday night", status: "playing", round: 1, rounds: 2, standings: [] });
    expect(first.clock).toMatchObject({
      startedAt: round.startedAt.getTime(),
      deadline: round.deadline.getTime(),
      closedAt: null,
      tables: 2,
    });

    await shots(where, "playing");

    // Everyone plays the round out: the page hears the standings the service computed.
    await playPeople({ tables: h.bot.service } as unknown as Rig, people, async () => !!(await tours.get(id))?.played[0].closedAt, 60_000);
    await ann.until(() => panels(ann).some((p) => p?.standings.length), 10_000, "the standings after round 1");
    const after = (await tours.get(id))!;
    const shown = panels(ann).at(-1)!;
    const name = (userId: string) => people.find((p) => p.userId === userId)!.name;
    const ranked = after.standings.filter((x) => x.deals > 0);
    const top = ranked.slice(0, 3);
    const mine = ranked.find((x) => x.id === annU.id)!;
    expect(shown.standings).toEqual([
      ...top.map((x) => ({ place: x.place, name: name(x.id), percent: x.percent, you: x.id === annU.id })),
      ...(top.includes(mine) ? [] : [{ place: mine.place, name: name(annU.id), percent: mine.percent, you: true }]),
    ]);
    expect(shown.clock!.closedAt).not.toBeNull();
    await shots(where, "closed");
    // Not one of Ann's table's frames reached the other table's player, the whole round long.
    expect(other.frames.filter((f) => f.t === "table").map((f) => (f as { table: unknown }).table)).toEqual([null]);
    other.close();
    ann.close();
  }, 120_000);
});

/** The page at 1280×800 and 360×740 (test/activity/__output__/tournament-*.png). */
async function shots(channel: string, what: string): Promise<void> {
  if (!existsSync(CHROMIUM)) return;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox"] });
  try {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 360, height: 740 },
    ]) {
      const page = await browser.newPage({ viewport });
      await hostActivity(page, {
        activityUrl: `http://127.0.0.1:${port}`,
        guildId: h.fake.guildId,
        channelId: channel,
        code: () => h.fake.oauthCode(h.fake.users[0]),
      });
      let frame = page.frames().find((f) => f.url().includes(`:${port}/`));
      for (let i = 0; !frame && i < 400; i++) {
        await new Promise((r) => setTimeout(r, 10));
        frame = page.frames().find((f) => f.url().includes(`:${port}/`));
      }
      await frame!.waitForSelector(".table .tournament", { timeout: 10_000 });
      await page.screenshot({
        path: join(import.meta.dirname, "__output__", `tournament-${what}-${viewport.width}x${viewport.height}.png`),
      });
      await page.close();
    }
  } finally {
    await browser.close();
  }
}
