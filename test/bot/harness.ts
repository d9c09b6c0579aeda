/**
 * End-to-end harness: the real bot (createHearts: the Discord bot and, when asked, the Activity) in this process on a temporary SQLite file, logged
 * in to the fake Discord through DISCORD_API_BASE, and players who act only through the fake's
 * interactions, reading only the messages Discord would show them. The e2e suites (test/bot) and
 * the reliability suites (test/reliability: fuzz, faults, bugs; long runs pass
 * `fake: { recordCalls: false, history: false }` and read calls through fake.onCall) share it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { pino } from "pino";
import { decide } from "../../src/ai/index.js";
import { readConfig, type Config } from "../../src/config.js";
import { createHearts, type Hearts, type HeartsDeps } from "../../src/app/hearts.js";
import { idleGauge } from "../../src/render/runtime/load.js";
import { decodeId } from "../../src/discord/interactions/ids.js";
import { createLogger } from "../../src/log.js";
import { openStore, type HeartsStore } from "../../src/store/index.js";
import type { BotPlayer } from "../../src/table/players.js";
import {
  EPHEMERAL,
  startFakeDiscord,
  type FakeDiscord,
  type FakeMessage,
  type FakeOptions,
  type FakeUser,
  type InteractionHandle,
} from "../fake-discord/server.js";

/** Rule-based computer players on the test's thread: fast and deterministic (hard plays as medium). */
export const fastBots: BotPlayer = {
  decide: async (view, level) => decide(view, level === "hard" ? "medium" : level),
};

