/**
 * Sharding at scale, end to end: `npm start` with SHARDS=auto runs discord.js's ShardingManager,
 * which asks the fake Discord (GET /gateway/bot) for the shard count and starts 4 real bot
 * processes. They play many games at once, in several guilds per shard, against one SQLite file;
 * people are simulated through the fake's interactions, the other seats are computer players.
 * Midway one shard process is killed: the manager starts it again and it resumes exactly its own
 * guilds' open tables while the other shards play on. Afterwards nothing is lost or duplicated:
 * every table's log replays to its final state with contiguous sequence numbers, each finished game
 * is recorded once, and each guild's standings are what its own games give. The Activity runs on the
 * manager's one port: a page's connection is piped to the shard of its server and plays there.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeId } from "../../src/discord/interactions/ids.js";
import type { ClientMessage, TableFrame } from "../../src/activity/protocol.js";
import { replay, type Action, type Rules } from "../../src/game/index.js";
import { restartDelay } from "../../src/app/shards/plan.js";
import { shardOf } from "../../src/shard-of.js";
import { openStore } from "../../src/store/index.js";
import {
  startFakeDiscord,
  type FakeDiscord,
  type FakeGuild,
  type FakeMessage,
  type FakeUser,
  type InteractionHandle,
} from "../fake-discord/server.js";
import { ActivityClient, signIn, simpleMove } from "../activity/ws-client.js";
import { compiled } from "../ops/compiled.js";

const SHARDS = 4;
/** 2: a shard still holds several guilds (8 in all, 24 games, every check the same as with 3 and 36). */
const GUILDS_PER_SHARD = Number(process.env.SCALE_GUILDS_PER_SHARD ?? 2);
/** 3: the leaderboard ranks a player from their third counted game. */
const GAMES_PER_GUILD = Number(process.env.SCALE_GAMES ?? 3);
/** The shard process killed midway. */
const VICTIM = 2;
/** Each guild's person pauses at this action of their second game until the victim is back. */
const HOLD_AT = { game: Math.min(1, GAMES_PER_GUILD - 1), actions: 4 };

interface LogLine {
  pid: number;
  shard?: number;
  msg: string;
  /** Table events name their table tableId (src/log.ts). */
  tableId?: string;
  table?: string;
  [k: string]: unknown;
}

let fake: FakeDiscord;
let dir: string;
let dbFile: string;
let manager: ChildProcess;
const logs: LogLine[] = [];
let stderr = "";
let started = 0;

/**
 * How long a simulated person waits to see an answer, a table or an update. Not a Discord limit
 * (the fake itself fails any interaction not acknowledged within Discord's 3 s): only the test's
 * patience, generous because 4 bot processes share this machine's cores with whatever else runs.
 */
const PATIENCE_MS = 20_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const waitFor = <T>(probe: () => T | null | undefined | false, ms: number, what: string) => fake.waitFor(probe, ms, what);

beforeAll(async () => {
  started = Date.now();
  // One person per guild, and two more who play nowhere (the Forget me tests').
  fake = await startFakeDiscord({ users: SHARDS * GUILDS_PER_SHARD + 2, shards: SHARDS, maxConcurrency: SHARDS, history: false });
  dir = mkdtempSync(join(tmpdir(), "hearts-shards-"));
  dbFile = join(dir, "hearts.db");
  for (let k = 0; k < GUILDS_PER_SHARD; k++) for (let s = 0; s < SHARDS; s++) fake.addGuild({ shard: [s, SHARDS] });
  // What `npm start` runs (dist/src/app/main.js), in an empty folder so no .env is read.
  manager = spawn(process.execPath, compiled("src/app/main.ts"), {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      SHARDS: "auto",
      DISCORD_TOKEN: fake.token,
      DISCORD_API_BASE: fake.apiBase,
      DATABASE_URL: `file:${dbFile}`,
      LOG_FORMAT: "json",
      LOG_LEVEL: "info",
      BOT_DELAY_MS: "0",
      // Simulated people act faster than anyone can click, at more tables than one server may open.
      RATE_LIMIT_PER_USER: "0",
      RATE_LIMIT_PER_SERVER: "0",
      TABLE_COOLDOWN_SECONDS: "0",
      MAX_TABLES_PER_SERVER: "1000",
      TABLE_EDIT_INTERVAL_MS: "400",
      DEFAULT_BOT_LEVEL: "easy",
      // The Activity: the manager listens on a free port and forwards to the shards' own servers.
      DISCORD_CLIENT_ID: fake.applicationId,
      DISCORD_CLIENT_SECRET: fake.clientSecret,
      ACTIVITY_URL: "http://127.0.0.1",
      ACTIVITY_PORT: "0",
    },
  });
  let buffered = "";
  manager.stdout!.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop()!;
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line));
      } catch {
        stderr += `${line}\n`;
      }
    }
  });
  manager.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  // A bound against a hang: 4 processes each loading the bot took over 60 s at a load average of 36.
  await waitFor(
    () => logs.some((l) => l.msg === "every shard is connected") || manager.exitCode !== null,
    240_000,
    "4 shard processes connected",
  ).catch((e) => {
    throw new Error(`${e.message}\n${stderr}`);
  });
  if (manager.exitCode !== null) throw new Error(`the manager stopped: ${stderr}`);
}, 270_000);

