/**
 * Fuzzed interactions against live tables, through the fake Discord, with a seeded generator.
 *
 * Several tables play at once (two people and two computer players each, in their own channels);
 * between their moves, generated interactions hit them: forged and truncated custom_ids, other
 * people clicking someone's menu, buttons from earlier hands and games, duplicate and simultaneous
 * clicks, out-of-turn plays, illegal cards, commands in the wrong channel and unknown options.
 *
 * Judged: every interaction acknowledged within 3 s, answered privately with a sentence (or a
 * menu), never in public; no unhandled rejection or handler error; every table's state in memory
 * equal to the replay of its stored actions; Discord's rules kept; no card leaked (SecrecyChecker).
 * Returns figures; the test and `npm run soak` decide what they require.
 */
import { awaiting, cardCode, createRng, type Rng } from "../../src/game/index.js";
import { decodeId, encodeId } from "../../src/discord/interactions/ids.js";
import { loadGame } from "../../src/store/index.js";
import { stateBehind } from "../../src/table/live.js";
import type { FakeUser, InteractionHandle, RecordedCall } from "../fake-discord/server.js";
import { RELIABILITY, startHarness, type Harness } from "../bot/harness.js";
import { acked, controls, TableDriver, tableMessageIn, verbOf } from "./driver.js";
import { SecrecyChecker, type SecrecyReport } from "./secrecy.js";

export interface FuzzOptions {
  seed: number;
  /** Generated interactions to send (the people's own moves come on top). */
  interactions: number;
  /** Stop sending after this long, whatever the count. */
  timeLimitMs: number;
  tables?: number;
  /** Generated interactions in flight at once. */
  batch?: number;
  progress?: (line: string) => void;
}

export interface FuzzFigures {
  /** Generated interactions sent, by kind. */
  tried: number;
  byKind: Record<string, number>;
  /** All interactions (generated and the people's moves). */
  interactions: number;
  notAcknowledged: number;
  /** Answers seen by someone other than the one who clicked (or by everyone). */
  publicAnswers: string[];
  /** Interactions answered with nothing a person can read ("Done." or a silent acknowledgement on a refusal). */
  unclear: string[];
  ackP99Ms: number;
  ackMaxMs: number;
  unhandledRejections: number;
  handlerErrors: string[];
  tables: number;
  gamesFinished: number;
  actionsStored: number;
  stateMismatches: string[];
  stuck: string[];
  violations: string[];
  secrecy: SecrecyReport;
  /** A few distinct answers per kind, to read what people are told. */
  samples: Record<string, string[]>;
  seconds: number;
}

