/**
 * Discord faults from the fake, each on its own table while all play at once: 500s and 429s on the
 * game's posts and edits and on interaction webhooks, a global 429, dropped gateway connections
 * (resume, reconnect request, a close that forces a new session), a dismissed private menu, a
 * deleted thread, channel or table message mid-game, permissions taken away mid-game. Every table
 * must recover and finish, or end cleanly (closed, with its reason) — none stuck; no hand leaks.
 * (test/bot/e2e-restart.test.ts covers a deleted table message, post 429s and a lobby in a
 * deleted or locked channel; these are the faults it leaves out.)
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createRng } from "../../src/game/index.js";
import { loadGame } from "../../src/store/index.js";
import type { FakeDiscord } from "../fake-discord/server.js";
import { RELIABILITY, startHarness, type Harness } from "../bot/harness.js";
import { TableDriver, tableMessageIn } from "./driver.js";
import { SecrecyChecker } from "./secrecy.js";

let b: Harness;
let secrecy: SecrecyChecker;

interface Scenario {
  name: string;
  /** Injected once the game is under way. */
  inject(fake: FakeDiscord, d: TableDriver, where: { channelId: string; threadId: string | null }): void | Promise<void>;
  /** Outcomes allowed: "finished" (recovered) and/or a clean close. */
  allow: Array<"finished" | "abandoned">;
}

const game = (where: { channelId: string; threadId: string | null }) => where.threadId ?? where.channelId;
const postsOrEdits = (ch: string) => (method: string, path: string) =>
  (method === "POST" || method === "PATCH") && path.startsWith(`/channels/${ch}/messages`);

const SCENARIOS: Scenario[] = [
  {
    name: "500s on the game's posts and edits (beyond the REST client's retries)",
    inject: (f, _d, w) => f.failNext(postsOrEdits(game(w)), { status: 500 }, 8),
    allow: ["finished"],
  },
  {
    name: "429s with retry-after on the table message's edits, and a global 429",
    inject: (f, _d, w) => (
      f.failNext(postsOrEdits(w.channelId), { status: 429, retryAfter: 0.3 }, 4),
      f.failNext(postsOrEdits(game(w)), { status: 429, retryAfter: 0.2, global: true }, 1)
    ),
    allow: ["finished"],
  },
  {
    name: "500s on interaction webhooks (answers after a deferral, menu refreshes)",
    inject: (f) => f.failNext((m, p) => m === "PATCH" && p.startsWith("/webhooks/"), { status: 500 }, 12),
    allow: ["finished"],
  },
  {
    name: "a private menu dismissed by its owner",
    inject: (f, d) => {
      for (const u of d.humans) {
        const m = d.menuOf(u);
        if (m) f.deleteMessage(m.id);
      }
    },
    allow: ["finished"],
  },
  {
    name: "the game's thread deleted mid-game",
    inject: (f, _d, w) => (w.threadId ? f.deleteChannel(w.threadId) : undefined),
    allow: ["finished"],
  },
  { name: "the table's channel deleted mid-game", inject: (f, _d, w) => f.deleteChannel(w.channelId), allow: ["abandoned"] },
  {
    name: "every permission taken in the game's thread mid-game",
    inject: (f, _d, w) => f.denyPermissions(game(w)),
    allow: ["finished", "abandoned"],
  },
  {
    name: "every permission taken in the table's channel mid-game",
    inject: (f, _d, w) => f.denyPermissions(w.channelId),
    allow: ["finished", "abandoned"],
  },
  // The gateway, for everyone: the driver's next clicks are sent while the bot is disconnected.
  { name: "gateway connection dropped (resume; events meanwhile replayed)", inject: (f) => f.dropGateway(), allow: ["finished"] },
  { name: "gateway asks the bot to reconnect (op 7)", inject: (f) => f.requestReconnect(), allow: ["finished"] },
  { name: "gateway closed with 4000", inject: (f) => f.dropGateway({ code: 4000 }), allow: ["finished"] },
  {
    name: "the table message deleted while Discord answers 500",
    inject: (f, _d, w) => (f.failNext(postsOrEdits(w.channelId), { status: 500 }, 4), f.deleteMessage(tableMessageIn(f, w.channelId)!.id)),
    allow: ["finished"],
  },
];

beforeAll(async () => {
  b = await startHarness({ users: SCENARIOS.length * 2 + 1, ...RELIABILITY });
  secrecy = new SecrecyChecker(b.fake);
});
afterAll(async () => {
  secrecy?.stop();
  await b?.close();
});

it(`${SCENARIOS.length} Discord faults at once: every table recovers or ends cleanly, none stuck, nothing leaked`, async () => {
  const { fake } = b;
  const isOver = async (id: string) => {
    const t = await b.bot.service.get(id);
    return !t || !["lobby", "passing", "playing"].includes(t.record.status);
  };
  const channels = SCENARIOS.map((s, i) => fake.addChannel(`fault-${i}`));
  await fake.waitFor(() => channels.every((c) => b.bot.client.channels.cache.has(c)) || null, 5000, "channels in the bot's cache");
  const drivers = SCENARIOS.map(
    (_, i) => new TableDriver(fake, channels[i], [fake.users[2 * i], fake.users[2 * i + 1]], createRng(100 + i), { target: 40, isOver }),
  );
  for (const d of drivers) expect(await d.open()).toBe(true);

  type Outcome = { name: string; over: boolean; status: string; actions: number; replays: boolean; allowed: boolean };
  const outcomes = await Promise.all(
    SCENARIOS.map(async (s, i): Promise<Outcome> => {
      const d = drivers[i];
      const id = d.tableId!;
      // Into the game (past the pass), then the fault.
      const end = Date.now() + 20_000;
      while (Date.now() < end && ((await b.bot.service.get(id))?.game?.actionCount ?? 0) < 12)
        if (!(await d.step())) await new Promise((r) => setTimeout(r, 20));
      const t = (await b.bot.service.get(id))!;
      await s.inject(fake, d, { channelId: t.record.channelId, threadId: t.record.threadId });
      const over = await d.playToEnd(60_000);
      const after = (await b.bot.service.get(id))!;
      const g = await loadGame(b.store, id);
      return {
        name: s.name,
        over,
        status: after.record.status,
        actions: after.record.actionCount,
        replays: g.ok,
        allowed:
          s.allow.includes(after.record.status as "finished") ||
          (s.allow.includes("abandoned") &&
            after.record.status !== "finished" &&
            after.record.status !== "broken" &&
            !["lobby", "passing", "playing"].includes(after.record.status)),
      };
    }),
  );
  for (const d of drivers) d.stop();
  console.log(
    `faults (gateway: ${fake.gateway.resumes} resumes, ${fake.gateway.identifies} identifies):\n${outcomes.map((o) => `  ${o.name}: ${o.over ? "ended" : "STUCK"} (${o.status}, ${o.actions} actions)`).join("\n")}`,
  );
  for (const o of outcomes) expect(o, o.name).toMatchObject({ over: true, replays: true, allowed: true });
  // Interactions sent while the gateway was down were answered (the fake counts any that was not).
  expect(fake.violations).toEqual([]);
  for (const d of drivers) secrecy.addTable(d.tableId!);
  const report = await secrecy.check(b.store, { logLines: b.logLines });
  console.log(
    `faults secrecy: ${report.payloads} payloads checked (${report.withCards} with cards), ${report.secrets} deal secrets looked for, ${report.leaks.length} leaks`,
  );
  expect(report.secrets).toBeGreaterThan(0);
  expect(report.leaks).toEqual([]);
}, 120_000);