afterAll(async () => {
  if (manager && manager.exitCode === null) {
    manager.kill("SIGKILL");
    for (const pid of shardPids()) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Shard processes the manager reported, latest per shard. */
function shardPids(): number[] {
  const latest = new Map<number, number>();
  for (const l of logs) if (l.msg === "shard connected") latest.set(l.shard!, l.shardPid as number);
  return [...latest.values()];
}

// ---- a person at a table, through the fake Discord only -----------------------------------------

const components = (m: FakeMessage | null | undefined): any[] => (m?.components ?? []).flatMap((r: any) => r.components ?? []);
const verbOf = (c: any): string | undefined => (c.custom_id ? decodeId(c.custom_id)?.verb : undefined);
const find = (m: FakeMessage | null | undefined, pred: (c: any) => boolean) => components(m).find(pred) ?? null;
const textOf = (m: FakeMessage | null | undefined) =>
  m ? [m.content, ...(m.embeds ?? []).map((e: any) => `${e.title ?? ""} ${e.description ?? ""}`)].join("\n") : "";

interface Person {
  guild: FakeGuild;
  shard: number;
  user: FakeUser;
  tables: string[];
  /** Game being played (0-based) and actions taken in it. */
  game: number;
  actions: number;
  /** Waiting at the hold point until `go` is called. */
  holding: boolean;
  gate: Promise<void>;
  go: () => void;
  menuId: string | null;
}

function person(guild: FakeGuild, user: FakeUser): Person {
  let go!: () => void;
  const gate = new Promise<void>((r) => (go = r));
  return { guild, shard: shardOf(guild.id, SHARDS), user, tables: [], game: 0, actions: 0, holding: false, gate, go, menuId: null };
}

/** The table message of `tableId` in the channel (the public one with the table's buttons). */
function tableMessage(p: Person, tableId: string | null): FakeMessage | null {
  return (
    fake
      .channelMessages(p.guild.channelId)
      .filter(
        (m) =>
          m.embeds?.[0]?.title === "♥ Hearts" &&
          components(m).some((c) =>
            tableId ? decodeId(c.custom_id ?? "")?.tableId === tableId : !p.tables.includes(decodeId(c.custom_id ?? "")?.tableId ?? ""),
          ),
      )
      .at(-1) ?? null
  );
}

/**
 * Acknowledgements that missed Discord's 3 s, with what they were. A person whose click failed
 * clicks again, and so do these people: one late acknowledgement (a loaded machine) fails the one
 * test that counts them, not the games and the seven tests that read their outcome.
 */
const missedAcks: string[] = [];
async function acked(h: InteractionHandle): Promise<boolean> {
  try {
    await h.ack;
    return true;
  } catch (err) {
    missedAcks.push(`${h.kind} of ${h.user.username}: ${err instanceof Error ? err.message : String(err)}`);
    return false;
  }
}

/**
 * Sends an interaction and waits for what the person then sees (the reply, or the updated message);
 * given as a function, it is sent again (up to six times in all) while its acknowledgement comes
 * too late, as a person does.
 */
async function answer(send: InteractionHandle | (() => InteractionHandle)): Promise<FakeMessage> {
  let h = typeof send === "function" ? send() : send;
  // (/hearts new missed 3 s twice in a row at a load average of 14-18; at 21 every shard's first
  // one missed, and one of them three times in a row.)
  for (let tries = 1; !(await acked(h)) && typeof send === "function" && tries < 6; tries++) h = send();
  return waitFor(
    () => {
      const r = h.reply();
      return r && (r.content || r.embeds.length || r.components.length) ? r : (h.followUps()[0] ?? null);
    },
    PATIENCE_MS,
    `an answer to ${h.kind} of ${h.user.username}`,
  );
}

async function playGame(p: Person): Promise<void> {
  const opened = await answer(() =>
    fake.slashCommand(p.user, "hearts", { subcommand: "new", options: { target: 10, level: "easy", images: "hands" } }, p.guild.channelId),
  );
  const lobby = await waitFor(
    () => tableMessage(p, null),
    PATIENCE_MS,
    `the table message in ${p.guild.name} (the answer to /hearts new: ${JSON.stringify(textOf(opened).slice(0, 200))})`,
  );
  const tableId = decodeId(find(lobby, (c) => verbOf(c) === "start").custom_id)!.tableId;
  p.tables.push(tableId);
  p.actions = 0;
  p.menuId = (await answer(() => fake.clickButton(p.user, lobby.id, find(lobby, (c) => verbOf(c) === "start").custom_id))).id;
  let idleSince = Date.now();
  let deadline = Date.now() + 60_000;
  for (;;) {
    const table = tableMessage(p, tableId);
    if (find(table, (c) => verbOf(c) === "rematch") || textOf(table).includes("Game over")) return;
    if (Date.now() > deadline)
      throw new Error(`${p.guild.name}: the game stalled; menu: ${textOf(fake.messages.get(p.menuId!)).slice(0, 200)}`);
    if (p.game === HOLD_AT.game && p.actions === HOLD_AT.actions && !p.holding) {
      p.holding = true;
      await p.gate;
      idleSince = Date.now();
      deadline = Date.now() + 60_000;
    }
    const menu = fake.messages.get(p.menuId!);
    const pass = find(menu, (c) => verbOf(c) === "pass" && !c.disabled);
    const pick = find(menu, (c) => verbOf(c) === "pick" && !c.disabled);
    const card = find(menu, (c) => (verbOf(c) === "play" || verbOf(c) === "moon") && !c.disabled);
    let h: InteractionHandle | null = null;
    if (pass) h = fake.clickButton(p.user, menu!.id, pass.custom_id);
    else if (pick)
      h = fake.selectMenu(
        p.user,
        menu!.id,
        pick.custom_id,
        pick.options.slice(0, 3).map((o: any) => o.value),
      );
    else if (card) h = fake.clickButton(p.user, menu!.id, card.custom_id);
    if (h) {
      const edits = menu!.edits;
      // A click whose acknowledgement came too late: its menu may not update; the loop looks again.
      await acked(h);
      p.actions++;
      // The menu shows the result before the next look at it (no double clicks on a stale one).
      await waitFor(() => (fake.messages.get(menu!.id)?.edits ?? 0) > edits, 8000, "the menu's update").catch(() => undefined);
      idleSince = Date.now();
      continue;
    }
    // Nothing to do for a while (after a restart the old menu no longer comes alive): My hand.
    if (Date.now() - idleSince > 2500 && table && find(table, (c) => verbOf(c) === "hand")) {
      p.menuId = (await answer(() => fake.clickButton(p.user, table.id, find(table, (c) => verbOf(c) === "hand").custom_id))).id;
      idleSince = Date.now();
      continue;
    }
    await sleep(25);
  }
}

// ---- the database, read directly --------------------------------------------------------------

interface TableRow {
  id: string;
  guildId: string;
  status: string;
  rules: string;
  seed: bigint | number;
  dealFormat: number;
  dealSecret: string | null;
  actionCount: number;
}

function readDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 10000");
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
const openTables = (): TableRow[] =>
  readDb(
    (db) => db.prepare(`SELECT id, guildId, status FROM HeartsTable WHERE status IN ('lobby','passing','playing')`).all() as TableRow[],
  );
const actionTotal = (guilds: Set<string>): number =>
  readDb((db) =>
    (
      db
        .prepare(`SELECT t.guildId AS g, COUNT(*) AS n FROM GameAction a JOIN HeartsTable t ON t.id = a.tableId GROUP BY t.guildId`)
        .all() as { g: string; n: number }[]
    )
      .filter((r) => guilds.has(r.g))
      .reduce((s, r) => s + r.n, 0),
  );

// ---- the test ---------------------------------------------------------------------------------

describe(`${SHARDS} shard processes on one SQLite file`, () => {
  let people: Person[] = [];
  /** The Forget me and Activity tests' tables: not the people's games. */
  const otherTables: string[] = [];
  let restart: { resumed: string[]; expected: string[]; othersOpen: number; othersActionsDuring: number; ms: number } | null = null;

  it("play many games at once; a killed shard comes back and resumes only its own tables", async () => {
    const guilds = fake.guilds.slice(1); // the first guild is the fake's default, left idle
    people = guilds.map((guild, i) => person(guild, fake.users[i]));
    expect(new Set(people.map((p) => p.shard)).size).toBe(SHARDS);

    const play = Promise.all(
      people.map(async (p) => {
        for (p.game = 0; p.game < GAMES_PER_GUILD; p.game++) await playGame(p);
      }),
    );
    play.catch(() => people.forEach((p) => p.go()));

    // Everyone pauses mid-game; the victim's process is killed with its tables open.
    await Promise.race([waitFor(() => people.every((p) => p.holding), 60_000, "every person at the hold point"), play]);
    const victimGuilds = new Set(people.filter((p) => p.shard === VICTIM).map((p) => p.guild.id));
    const otherGuilds = new Set(people.filter((p) => p.shard !== VICTIM).map((p) => p.guild.id));
    const victimPid = logs.filter((l) => l.msg === "shard connected" && l.shard === VICTIM).at(-1)!.shardPid as number;
    process.kill(victimPid, "SIGKILL");
    const killedAt = Date.now();
    const open = openTables();
    const expected = open
      .filter((t) => victimGuilds.has(t.guildId))
      .map((t) => t.id)
      .sort();
    const othersOpen = open.filter((t) => otherGuilds.has(t.guildId)).length;
    // The other shards' people play on while the victim is down (clicks in its guilds would fail).
    const othersBefore = actionTotal(otherGuilds);
    for (const p of people) if (p.shard !== VICTIM) p.go();

    const back = await waitFor(
      () => logs.find((l) => l.msg === "shard connected" && l.shard === VICTIM && l.shardPid !== victimPid),
      45_000,
      "the victim shard's new process",
    );
    const newPid = back.shardPid as number;
    await waitFor(
      () => logs.some((l) => l.pid === newPid && l.msg === "resumed open tables"),
      30_000,
      "the new process to resume its tables",
    );
    const resumed = logs
      .filter((l) => l.pid === newPid && l.msg === "table resumed")
      .map((l) => (l.tableId ?? l.table) as string)
      .sort();
    restart = { resumed, expected, othersOpen, othersActionsDuring: actionTotal(otherGuilds) - othersBefore, ms: Date.now() - killedAt };
    for (const p of people) p.go();
    await play;
  }, 150_000);

  it("SHARDS=auto took Discord's recommended count from DISCORD_API_BASE; each shard got only its own guilds", () => {
    expect(logs.find((l) => l.msg === "starting shard processes")).toMatchObject({ shards: SHARDS, recommended: SHARDS });
    for (let s = 0; s < SHARDS; s++) {
      const login = logs.find((l) => l.msg === "logged in to Discord" && l.shard === s);
      expect(login?.guilds).toBe(fake.guilds.filter((g) => shardOf(g.id, SHARDS) === s).length);
    }
  });

  it("the restarted shard resumed exactly its own guilds' open tables, while the others played on", () => {
    // Started again after a pause (one identify window for a first stop), not at once in a loop.
    expect(logs.find((l) => l.msg.startsWith("shard process stopped; starting it again") && l.shard === VICTIM)).toMatchObject({
      restartInMs: restartDelay(1),
      stopsInARow: 1,
    });
    expect(restart).not.toBeNull();
    expect(restart!.expected.length).toBe(GUILDS_PER_SHARD);
    expect(restart!.resumed).toEqual(restart!.expected);
    expect(restart!.othersOpen).toBeGreaterThan(0);
    expect(restart!.othersActionsDuring).toBeGreaterThan(0);
    // No other process resumed anything (they all started on an empty database).
    expect(logs.filter((l) => l.msg === "table resumed").every((l) => l.shard === VICTIM)).toBe(true);
  });

  // ---- The Activity with shards: one public port, the manager's; each shard's server behind it.
  const activityPort = (): number => {
    const line = logs.find((l) => l.msg.startsWith("Activity web server listening; each connection goes to its server's shard"));
    if (!line) throw new Error(`the manager did not open the Activity's port: ${stderr.slice(-500)}`);
    return line.port as number;
  };
  const actionCount = (tableId: string): number =>
    readDb((db) => (db.prepare(`SELECT COUNT(*) AS n FROM GameAction WHERE tableId = ?`).get(tableId) as { n: number }).n);

  it("the Activity on the manager's port reaches its table on shard 2 and plays there; a forged server acts on nothing", async () => {
    const ON = VICTIM; // restarted above: the manager follows its new server's port
    const port = activityPort();
    const ready = logs.filter((l) => l.msg === "shard's Activity server ready");
    expect(new Set(ready.map((l) => l.shard))).toEqual(new Set([0, 1, 2, 3]));
    expect(ready.filter((l) => l.shard === ON).length).toBeGreaterThanOrEqual(2);
    expect(ready.every((l) => l.port !== port)).toBe(true);
    // The page is the manager's; a shard's own server takes only what the manager forwards.
    const page = await fetch(`http://127.0.0.1:${port}/?guild_id=1&channel_id=1`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<script src="app.js"></script>');
    const direct = new ActivityClient(ready.filter((l) => l.shard === ON).at(-1)!.port as number, { guild: "1" });
    await expect(direct.opened).rejects.toThrow(/404/);
    // An address URL cannot read (`//[`), as a page or an upgrade: a 404, and the manager runs on.
    for (const upgrade of ["Connection: close\r\n", "Connection: Upgrade\r\nUpgrade: websocket\r\n"])
      expect(await rawRequest(port, `GET //[ HTTP/1.1\r\nHost: 127.0.0.1\r\n${upgrade}\r\n`)).toMatch(/^HTTP\/1\.1 404/);
    expect(manager.exitCode).toBeNull();

    // A new server on shard 2, a table there started with three computer players.
    const guild = fake.addGuild({ shard: [ON, SHARDS] });
    const user = fake.users[0];
    const p = person(guild, user);
    await answer(fake.slashCommand(user, "hearts", { subcommand: "new", options: { level: "easy" } }, guild.channelId));
    const lobby = await waitFor(() => tableMessage(p, null), PATIENCE_MS, "the table message on shard 2");
    const start = find(lobby, (c) => verbOf(c) === "start");
    const tableId = decodeId(start.custom_id)!.tableId;
    otherTables.push(tableId);
    await answer(fake.clickButton(user, lobby.id, start.custom_id));

    // The page names its server; the manager pipes it to shard 2, which signs the person in.
    const c = await signIn(port, fake.oauthCode(user), guild.channelId, { guild: guild.id });
    const seat = c.table?.hand?.seat ?? -1;
    expect(seat, "the person's hand is shown").toBeGreaterThanOrEqual(0);
    let played = false;
    const until = Date.now() + PATIENCE_MS;
    while (!played && Date.now() < until) {
      const t = await c.until(() => (c.table && simpleMove(c.table) ? c.table : null), PATIENCE_MS, "the person's turn");
      const move = simpleMove(t) as ClientMessage;
      const said = c.said().length;
      c.send(move);
      played = move.t === "play";
      await c.until(() => c.table !== t || c.said().length > said, PATIENCE_MS, "the table after the move");
    }
    // The card is in the table's log, written by shard 2 (only its service holds the table).
    const log = readDb(
      (db) => db.prepare(`SELECT action FROM GameAction WHERE tableId = ? ORDER BY seq`).all(tableId) as { action: string }[],
    ).map((r) => JSON.parse(r.action) as Action);
    expect(log.some((a) => a.type === "play" && a.seat === seat)).toBe(true);
    expect(c.closed).toBeNull();

    // A page that names another server (here one of shard 1) for this channel, with a fresh code or
    // with the real page's session: shard 1 does not know the channel, and closes it.
    await c.until((): TableFrame | null => (c.table?.game?.awaiting.includes(seat) ? c.table : null), PATIENCE_MS, "the turn again");
    const before = actionCount(tableId);
    const elsewhere = people.find((x) => x.shard === 1)!.guild.id;
    for (const first of [
      { t: "auth", code: fake.oauthCode(user), channel: guild.channelId },
      { t: "resume", session: c.session!, channel: guild.channelId },
    ] as ClientMessage[]) {
      const forged = new ActivityClient(port, { guild: elsewhere });
      await forged.opened;
      forged.send(first);
      await forged.until(() => forged.closed, 5000, "the forged page's close");
      expect(forged.closed).toEqual({ code: 4005, reason: "This Activity is not open in a channel of a server." });
      expect(forged.frames).toEqual([]);
    }
    // No server named, or not an id: no shard is asked.
    for (const g of [undefined, "../1"]) {
      const none = new ActivityClient(port, { guild: g });
      await none.opened;
      await none.until(() => none.closed, 5000, "the close");
      expect(none.closed!.code).toBe(4005);
    }
    await sleep(200);
    expect(actionCount(tableId)).toBe(before);
    expect(c.closed).toBeNull();
    c.close();
  }, 60_000);

  // ---- Forget me across shards: a person who plays nowhere else opens a lobby, then asks elsewhere.
  const stored = (tableId: string) =>
    readDb((db) => db.prepare(`SELECT seats, hostId, status FROM HeartsTable WHERE id = ?`).get(tableId) as Record<string, string>);

  /** `asker` opens a table in `where`'s channel; its id. */
  async function openLobby(asker: FakeUser, where: Person): Promise<string> {
    const opened = await answer(fake.slashCommand(asker, "hearts", { subcommand: "new", options: {} }, where.guild.channelId));
    expect(textOf(opened)).not.toMatch(/couldn't|can't|refused/i);
    // (Every game of that guild's own person is over: the one table message with a Start button is theirs.)
    const lobby = await waitFor(() => tableMessage(where, null), PATIENCE_MS, "the asker's table");
    const tableId = decodeId(find(lobby, (c) => verbOf(c) === "start").custom_id)!.tableId;
    otherTables.push(tableId);
    expect(JSON.stringify(stored(tableId))).toContain(asker.id);
    return tableId;
  }

  /** `asker` presses Forget me (and confirms) in `where`'s channel; the answer. */
  async function forgetMe(asker: FakeUser, where: Person): Promise<FakeMessage> {
    const shown = await answer(fake.slashCommand(asker, "hearts", { subcommand: "privacy", options: {} }, where.guild.channelId));
    const confirm = await answer(fake.clickButton(asker, shown.id, find(shown, (c) => c.label === "Forget me").custom_id));
    return answer(fake.clickButton(asker, confirm.id, find(confirm, (c) => c.label === "Yes, forget me").custom_id));
  }

  it("Forget me, asked in a server on one shard, takes the person out of their open table on another shard", async () => {
    const asker = fake.users[SHARDS * GUILDS_PER_SHARD];
    // A table of theirs, open on shard 0; they ask in a server of shard 1, which holds none of their tables.
    const tableId = await openLobby(
      asker,
      people.find((p) => p.shard === 0)!,
    );
    const done = await forgetMe(
      asker,
      people.find((p) => p.shard === 1)!,
    );
    expect(textOf(done)).toContain("you left 1 open table.");
    // Shard 0 let go of the table (they were its only person, so it ended) and no row names them.
    await waitFor(() => stored(tableId).status !== "lobby", PATIENCE_MS, "the table on shard 0 to end");
    expect(JSON.stringify(stored(tableId))).not.toContain(asker.id);
    expect(logs.some((l) => l.msg.startsWith("forgetting a person: some shards did not answer"))).toBe(false);
  }, 40_000);

  it("Forget me while the shard holding their table is down: it comes back with the seat handed over, and an Activity page there with it", async () => {
    const asker = fake.users[SHARDS * GUILDS_PER_SHARD + 1];
    const DOWN = 3;
    const where = people.find((p) => p.shard === DOWN)!;
    const tableId = await openLobby(asker, where);
    // That server's person has the Activity open, through the manager's port, when the shard goes down.
    const page = await signIn(activityPort(), fake.oauthCode(where.user), where.guild.channelId, { guild: where.guild.id });
    const serverReady = () => logs.filter((l) => l.msg === "shard's Activity server ready" && l.shard === DOWN).length;
    const readyBefore = serverReady();
    const resume = async () => {
      const again = new ActivityClient(activityPort(), { guild: where.guild.id });
      await again.opened;
      again.send({ t: "resume", session: page.session!, channel: where.guild.channelId });
      await again.until(() => again.closed ?? again.frames.find((f) => f.t === "table"), 5000, "an answer to the resume");
      return again;
    };

    // The shard holding it goes down (the manager starts it again after its pause).
    const downPid = logs.filter((l) => l.msg === "shard connected" && l.shard === DOWN).at(-1)!.shardPid as number;
    process.kill(downPid, "SIGKILL");
    await waitFor(
      () => logs.some((l) => l.msg.startsWith("shard process stopped; starting it again") && l.shard === DOWN),
      8000,
      "the stop seen",
    );
    // Its connection ended with the process; coming back now, it is told to try again later (1013:
    // the page reconnects by itself, a little later each time).
    await page.until(() => page.closed, 5000, "the page's connection to end");
    const early = await resume();
    expect(early.closed).toEqual({
      code: 1013,
      reason: "The part of the bot that runs this server is restarting: reconnecting in a moment.",
    });

    const done = await forgetMe(
      asker,
      people.find((p) => p.shard === 1)!,
    );
    expect(textOf(done)).toContain("you left 1 open table.");
    expect(logs.find((l) => l.msg.startsWith("forgetting a person: some shards did not answer"))).toMatchObject({ shards: [DOWN] });
    expect(JSON.stringify(stored(tableId))).not.toContain(asker.id);

    // Back up, the shard resumes the table from the database: without them, and it writes nothing back.
    const back = await waitFor(
      () => logs.find((l) => l.msg === "shard connected" && l.shard === DOWN && l.shardPid !== downPid),
      45_000,
      "the shard's new process",
    );
    await waitFor(() => logs.some((l) => l.pid === back.shardPid && l.msg === "resumed open tables"), 30_000, "its tables resumed");
    expect(logs.some((l) => l.pid === back.shardPid && l.msg === "table resumed" && (l.tableId ?? l.table) === tableId)).toBe(true);
    const after = stored(tableId);
    expect(JSON.stringify(after)).not.toContain(asker.id);
    expect(JSON.parse(after.seats)).toEqual([expect.objectContaining({ userId: null, name: "Former player" })]);

    // Once the shard's new Activity server is up, the page's session brings it back to its channel.
    await waitFor(() => serverReady() > readyBefore, 30_000, "the shard's new Activity server");
    const later = await resume();
    expect(later.closed).toBeNull();
    expect(later.frames[0]).toMatchObject({ t: "welcome", resumed: true });
    later.close();
  }, 90_000);

  it("stops cleanly on SIGTERM: every shard process ends", async () => {
    const pids = shardPids();
    manager.kill("SIGTERM");
    await waitFor(() => manager.exitCode !== null, 30_000, "the manager to exit");
    expect(manager.exitCode).toBe(0);
    for (const pid of pids) expect(alive(pid)).toBe(false);
  }, 40_000);

  it("lost and duplicated nothing: every log replays to its final state, each game recorded once", async () => {
    const tables = readDb((db) =>
      db.prepare(`SELECT id, guildId, status, rules, seed, dealFormat, dealSecret, actionCount FROM HeartsTable`).all(),
    ) as TableRow[];
    for (const id of otherTables)
      tables.splice(
        tables.findIndex((t) => t.id === id),
        1,
      );
    expect(tables.length).toBe(people.length * GAMES_PER_GUILD);
    expect(new Set(tables.map((t) => t.id))).toEqual(new Set(people.flatMap((p) => p.tables)));
    let actions = 0;
    for (const t of tables) {
      const rows = readDb(
        (db) =>
          db.prepare(`SELECT seq, action FROM GameAction WHERE tableId = ? ORDER BY seq`).all(t.id) as { seq: number; action: string }[],
      );
      expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i));
      expect(rows.length).toBe(t.actionCount);
      const r = replay(
        JSON.parse(t.rules) as Rules,
        t.dealFormat === 2 ? { format: 2, secret: t.dealSecret! } : { format: 1, seed: Number(t.seed) },
        rows.map((x) => JSON.parse(x.action) as Action),
      );
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      expect(r.state.phase).toBe("game-over");
      expect(t.status).toBe("finished");
      const results = readDb(
        (db) =>
          db
            .prepare(
              `SELECT r.seat, r.total, r.place FROM GameResult r JOIN FinishedGame g ON g.id = r.gameId WHERE g.tableId = ? ORDER BY r.seat`,
            )
            .all(t.id) as { seat: number; total: number; place: number }[],
      );
      expect(results.map((x) => x.seat)).toEqual([0, 1, 2, 3]);
      expect(results.map((x) => x.total)).toEqual(r.state.totals);
      expect(results.map((x) => x.place)).toEqual(r.state.placements);
      actions += rows.length;
    }
    const recorded = readDb(
      (db) => db.prepare(`SELECT tableId, guildId FROM FinishedGame`).all() as { tableId: string; guildId: string }[],
    );
    // (The Activity test's game may have finished too, its person's turns timed out.)
    const games = recorded.filter((g) => !otherTables.includes(g.tableId));
    expect(games.length).toBe(tables.length);
    expect(new Set(recorded.map((g) => g.tableId)).size).toBe(recorded.length);
    figures.actions = actions;
    figures.games = games.length;
  });

  it("each guild's standings are its own games, and match a rebuild from them", async () => {
    const store = await openStore(`file:${dbFile}`);
    try {
      for (const p of people) {
        const snapshot = () =>
          readDb((db) =>
            db
              .prepare(
                `SELECT playerKey, games, wins, place1, place2, place3, place4, points, hands, mu, sigma, rating FROM PlayerStats WHERE guildId = ? ORDER BY playerKey`,
              )
              .all(p.guild.id),
          );
        const live = snapshot();
        // Only this guild's person and the easy computer players (3 seats a game).
        expect(live.map((r: any) => [r.playerKey, r.games])).toEqual(
          [
            [`bot:easy`, 3 * GAMES_PER_GUILD],
            [p.user.id, GAMES_PER_GUILD],
          ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
        );
        await store.rebuildStandings(p.guild.id);
        expect(snapshot()).toEqual(live);
        const withBots = await store.leaderboard({ guildId: p.guild.id, bots: true, pageSize: 25 });
        expect(withBots.rows.find((r) => r.playerKey === "bot:easy")?.games).toBe(3 * GAMES_PER_GUILD);
        // /hearts leaderboard of this guild: its own person, ranked after their third game.
        const board = await store.leaderboard({ guildId: p.guild.id });
        expect(board.rows.map((r) => [r.playerKey, r.games])).toEqual(GAMES_PER_GUILD >= 3 ? [[p.user.id, GAMES_PER_GUILD]] : []);
      }
    } finally {
      await store.close();
    }
  });

  it("acknowledged every interaction within Discord's 3 s", () => {
    expect(missedAcks).toEqual([]);
  });

  it("logged every line of a shard with its shard id; Discord's rules were kept", () => {
    const shardOfPid = new Map<number, number>();
    for (const l of logs) if (l.msg === "shard connected") shardOfPid.set(l.shardPid as number, l.shard!);
    const fromShards = logs.filter((l) => shardOfPid.has(l.pid));
    expect(fromShards.length).toBeGreaterThan(SHARDS);
    for (const l of fromShards) expect(l.shard).toBe(shardOfPid.get(l.pid));
    // A missed or late acknowledgement is the test above's; every other rule of Discord's is this one's.
    expect(fake.violations.filter((v) => v.kind !== "deadline" && v.kind !== "not-acknowledged")).toEqual([]);
    expect(fake.unhandled).toEqual([]);
    figures.seconds = Math.round((Date.now() - started) / 100) / 10;
    console.log(
      `shards ${SHARDS}, guilds ${people.length}, tables ${people.length * GAMES_PER_GUILD}, games ${figures.games}, actions ${figures.actions}, restart ${restart?.ms} ms (resumed ${restart?.resumed.length}, others appended ${restart?.othersActionsDuring} meanwhile), ${figures.seconds} s`,
    );
  });
});

const figures: { actions?: number; games?: number; seconds?: number } = {};

/** Sends `request` as it is to 127.0.0.1:`port`; what came back before the server closed (or 3 s). */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve) => {
    let out = "";
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(out);
    };
    const timer = setTimeout(done, 3000);
    socket.on("data", (d) => (out += d.toString()));
    socket.on("close", done);
    socket.on("error", done);
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