interface Answer {
  user: string;
  kind: string;
  ackType: number | null;
  /** Texts shown to the clicker (or to others) by this interaction's token. */
  texts: string[];
  foreign: string[];
  menu: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(xs: number[], p: number): number {
  if (!xs.length) return 0;
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

const GARBAGE = [
  "",
  ":",
  "h1",
  "h1:",
  "h1::",
  "h1:play",
  "h1:play::",
  "h2:play:abc:1:QS",
  "x".repeat(101),
  "h1:play:t:zzzzzzz:QS",
  "h1:play:t:1:1S",
  "h1:pass:t:1:QS.QS",
  "h1:pass:t:1:2C.3C",
  "h1:moon:t:1:all",
  "h1:bogus:t",
  "h1:join:t:extra",
  "💥",
  "h1:play:../../etc:1:QS",
  "h1:hand:" + "a".repeat(41),
];

export async function runFuzz(opts: FuzzOptions): Promise<FuzzFigures> {
  const started = Date.now();
  const rng = createRng(opts.seed);
  const nTables = opts.tables ?? 4;
  const batch = opts.batch ?? 6;
  let unhandled = 0;
  const onUnhandled = () => unhandled++;
  process.on("unhandledRejection", onUnhandled);

  const b: Harness = await startHarness({ users: nTables * 2 + 2, fake: { recordCalls: false, history: false }, ...RELIABILITY });
  const { fake } = b;
  const secrecy = new SecrecyChecker(fake);
  const answers = new Map<string, Answer>();
  const latencies: number[] = [];
  let notAck = 0;
  let total = 0;
  // Every answer, by interaction token: its kind, what it showed and to whom.
  const offCalls = fake.onCall((call: RecordedCall) => {
    const a = call.token ? answers.get(call.token) : undefined;
    if (!a || call.status >= 300) return;
    if (call.path.startsWith("/interactions/")) a.ackType = call.body?.type ?? null;
    const msg = call.path.startsWith("/interactions/") ? call.body?.data : call.method === "DELETE" ? null : call.body;
    if (!msg) return;
    const text = [msg.content ?? "", ...(msg.embeds ?? []).map((e: any) => `${e.title ?? ""} ${e.description ?? ""}`)].join(" ").trim();
    const shows = text || msg.components?.length;
    if (!shows) return;
    if (call.seenBy !== a.user) a.foreign.push(`${call.method} ${call.route} seen by ${call.seenBy ?? "everyone"}: ${text.slice(0, 80)}`);
    if (text) a.texts.push(text);
    if (controls(msg).some((c) => ["pick", "play", "moon", "pass"].includes(verbOf(c) ?? ""))) a.menu = true;
  });
  const track = (kind: string) => (h: InteractionHandle) => {
    total++;
    answers.set(h.token, { user: h.user.id, kind, ackType: null, texts: [], foreign: [], menu: false });
    h.ack.then(
      (a) => latencies.push(a.latencyMs),
      () => notAck++,
    );
    return h;
  };

  const users = fake.users;
  const strangers = users.slice(nTables * 2);
  const drivers: TableDriver[] = [];
  const isOver = async (tableId: string) => {
    const t = await b.bot.service.get(tableId);
    return !t || !["lobby", "passing", "playing"].includes(t.record.status);
  };
  for (let i = 0; i < nTables; i++) {
    const ch = fake.addChannel(`fuzz-${i}`);
    drivers.push(
      new TableDriver(fake, ch, [users[2 * i], users[2 * i + 1]], createRng(opts.seed * 31 + i), {
        target: 30,
        onSend: track("move"),
        isOver,
      }),
    );
  }
  // The bot must have the new channels in its cache before commands there make sense.
  await fake.waitFor(() => drivers.every((d) => b.bot.client.channels.cache.has(d.channelId)) || null, 5000, "channels in the bot's cache");
  for (const d of drivers) await d.open();

  /** Every custom_id the bot ever showed, by table, for stale clicks. */
  const seenIds = new Map<string, string[]>();
  const allIds: string[] = [];
  fake.onCall((call) => {
    const msg = call.path.startsWith("/interactions/") ? call.body?.data : call.body;
    for (const c of controls(msg)) {
      const id = typeof c.custom_id === "string" ? decodeId(c.custom_id) : null;
      if (!id) continue;
      const list = seenIds.get(id.tableId) ?? [];
      if (list.length < 400 && !list.includes(c.custom_id)) list.push(c.custom_id);
      seenIds.set(id.tableId, list);
      if (allIds.length < 4000 && rng.int(4) === 0) allIds.push(c.custom_id);
    }
  });

  const byKind: Record<string, number> = {};
  const pick = <T>(xs: readonly T[], r: Rng = rng): T => xs[r.int(xs.length)];
  const stuck: string[] = [];
  let gamesFinished = 0;
  const allTables = new Set<string>();
  const progressAt = new Map<TableDriver, { count: number; at: number }>();

  /** One generated interaction: returns the handles it sent. */
  const generate = async (): Promise<InteractionHandle[]> => {
    const d = pick(drivers);
    const table = d.tableId ? await b.bot.service.get(d.tableId) : null;
    const tableMsg = tableMessageIn(fake, d.channelId);
    const seated = d.humans;
    const someone = pick([...users]);
    const menuOwner = pick(seated);
    const menu = d.menuOf(menuOwner);
    const anyMessage = () => (menu && rng.int(2) ? menu : (tableMsg ?? menu));
    const kinds = [
      "forged",
      "truncated",
      "foreign-menu",
      "stale",
      "stale-game",
      "duplicate",
      "out-of-turn",
      "illegal",
      "wrong-channel",
      "unknown-options",
      "select-garbage",
      "commands",
      "seat-churn",
    ];
    const kind = pick(kinds);
    byKind[kind] = (byKind[kind] ?? 0) + 1;
    const t = track(kind);
    const click = (u: FakeUser, msgId: string | undefined, id: string) => (msgId ? [t(fake.clickButton(u, msgId, id))] : []);
    const state = table ? stateBehind(table) : null;
    const version = state?.actionCount ?? 0;
    const tableId = d.tableId ?? "nosuchtable";
    switch (kind) {
      case "forged": {
        const m = anyMessage();
        const garbage = pick(GARBAGE).replace(":t:", `:${tableId}:`);
        const forgedCard = encodeId({ verb: "play", tableId, version: version + rng.int(3) - 1, card: rng.int(52) });
        return click(pick(users), m?.id, rng.int(2) ? garbage : forgedCard);
      }
      case "truncated": {
        const source = pick([...(seenIds.get(tableId) ?? []), encodeId({ verb: "pass", tableId, version, cards: [0, 1, 2] })]);
        const m = anyMessage();
        return click(pick(users), m?.id, source.slice(0, rng.int(source.length)));
      }
      case "foreign-menu": {
        if (!menu) return [];
        const other = pick(users.filter((u) => u.id !== menuOwner.id));
        const cs = controls(menu);
        const pickC = cs.find((c) => verbOf(c) === "pick");
        if (pickC && rng.int(2))
          return [
            t(
              fake.selectMenu(
                other,
                menu.id,
                pickC.custom_id,
                pickC.options.slice(0, 3).map((o: any) => o.value),
              ),
            ),
          ];
        const c = pick(cs.length ? cs : [{ custom_id: encodeId({ verb: "hand", tableId }) }]);
        return click(other, menu.id, c.custom_id);
      }
      case "stale": {
        const ids = seenIds.get(tableId) ?? [];
        if (!ids.length) return [];
        const id = pick(ids);
        // The owner on their own menu (an old button still on screen), or anyone on the table message.
        return menu && rng.int(3) ? click(menuOwner, menu.id, id) : click(someone, tableMsg?.id, id);
      }
      case "stale-game": {
        if (!allIds.length) return [];
        const id = pick(allIds);
        return click(pick(seated), menu?.id ?? tableMsg?.id, id);
      }
      case "duplicate": {
        if (!menu) return [];
        const cs = controls(menu).filter((c) => !c.disabled && ["play", "pass", "moon", "hand"].includes(verbOf(c) ?? ""));
        if (!cs.length) return [];
        const c = pick(cs);
        const n = 2 + rng.int(3);
        return Array.from({ length: n }, () => t(fake.clickButton(menuOwner, menu.id, c.custom_id)));
      }
      case "out-of-turn":
      case "illegal": {
        if (!state || !table) return [];
        const seats = table.record.seats.filter((s) => s.userId && seated.some((u) => u.id === s.userId));
        if (!seats.length) return [];
        const waiting = awaiting(state);
        const candidates = seats.filter((s) => (kind === "illegal") === waiting.includes(s.seat));
        const s = candidates.length ? pick(candidates) : pick(seats);
        const u = users.find((x) => x.id === s.userId)!;
        const hand: number[] = [];
        for (let c = 0; c < 52; c++) if ((state.hands[s.seat][(c / 13) | 0] >> (c % 13)) & 1) hand.push(c);
        const card = kind === "illegal" && rng.int(3) === 0 ? rng.int(52) : hand.length ? pick(hand) : rng.int(52);
        const id =
          state.phase === "passing" && rng.int(2)
            ? encodeId({ verb: "pass", tableId, version, cards: [card, (card + 1) % 52, (card + 2) % 52] })
            : encodeId({ verb: "play", tableId, version, card });
        const m = d.menuOf(u) ?? tableMsg;
        return click(u, m?.id, id);
      }
      case "wrong-channel": {
        // A table's button pressed on another table's message, or a command where there is no table.
        const other = pick(drivers.filter((x) => x !== d));
        const otherMsg = other ? tableMessageIn(fake, other.channelId) : null;
        if (otherMsg && rng.int(2))
          return click(someone, otherMsg.id, pick([...(seenIds.get(tableId) ?? []), encodeId({ verb: "join", tableId })]));
        const sub = pick(["hand", "join", "leave", "start", "end", "hint", "scores", "rules"]);
        return [t(fake.slashCommand(someone, "hearts", { subcommand: sub }, fake.channelId))];
      }
      case "unknown-options": {
        const variants: Array<[string, Record<string, any>]> = [
          [
            "new",
            {
              rules: pick([
                "omnibus,target=abc",
                "zzz",
                "classic,target=-5",
                "classic,jack=maybe",
                "",
                "a".repeat(300),
                "classic,target=99999",
              ]),
            },
          ],
          ["new", { target: pick([-1, 0, 1e9, 3.5]) }],
          ["new", { nonsense: "x", bots: "yes" }],
          ["dance", {}],
          ["rules", { set: pick(["omnibus", "nope=1", "target=abc", ",,,"]) }],
          ["leaderboard", { page: pick([-3, 0, 99999]), sort: pick(["nope", "rating"]) }],
          ["stats", {}],
          ["hand", { card: "QS" }],
        ];
        const [sub, options] = pick(variants);
        return [t(fake.slashCommand(someone, "hearts", { subcommand: sub, options }, rng.int(3) ? d.channelId : fake.channelId))];
      }
      case "select-garbage": {
        if (!menu) return [];
        const pickC = controls(menu).find((c) => verbOf(c) === "pick");
        const id = pickC?.custom_id ?? encodeId({ verb: "pick", tableId, version });
        const values = pick([
          [],
          ["XX"],
          ["QS", "QS", "QS"],
          ["2C", "3C"],
          ["2C", "3C", "4C", "5C"],
          [cardCode(rng.int(52)), cardCode(rng.int(52)), cardCode(rng.int(52))],
          ["", "", ""],
        ]);
        return [t(fake.selectMenu(menuOwner, menu.id, id, values))];
      }
      case "commands": {
        const sub = pick(["hand", "scores", "rules", "hint", "join", "start", "leaderboard", "stats"]);
        return [
          t(
            fake.slashCommand(pick(rng.int(2) ? seated : strangers.length ? strangers : users), "hearts", { subcommand: sub }, d.channelId),
          ),
        ];
      }
      case "seat-churn": {
        // Leave (a computer player takes the seat) and come back, or a stranger tries to join.
        const u = rng.int(3) ? menuOwner : pick(strangers.length ? strangers : users);
        const sub = rng.int(2) ? "leave" : "join";
        const out = [t(fake.slashCommand(u, "hearts", { subcommand: sub }, d.channelId))];
        if (sub === "leave") {
          await acked(out[0]);
          out.push(t(fake.slashCommand(u, "hearts", { subcommand: "join" }, d.channelId)));
        }
        return out;
      }
    }
    return [];
  };

  let tried = 0;
  let lastReport = Date.now();
  while (tried < opts.interactions && Date.now() - started < opts.timeLimitMs) {
    // The people move (their moves are interactions too, judged the same way).
    await Promise.all(
      drivers.map(async (d) => {
        if (d.tableId) allTables.add(d.tableId);
        if (d.tableId && (await d.over())) {
          const t = await b.bot.service.get(d.tableId);
          if (t?.record.status === "finished") gamesFinished++;
          await d.open();
          return;
        }
        await d.step();
        const t = d.tableId ? await b.bot.service.get(d.tableId) : null;
        const count = t?.game?.actionCount ?? -1;
        const p = progressAt.get(d);
        if (!p || p.count !== count) progressAt.set(d, { count, at: Date.now() });
        else if (Date.now() - p.at > 15_000) {
          stuck.push(`table ${d.tableId} made no progress for 15 s at action ${count} (${t?.record.status})`);
          progressAt.set(d, { count, at: Date.now() });
          await d.open();
        }
      }),
    );
    const handles: InteractionHandle[] = [];
    for (let k = 0; k < batch && tried < opts.interactions; k++) {
      try {
        const hs = await generate();
        tried += hs.length ? 1 : 0;
        handles.push(...hs);
      } catch (e) {
        // The fake refuses only what no client could do (clicking a deleted message).
        if (!String(e).includes("fake Discord")) throw e;
      }
    }
    await Promise.all(handles.map(acked));
    if (opts.progress && Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      opts.progress(`fuzz: ${tried} interactions, ${gamesFinished} games finished, ${Math.round((Date.now() - started) / 1000)} s`);
    }
  }

  // Let answers, menu refreshes and computer moves settle before judging.
  await sleep(1500);
  for (const d of drivers) d.stop();
  offCalls();
  secrecy.stop();
  await b.bot.service.stop();
  await b.bot.presenter.idle();

  const publicAnswers: string[] = [];
  const unclear: string[] = [];
  const samples: Record<string, string[]> = {};
  for (const [token, a] of answers) {
    const first = a.texts[0]?.split("\n")[0]?.slice(0, 120);
    const list = (samples[a.kind] ??= []);
    if (first && list.length < 6 && !list.includes(first)) list.push(first);
    if (a.foreign.length) publicAnswers.push(`${a.kind}: ${a.foreign[0]}`);
    const said = a.texts.join(" | ");
    // A refusal must say why; a menu (with its notice) or a plain update of one's own menu is an effect.
    if (a.ackType !== null && !a.menu && (!a.texts.length || /^Done\.?$/.test(said.trim())) && a.ackType !== 6 && a.ackType !== 7)
      unclear.push(`${a.kind} (${token.slice(0, 8)}): ${said || `callback ${a.ackType} and nothing said`}`);
    if (a.ackType === 6 && !a.texts.length && !a.menu && a.kind !== "move") unclear.push(`${a.kind}: acknowledged silently`);
  }

  let actionsStored = 0;
  const stateMismatches: string[] = [];
  for (const id of allTables) {
    secrecy.addTable(id);
    const loaded = await loadGame(b.store, id);
    const live = await b.bot.service.get(id);
    if (!loaded.ok) {
      if (live?.record.status !== "lobby") stateMismatches.push(`${id}: ${loaded.message}`);
      continue;
    }
    actionsStored += loaded.table.actionCount;
    const inMemory = live && stateBehind(live);
    if (inMemory && JSON.stringify(inMemory) !== JSON.stringify(loaded.state))
      stateMismatches.push(`${id}: the state in memory differs from the replay of its ${loaded.table.actionCount} stored actions`);
    if (live && live.record.actionCount !== loaded.table.actionCount)
      stateMismatches.push(`${id}: ${live.record.actionCount} actions in memory, ${loaded.table.actionCount} stored`);
  }
  const report = await secrecy.check(b.store);
  const figures: FuzzFigures = {
    tried,
    byKind,
    interactions: total,
    notAcknowledged: notAck,
    publicAnswers,
    unclear,
    ackP99Ms: Math.round(percentile(latencies, 99)),
    ackMaxMs: Math.round(Math.max(0, ...latencies)),
    unhandledRejections: unhandled,
    handlerErrors: b.problems
      .filter((p) => (p.level as number) >= 50)
      .map((p) => `${p.msg}: ${JSON.stringify(p.err ?? p.reason ?? "")}`.slice(0, 300)),
    tables: allTables.size,
    gamesFinished,
    actionsStored,
    stateMismatches,
    stuck,
    violations: fake.violations.map((v) => `${v.kind}: ${v.detail} (${v.method} ${v.path})`),
    secrecy: report,
    samples,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
  await b.close();
  process.off("unhandledRejection", onUnhandled);
  return figures;
}