export interface Harness {
  fake: FakeDiscord;
  store: HeartsStore;
  bot: Hearts;
  config: Config;
  dbUrl: string;
  /** The SQLite file (tests read what is stored there directly). */
  dbFile: string;
  /** Every line the bot logged (info and above; with E2E_LOG they are printed instead). */
  logLines: string[];
  /** The bot's log lines at warn and above, parsed (empty with E2E_LOG). */
  problems: Array<Record<string, unknown>>;
  /** Every interaction sent, by token: whose it was. */
  sent: Map<string, InteractionHandle>;
  /** Stops the bot and starts a new one on the same database (a restart); `whileStopped` runs in between, on the reopened store. */
  restart(whileStopped?: (store: HeartsStore) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/**
 * The reliability suites' bot: no pictures (their payloads are checked, not drawn), and simulated
 * people open more tables than one server may (test/bot/e2e-fair-use.test.ts tests the cap).
 */
export const RELIABILITY = { renderer: null, config: { maxTablesPerGuild: 1000 } } satisfies Parameters<typeof startHarness>[0];

export async function startHarness(
  opts: {
    renderer?: HeartsDeps["renderer"];
    config?: Partial<Config>;
    rateLimits?: boolean;
    bots?: BotPlayer;
    /** People in the fake's server (default 4). */
    users?: number;
    /** The fake Discord's other options. */
    fake?: FakeOptions;
    /** What the bot gets instead of the store (a wrapper counting its calls, say); h.store stays the store. */
    wrapStore?: (store: HeartsStore) => HeartsStore;
    /** Runs the Activity's web server (on a free port), signing in against the fake's OAuth2. */
    activity?: boolean;
    onActivityFrame?: HeartsDeps["onActivityFrame"];
    /** The Activity door's bounds; by default a page may send as fast as the simulated people act (test/activity/door.test.ts sets the real ones). */
    activityLimits?: HeartsDeps["activityLimits"];
  } = {},
): Promise<Harness> {
  const fake = await startFakeDiscord({ rateLimits: opts.rateLimits, users: opts.users, ...opts.fake });
  const dir = mkdtempSync(join(tmpdir(), "hearts-e2e-"));
  const dbFile = join(dir, "hearts.db");
  const dbUrl = `file:${dbFile}`;
  const base = readConfig({}, { requireToken: false });
  if (!base.ok) throw new Error(base.problems.join("\n"));
  const config: Config = {
    ...base.config,
    token: fake.token,
    clientId: fake.applicationId,
    apiBase: fake.apiBase,
    botDelayMs: 0,
    tableEditIntervalMs: 30,
    // The simulated people act faster than anyone can click: no budgets here, except in the
    // fair-use test, which turns them on.
    rateLimits: { perUser: 0, perGuild: 0, openCooldownS: 0 },
    ...(opts.activity ? { activity: { clientSecret: fake.clientSecret, publicUrl: "http://127.0.0.1", host: "127.0.0.1", port: 0 } } : {}),
    ...opts.config,
  };
  let store = await openStore(dbUrl);
  const logLines: string[] = [];
  const problems: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split("\n")) {
        if (!line.trim()) continue;
        logLines.push(line);
        const o = JSON.parse(line) as Record<string, unknown>;
        if ((o.level as number) >= 40) problems.push(o);
      }
      cb();
    },
  });
  const log = process.env.E2E_LOG ? createLogger({ level: process.env.E2E_LOG, format: "json" }) : pino({ level: "info" }, sink);
  const make = () =>
    createHearts(config, {
      store: opts.wrapStore ? opts.wrapStore(store) : store,
      bots: opts.bots ?? fastBots,
      renderer: opts.renderer,
      log,
      tokenClock: () => fake.now(),
      load: idleGauge,
      onActivityFrame: opts.onActivityFrame,
      activityLimits: opts.activityLimits ?? {
        messagesPerSecond: 10_000,
        messageBurst: 10_000,
        signInsPerPerson: 10_000,
        framesPerSecond: 10_000,
        frameBurst: 10_000,
        personFramesPerSecond: 10_000,
        personFrameBurst: 10_000,
        perPerson: 10_000,
      },
    });
  const h: Harness = {
    fake,
    store,
    bot: make(),
    config,
    dbUrl,
    dbFile,
    logLines,
    problems,
    sent: new Map(),
    async restart(whileStopped) {
      await h.bot.stop();
      await store.close();
      store = await openStore(dbUrl);
      h.store = store;
      await whileStopped?.(store);
      h.bot = make();
      await h.bot.start();
    },
    async close() {
      await h.bot.stop().catch(() => undefined);
      await store.close().catch(() => undefined);
      try {
        await fake.close(); // throws when a request did not match Discord's API
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  await h.bot.start();
  await fake.ready();
  return h;
}

// ---- reading what Discord shows ---------------------------------------------------------------

export function components(msg: FakeMessage | null | undefined): any[] {
  return (msg?.components ?? []).flatMap((r: any) => r.components ?? []);
}

export function findButton(msg: FakeMessage | null | undefined, pred: (c: any) => boolean): any | null {
  return components(msg).find(pred) ?? null;
}

const verbOf = (c: any) => (c.custom_id ? decodeId(c.custom_id)?.verb : undefined);
export const byVerb = (verb: string) => (c: any) => verbOf(c) === verb;

/** The channel's latest table message (the public one with the table's buttons), if any. */
export function findTableMessage(fake: FakeDiscord): FakeMessage | null {
  return (
    fake
      .channelMessages(fake.channelId)
      .filter((x) => x.embeds?.[0]?.title === "♥ Hearts")
      .at(-1) ?? null
  );
}

/** Every table message, in the channel and in its threads (a tournament table's is in its own thread). */
export function tableMessagesAnywhere(fake: FakeDiscord): FakeMessage[] {
  return [fake.channelId, ...fake.threads().map((t) => t.id as string)].flatMap((ch) =>
    fake.channelMessages(ch).filter((x) => x.embeds?.[0]?.title === "♥ Hearts"),
  );
}

export function tableMessage(fake: FakeDiscord): FakeMessage {
  const m = findTableMessage(fake);
  if (!m) throw new Error("no table message");
  return m;
}

export function tableIdOf(msg: FakeMessage): string {
  const c = components(msg).find((x) => x.custom_id && decodeId(x.custom_id));
  return decodeId(c.custom_id)!.tableId;
}

/** What a message says, embeds included. */
export function textOf(msg: FakeMessage | null | undefined): string {
  if (!msg) return "";
  return [msg.content, ...(msg.embeds ?? []).map((e: any) => `${e.title ?? ""} ${e.description ?? ""}`)].join("\n");
}

export function isEphemeral(msg: FakeMessage | null | undefined): boolean {
  return !!msg && (msg.flags & EPHEMERAL) === EPHEMERAL && msg.visibleTo !== null;
}

// ---- a person at the table ----------------------------------------------------------------------

export class Player {
  /** Their private menu message, once opened. */
  menuId: string | null = null;
  /** Times they had to reopen their menu from a ping because it was not refreshed. */
  reopened = 0;
  private seenPings = new Map<string, number>();
  private handledPing = 0n;

  constructor(
    private readonly h: Harness,
    readonly user: FakeUser,
  ) {}

  private track(handle: InteractionHandle): InteractionHandle {
    this.h.sent.set(handle.token, handle);
    return handle;
  }

  slash(subcommand: string, options?: Record<string, string | number | boolean>, channelId?: string): InteractionHandle {
    return this.track(this.h.fake.slashCommand(this.user, "hearts", { subcommand, options }, channelId));
  }

  click(messageId: string, customId: string): InteractionHandle {
    return this.track(this.h.fake.clickButton(this.user, messageId, customId));
  }

  select(messageId: string, customId: string, values: string[]): InteractionHandle {
    return this.track(this.h.fake.selectMenu(this.user, messageId, customId, values));
  }

  /** Answers as Discord would show them: the reply, or for an update the message updated. */
  async answer(handle: InteractionHandle): Promise<FakeMessage> {
    const ack = await handle.ack;
    if (ack.type === 5 || ack.type === 6) {
      // Acknowledged first (deferred): the answer is the edit or follow-up that comes after. Discord
      // waits 15 minutes for it; 15 s here, as 5 s ran out at a load average of 16-17 (the
      // tournament tests) and 30 (the French one), while the 3-s acknowledgement is the fake's to judge.
      await this.h.fake.waitFor(
        () => handle.calls().some((c) => c.path.startsWith("/webhooks/") && c.status < 300),
        15_000,
        "the answer after the deferral",
      );
    }
    return this.h.fake.waitFor(
      () => {
        const r = handle.reply();
        // A deferred answer is empty until edited.
        return r && (r.content || r.embeds.length || r.components.length) ? r : (handle.followUps()[0] ?? null);
      },
      5000,
      "an answer",
    );
  }

  /** Presses My hand on the table message (the channel's, or `at`: one of several tables there) and keeps the menu it opens. */
  async openHand(at?: () => FakeMessage | null, waitMs = 3000): Promise<FakeMessage> {
    // The table message shows My hand once its edit after Start has gone out.
    const table = await this.h.fake.waitFor(
      () => {
        const t = at ? at() : findTableMessage(this.h.fake);
        return t && findButton(t, byVerb("hand")) ? t : null;
      },
      waitMs,
      "the My hand button",
    );
    const hand = findButton(table, byVerb("hand"));
    const msg = await this.answer(this.click(table.id, hand.custom_id));
    this.menuId = msg.id;
    return msg;
  }

  menu(): FakeMessage | null {
    return this.menuId ? (this.h.fake.messages.get(this.menuId) ?? null) : null;
  }

  /**
   * Does what the menu offers, the way a person would: picks the first 3 cards and passes, plays
   * the first enabled card, or takes the moon's first choice. Returns false when there is nothing
   * to do now.
   */
  async act(): Promise<boolean> {
    const menu = this.menu();
    if (!menu) return false;
    // Acting from the menu answers every ping so far.
    const before = this.latestPing();
    const acted = await this.actOnMenu(menu);
    if (acted && before > this.handledPing) this.handledPing = before;
    return acted || this.answerPing();
  }

  /** The latest post in the game's thread that notified this person (their pings, as Discord sends them). */
  private latestPing(): bigint {
    const mine = gamePosts(this.h.fake).filter((m) => m.pings.includes(this.user.id));
    return mine.length ? BigInt(mine[mine.length - 1].id) : 0n;
  }

  private async actOnMenu(menu: FakeMessage): Promise<boolean> {
    const pick = findButton(menu, byVerb("pick"));
    if (pick) {
      await this.answer(
        this.select(
          menu.id,
          pick.custom_id,
          pick.options.slice(0, 3).map((o: any) => o.value),
        ),
      );
      // A redraw that left before the pick may land just after it; the re-sent menu keeps the pick.
      const pass = await this.h.fake
        .waitFor(() => findButton(this.menu(), (c) => verbOf(c) === "pass" && !c.disabled), 3000, "the Pass button after picking")
        .catch(() => null);
      if (!pass) throw new Error(`no Pass button after picking: ${textOf(this.menu())}`);
      await this.answer(this.click(menu.id, pass.custom_id));
      return true;
    }
    const card = findButton(menu, (c) => (verbOf(c) === "play" || verbOf(c) === "moon") && !c.disabled);
    if (card) {
      await this.answer(this.click(menu.id, card.custom_id));
      return true;
    }
    return false;
  }

  /**
   * A person notified in the thread (the bot mentions only someone whose menu cannot tell them, or
   * who seems away) presses the post's My hand button, after a moment.
   */
  private async answerPing(): Promise<boolean> {
    const now = Date.now();
    const ping = gamePosts(this.h.fake)
      .filter((m) => m.pings.includes(this.user.id) && !m.deleted && BigInt(m.id) > this.handledPing && findButton(m, byVerb("hand")))
      .at(-1);
    if (!ping) return false;
    if (!this.seenPings.has(ping.id)) this.seenPings.set(ping.id, now);
    if (now - this.seenPings.get(ping.id)! < 300) return false;
    this.handledPing = BigInt(ping.id);
    if (process.env.DEBUG_REOPEN)
      console.log(
        "REOPEN",
        this.user.username,
        JSON.stringify(ping.content.slice(0, 120)),
        "| menu was:",
        JSON.stringify(textOf(this.menu()).slice(0, 200)),
      );
    const msg = await this.answer(this.click(ping.id, findButton(ping, byVerb("hand")).custom_id));
    this.menuId = msg.id;
    this.reopened++;
    return true;
  }
}

/** Lets the players act until `done` says stop; fails if nothing moves for `stallMs`. */
export async function playUntil(_h: Harness, players: Player[], done: () => boolean, stallMs = 8000): Promise<void> {
  let last = Date.now();
  while (!done()) {
    let acted = false;
    for (const p of players) {
      // Checked before each person acts, so a short phase (a hand's passing) is not played through.
      if (done()) return;
      if (await p.act()) acted = true;
    }
    if (acted) last = Date.now();
    else {
      if (Date.now() - last > stallMs)
        throw new Error(`the game stalled: ${players.map((p) => `${p.user.username}: ${textOf(p.menu()).slice(0, 200)}`).join(" | ")}`);
      await new Promise((r) => setTimeout(r, 15));
    }
  }
}

/** The messages in the game's thread (or the channel when there is none). */
export function gamePosts(fake: FakeDiscord): FakeMessage[] {
  const thread = fake.threads()[fake.threads().length - 1];
  return fake.channelMessages(thread?.id ?? fake.channelId);
}

/** Everything the bot said in answer to one interaction (callback, edits, follow-ups), as text. */
export function saidTo(h: Harness, handle: InteractionHandle): string {
  return h.fake.calls
    .filter((c) => c.token === handle.token && c.body)
    .map((c) => {
      const b = c.body.data ?? c.body;
      return [b.content ?? "", ...(b.embeds ?? []).map((e: any) => e.description ?? "")].join("\n");
    })
    .join("\n");
}

/** The whole answer to an interaction once it came: its text (content and embeds) and its last message's buttons and id. */
export async function answerOf(h: Harness, handle: InteractionHandle): Promise<{ text: string; buttons: any[]; id: string }> {
  await handle.ack;
  await h.fake.waitFor(() => saidTo(h, handle) || null, 8000, "an answer");
  const msgs = [handle.reply(), ...handle.followUps()].filter(Boolean);
  const last = msgs[msgs.length - 1]!;
  return { text: saidTo(h, handle), buttons: (last.components ?? []).flatMap((r: any) => r.components ?? []), id: last.id };
}

/** Whether every answer to this interaction was ephemeral (seen only by its user). */
export function answeredPrivately(h: Harness, handle: InteractionHandle): boolean {
  const calls = h.fake.calls.filter((c) => c.token === handle.token && c.path.startsWith("/interactions/"));
  const msgs = [handle.reply(), ...handle.followUps()].filter(Boolean);
  return calls.length > 0 && msgs.length > 0 && msgs.every((m) => isEphemeral(m) && m!.visibleTo === handle.user.id);
}

/** Waits until the bot has sent nothing for `ms` (before jumping the fake's clock, say). */
export async function quiet(h: Harness, ms = 300): Promise<void> {
  let count = -1;
  let since = Date.now();
  for (;;) {
    if (h.fake.calls.length !== count) {
      count = h.fake.calls.length;
      since = Date.now();
    } else if (Date.now() - since >= ms) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}
