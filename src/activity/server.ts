/**
 * The Activity's web server: a front end beside src/discord, on the same TableService. It serves
 * the bundled page and one WebSocket per open page (the `ws` package). A connection signs in with
 * the SDK's authorize code (Discord says who it is: oauth.ts), is bound to that person and to the
 * table of the instance's channel, and from then on receives that table's picture at every
 * committed update (views.ts: the public part, and only its own seat's hand), with no Discord
 * request. Its actions go through the same TableService calls as the buttons, with the same
 * staleness check and the same refusal sentences, and spend from the same fair-use budgets.
 *
 * As boardgame.io's master: the server owns the state, a client is a seat or a spectator, and
 * nothing in a client's message says who acts or where.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { WebSocketServer, type WebSocket } from "ws";
import type { Card } from "../game/cards.js";
import { messages, sentence, words, type Locale, type Sentence } from "../i18n/index.js";
import type { Logger } from "../log.js";
import type { FairUse } from "../table/fair-use.js";
import type { AccessEnded, ChannelAccess } from "../table/access.js";
import type { TableService } from "../table/service.js";
import type { Tournaments } from "../table/tournament/api.js";
import { admit } from "../table/gate.js";
import type { Outcome, TableUpdate, TableView } from "../table/types.js";
import { lobbyAction, type LobbyDeps } from "./actions.js";
import { buildApp, type AppFiles } from "./bundle.js";
import { newConnection, withinBudget, type Connection } from "./connection.js";
import { DOOR, guardData, Slots, type DoorLimits } from "./door.js";
import { forwardedAddress } from "./front.js";
import { closeReason, pacedUpgrades, servePage, UNAVAILABLE } from "./http.js";
import { LastGames } from "./last-games.js";
import { identify, ownMembership, type DiscordIdentity, type OAuthDeps } from "./oauth.js";
import { Places } from "./places.js";
import { CLOSE, ClientMessage, MAX_CLIENT_FRAME, type ServerMessage } from "./protocol.js";
import { handKey, Rights, type HeldGrant } from "./rights.js";
import { rulesInfo } from "./rules.js";
import { askerOf, Sessions } from "./session.js";
import { TournamentPanels } from "./tournament.js";
import { handFor, pageWords, publicFrame, tableFrame, tableFrameHead } from "./views.js";

export interface ActivityDeps extends LobbyDeps, Partial<Omit<ChannelAccess, "parentOf">> {
  service: TableService;
  fairUse: FairUse;
  log: Logger;
  clientId: string;
  clientSecret: string;
  apiBase: string | null;
  host: string;
  port: number;
  now?: () => number;
  /** Every frame sent, with its connection's user (the secrecy tests read them all). */
  onSend?(userId: string | null, frame: string): void;
  /** The person no longer has the table open on any page: if it waits for them, the chat may tell them now. */
  stoppedWatching?(tableId: string, userId: string): void;
  /**
   * With SHARDS: this shard's server sits behind the ShardingManager's front door (front.ts), on
   * 127.0.0.1. It serves no page and accepts only the connections the front forwards with this key
   * (the peer's address is then the one the front names); `onListening` tells the front its port.
   */
  forwardKey?: string;
  onListening?(port: number): void;
  /** The tournament service: a table that plays for a tournament shows its standings and round clock beside it (tournament.ts). */
  tournaments?: Pick<Tournaments, "tournamentOf" | "get" | "onUpdate">;
  /** The door's bounds (door.ts); tests set smaller ones. */
  limits?: Partial<DoorLimits>;
}

/** WebSocket's "try again later" (RFC 6455): the page reconnects by itself. */
const TRY_AGAIN_LATER = 1013;
/** How long a page that sent too fast is not read (its socket paused: TCP holds the rest back). */
const PAUSE_MS = 1000;

export class ActivityServer {
  private readonly http: Server;
  private readonly wss: WebSocketServer;
  private readonly sessions: Sessions;
  private readonly limits: DoorLimits;
  /** Sign-ins' exchanges with Discord, a few at once (door.ts). */
  private readonly exchanges: Slots;
  /** Sign-ins per person, fresh or resumed. */
  private readonly signInsOf: RateLimiterMemory;
  /** Who holds a place, at which channel, showing which table (places.ts). */
  private readonly places: Places<Connection>;
  private readonly rights: Rights<Connection>;
  private readonly idleSweep: NodeJS.Timeout;
  private readonly oauth: OAuthDeps;
  private readonly lastGames = new LastGames();
  private readonly panels: TournamentPanels<Connection> | null;
  private app: AppFiles | null = null;
  private readonly now: () => number;

  constructor(private readonly deps: ActivityDeps) {
    this.now = deps.now ?? Date.now;
    this.sessions = new Sessions(deps.clientSecret);
    const limits = (this.limits = { ...DOOR, ...deps.limits });
    this.exchanges = new Slots(limits.exchanges, limits.exchangeQueue);
    this.oauth = { clientId: deps.clientId, clientSecret: deps.clientSecret, apiBase: deps.apiBase, timeoutMs: limits.exchangeMs };
    this.signInsOf = new RateLimiterMemory({ keyPrefix: "sign-in", points: limits.signInsPerPerson, duration: limits.signInWindowS });
    // Node checks those timeouts every connectionsCheckingInterval (30 s by default): every second here.
    const timeouts = {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: 1000,
    };
    // Behind the manager's front door (forwardKey) the front serves the page; a shard serves none.
    this.http = createServer(timeouts, (req, res) => servePage(this.app, req, res));
    // Sockets before their upgrade count too (a crowd of half-open requests): past the cap they are dropped at once.
    this.http.maxConnections = limits.maxConnections + limits.maxUnsigned;
    this.wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME });
    this.places = new Places<Connection>({
      limits,
      now: this.now,
      // A stranger who never sent a sign-in is cut off (the page reconnects by itself); a person is told why.
      evict: (c, why) => (why === "signInFirst" ? c.ws.terminate() : this.shut(c, CLOSE.replaced, why)),
      shown: (c) => {
        this.panels?.shown(c).catch((err: unknown) => deps.log.warn({ err: String(err) }, "tournament panel not sent"));
      },
      stoppedWatching: deps.stoppedWatching,
    });
    pacedUpgrades(this.http, {
      ...limits,
      // Behind the front (SHARDS), only what it forwards with this shard's key.
      allowed: (req) => !deps.forwardKey || forwardedAddress(req, deps.forwardKey) !== null,
      accept: (req, socket, head) => {
        if (!this.places.roomForStranger()) return void socket.end(UNAVAILABLE);
        this.wss.handleUpgrade(req, socket, head, (ws) => this.connected(ws, socket));
      },
    });
    deps.service.onUpdate((table, update) => {
      this.lastGames.saw(table, update);
      this.updated(table, update);
    });
    deps.service.access.onEnded((e) => this.ended(e));
    this.rights = new Rights<Connection>({
      access: deps,
      own: (grant, guildId) => ownMembership(this.oauth, grant, guildId, this.now),
      lost: (c) => this.close(c, CLOSE.ended, "endedUnseen"),
      failed: (err) => deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, "Activity rights re-check failed"),
    });
    deps.onChanged?.((where) => this.rights.changed(where, this.places.all));
    this.idleSweep = setInterval(() => this.closeIdle(), Math.min(60_000, Math.max(100, limits.idleMs / 4)));
    this.idleSweep.unref();
    this.panels = deps.tournaments
      ? new TournamentPanels(
          deps.tournaments,
          () => this.places.all,
          (c, m) => this.send(c, m),
        )
      : null;
  }

  /** Builds the page and listens; resolves with the port. */
  async start(): Promise<number> {
    if (!this.deps.forwardKey) this.app = await buildApp(this.deps.clientId);
    await new Promise<void>((resolve, reject) => {
      this.http.once("error", reject);
      this.http.listen(this.deps.port, this.deps.host, () => resolve());
    });
    const port = (this.http.address() as AddressInfo).port;
    this.deps.log.info({ host: this.deps.host, port }, "Activity web server listening");
    this.deps.onListening?.(port);
    return port;
  }

  get port(): number {
    const a = this.http.address() as AddressInfo | null;
    return a ? a.port : 0;
  }

  /**
   * Whether the person has the table open in the Activity: the page shows them their turn, as a
   * fresh menu does, so the thread need not mention them at once (thread-posts.ts).
   */
  watching(tableId: string, userId: string): boolean {
    return this.places.watching(tableId, userId);
  }

  /** Connections open now. */
  get connections(): number {
    return this.places.all.size;
  }

  async stop(): Promise<void> {
    clearInterval(this.idleSweep);
    const sockets = [...this.places.all].map((c) => c.ws);
    for (const c of this.places.all) this.places.forget(c);
    for (const ws of sockets) ws.close(1012, "restarting");
    // A page that does not read never answers the close: a moment's grace, then its socket goes (a stop is bounded).
    const open = () => sockets.some((ws) => ws.readyState !== ws.CLOSED);
    for (let waited = 0; open() && waited < 1000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    for (const ws of sockets) ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }

  // ---- connections ------------------------------------------------------------------------------

  private connected(ws: WebSocket, socket: Duplex): void {
    const now = this.now();
    const l = this.limits;
    const c = newConnection(ws, l, now);
    this.places.arrived(c);
    // Every frame, pings and pongs too, is counted from the raw bytes before ws parses it.
    guardData(socket, (chunk) => this.admit(c, chunk));
    // Until the page sends its sign-in; the exchange with Discord then has its own bound (door.ts).
    const timer = setTimeout(() => {
      if (!c.who && !c.signingIn) this.drop(c);
    }, l.signInMs);
    ws.on("message", (data, isBinary) => {
      // Before anything is read: a page over its budget costs no parsing, no lookup, no queued answer.
      if (!c.bucket.take(this.now())) return this.overBudget(c);
      c.lastHeard = this.now();
      this.received(c, isBinary ? null : data.toString()).catch((err: unknown) =>
        this.deps.log.error({ err: err instanceof Error ? err.message : String(err) }, "Activity message failed"),
      );
    });
    ws.on("close", () => {
      clearTimeout(timer);
      this.places.forget(c);
    });
    ws.on("error", () => undefined);
  }

  /** A chunk of what a socket sent, before it is parsed: within the socket's and its person's budgets, or the socket goes. */
  private admit(c: Connection, chunk: Buffer): boolean {
    if (withinBudget(c, chunk, c.who ? this.places.personFrames(c.who.userId) : undefined, this.now()) !== null) return true;
    // A stranger's socket dropped is no news (a crowd of them would flood the log); a person's is.
    if (!c.gone && c.who) this.deps.log.info({ user: c.who.userId, bytes: chunk.length }, "Activity connection dropped: it sends too much");
    this.drop(c);
    return false;
  }

  /** Signed-in connections with nothing from the page and no table news for the door's idle time. */
  private closeIdle(): void {
    const before = this.now() - this.limits.idleMs;
    for (const c of this.places.all) if (c.who && c.lastHeard < before) this.close(c, CLOSE.idle, "idle");
  }

  private async received(c: Connection, text: string | null): Promise<void> {
    let parsed: ClientMessage;
    try {
      const r = ClientMessage.safeParse(text === null ? null : JSON.parse(text));
      if (!r.success) return this.close(c, CLOSE.badMessage, "badMessage");
      parsed = r.data;
    } catch {
      return this.close(c, CLOSE.badMessage, "badMessage");
    }
    if (parsed.t === "auth" || parsed.t === "resume") {
      if (c.who || c.signingIn) return this.close(c, CLOSE.badMessage, "badMessage");
      return this.signIn(c, parsed);
    }
    if (!c.who) return this.close(c, CLOSE.signInFirst, "signInFirst");
    const who = c.who;
    const busy = await this.deps.fairUse.admit(who.userId, c.channel ? (this.deps.guildOf?.(c.channel) ?? null) : null);
    if (busy) return this.say(c, busy, "refusal");
    // A move, a pass, a lobby move: only on Discord's word given during this hand (rights.ts); a hint reads only.
    if (parsed.t !== "hint") {
      const may = await this.rights.mayAct(c);
      if (may === "no") return;
      if (may === "busy") return this.say(c, sentence("activity", "checkBusy"), "refusal");
    }
    const tableId = c.tableId;
    if (!tableId) return this.say(c, c.barred ?? { area: "refusals", key: "noTable" }, "refusal");
    const actor = askerOf(who, c.channel, this.deps);
    const s = this.deps.service;
    switch (parsed.t) {
      case "play":
        return this.answer(c, await s.play(tableId, actor, parsed.card as Card, parsed.version));
      case "pass":
        return this.answer(c, await s.pass(tableId, actor, parsed.cards as Card[], parsed.version));
      case "moon":
        return this.answer(c, await s.moon(tableId, actor, parsed.choice, parsed.version));
      case "undo":
        return this.answer(c, await s.undo(tableId, actor, parsed.card as Card));
      case "join":
      case "leave":
      case "addBot":
      case "start":
      case "rematch":
        return this.answer(c, await lobbyAction(this.deps, parsed, { tableId, channel: c.channel, actor }));
      case "hint": {
        const r = await s.hint(tableId, actor);
        if (!r.ok) return this.answer(c, r);
        const a = r.action;
        return this.send(c, { t: "hint", cards: a.type === "play" ? [a.card] : a.type === "pass" ? a.cards.slice() : [] });
      }
    }
  }

  private async signIn(c: Connection, m: Extract<ClientMessage, { t: "auth" | "resume" }>): Promise<void> {
    c.signingIn = true;
    this.places.signingIn(c);
    try {
      await this.signInNow(c, m);
    } finally {
      c.signingIn = false;
    }
  }

  private async signInNow(c: Connection, m: Extract<ClientMessage, { t: "auth" | "resume" }>): Promise<void> {
    let who: DiscordIdentity;
    let grant: HeldGrant | null;
    let resumed = false;
    if (m.t === "resume") {
      const session = this.sessions.verify(m.session, m.channel, this.now());
      if (!session) return this.close(c, CLOSE.expired, "sessionExpired");
      // A session made before the person's right here ended (left, kicked, forgotten, purged) is void.
      const guild = this.deps.guildOf?.(m.channel) ?? null;
      if (!this.deps.service.access.holds(session.issued, session.userId, guild, m.channel))
        return this.close(c, CLOSE.ended, "sessionEnded", session.locale);
      ({ grant, ...who } = session);
      resumed = true;
    } else {
      // A made-up code costs one quick answer from Discord: what bounds strangers is how many run at once (door.ts).
      const got = await this.exchanges.run(() => identify(this.oauth, m.code));
      if (!got) return this.close(c, TRY_AGAIN_LATER, "signInBusy");
      // Discord was slow or failing: the code may be spent, so the page asks for a fresh one (web/connection.ts).
      if (got.value === "retry") return this.close(c, CLOSE.signInAgain, "signInSlow");
      if (!got.value) return this.close(c, CLOSE.signInFailed, "signInFailed");
      // The grant is kept apart from who the person is: it goes nowhere but to Discord, and sealed to the page.
      ({ grant, ...who } = got.value);
    }
    // Past the exchange, a code is spent: "later" means with a fresh one.
    const later = resumed ? TRY_AGAIN_LATER : CLOSE.signInAgain;
    // One person's sign-ins (a session resumed on a thousand sockets) are theirs to spend, nobody else's.
    const own = await this.signInsOf.consume(who.userId).then(
      () => true,
      () => false,
    );
    if (!own) return this.close(c, later, "signInBusy", who.locale);
    const may = await this.rights.atSignIn(who.userId, m.channel, grant);
    if (may) {
      if (may === "unknown-channel") return this.close(c, CLOSE.notHere, "notHere", who.locale);
      if (may === "no") return this.close(c, CLOSE.mayNotWatch, "mayNotWatch", who.locale);
      if (may === "busy") return this.close(c, later, "signInBusy", who.locale);
    }
    if (c.gone || c.ws.readyState !== c.ws.OPEN) return;
    c.who = who;
    c.grant = grant;
    c.channel = m.channel;
    this.places.signedIn(c, who.userId, m.channel);
    this.deps.log.debug({ user: who.userId, channel: m.channel, resumed }, "Activity connection signed in");
    this.send(c, {
      t: "welcome",
      session: this.sessions.sign(who, m.channel, this.now(), grant),
      you: { id: who.userId, name: who.name },
      locale: who.locale,
      resumed,
    });
    const found = await this.lastGames.here(this.deps.service, askerOf(who, m.channel, this.deps));
    const table = found.ok ? found.table : null;
    this.places.show(c, table?.record.id ?? null);
    c.hand = handKey(table);
    c.checked = { hand: c.hand };
    c.barred = found.ok || found.code === "no-table" ? undefined : found.say;
    if (c.barred) this.say(c, c.barred, "note");
    if (!table) return this.send(c, { t: "table", table: null });
    this.sendFrame(
      c,
      tableFrame(tableFrameHead(publicFrame(table, undefined, this.avatarsAt(table))), handFor(table, who.userId, who.locale)),
    );
    this.rulesTo(c, table);
  }

  /** A refusal is worded for the person; a success needs no answer: the update brings the new picture. */
  private answer(c: Connection, r: Outcome): void {
    if (!r.ok) this.say(c, pageWords(r.say), "refusal");
  }

  // ---- live updates -----------------------------------------------------------------------------

  private updated(table: TableView, update: TableUpdate): void {
    const { channelId, threadId, id } = table.record;
    const conns = this.places.at(threadId ? [channelId, threadId] : [channelId]);
    if (!conns.length) return;
    // The public part is written once for the table; every spectator gets the same frame.
    let head: Buffer | null = null;
    let watching: Buffer | null = null;
    for (const c of conns) {
      if (!c.who || admit(table.record, c.who, "watch")) continue;
      // A connection follows its channel's table (one open table per channel): a rematch there is
      // the next table it shows.
      this.places.show(c, id);
      c.lastHeard = this.now();
      this.rights.shows(c, handKey(table));
      head ??= tableFrameHead(publicFrame(table, update, this.avatarsAt(table)));
      const hand = handFor(table, c.who.userId, c.who.locale);
      this.sendFrame(c, hand ? tableFrame(head, hand) : (watching ??= tableFrame(head, null)));
      this.rulesTo(c, table);
      if ("note" in update) this.say(c, update.note, "note");
    }
  }

  /**
   * The avatars of the people who have `table` open here now (Discord gave each at sign-in): held
   * no longer than their connection (a Forget me or a kick closes it), so nothing is kept.
   */
  private avatarsAt(table: TableView): (userId: string) => string | null {
    const { channelId, threadId } = table.record;
    const avatars = new Map<string, string>();
    for (const c of this.places.at(threadId ? [channelId, threadId] : [channelId]))
      if (c.who?.avatar) avatars.set(c.who.userId, c.who.avatar);
    // Else the face their last click at the table carried (a chat-only player's: src/table/faces.ts).
    return (userId) => avatars.get(userId) ?? table.faceOf(userId);
  }

  /** The table's rules in words (the Rules panel), once per table shown, again only if they change. */
  private rulesTo(c: Connection, table: TableView): void {
    const { rules, settings } = table.record;
    if (!c.who || (c.rulesSent?.rules === rules && c.rulesSent.settings === settings)) return;
    c.rulesSent = { rules, settings };
    this.send(c, { t: "rules", rules: rulesInfo(table.record, c.who.locale) });
  }

  // ---- sending ----------------------------------------------------------------------------------

  private send(c: Connection, m: ServerMessage): void {
    this.sendFrame(c, JSON.stringify(m));
  }

  /** A message already written as JSON, or as its UTF-8 (a table frame: views.ts); a text frame either way. */
  private sendFrame(c: Connection, frame: string | Buffer): void {
    if (c.ws.readyState !== c.ws.OPEN) return;
    if (c.ws.bufferedAmount > this.limits.maxBufferedBytes) {
      // It stopped reading: its pictures would pile up here. A close frame would wait behind them, so the socket goes.
      this.deps.log.info({ user: c.who?.userId, buffered: c.ws.bufferedAmount }, "Activity connection dropped: it does not read");
      this.drop(c);
      return;
    }
    if (this.deps.onSend) this.deps.onSend(c.who?.userId ?? null, frame.toString());
    c.ws.send(frame, { binary: false });
  }

  private say(c: Connection, s: Sentence, tone: "refusal" | "note"): void {
    // A page that does not read what it was told hears nothing more: refusals never pile up behind it.
    if (c.ws.bufferedAmount > this.limits.quietBufferedBytes) return;
    this.send(c, { t: "say", text: words(messages(c.who?.locale), s), tone });
  }

  /** Over its message budget: told once, then not read for a moment (TCP holds back the rest). */
  private overBudget(c: Connection): void {
    if (c.paused) return;
    if (!c.who) return this.close(c, CLOSE.badMessage, "badMessage");
    c.paused = true;
    this.say(c, sentence("fairUse", "tooFast", { seconds: Math.ceil(PAUSE_MS / 1000) }), "refusal");
    c.ws.pause();
    setTimeout(() => {
      c.paused = false;
      if (c.ws.readyState === c.ws.OPEN) c.ws.resume();
    }, PAUSE_MS).unref();
  }

  /** Someone's right to a table ended (access.ts): their open pages there close, saying why. */
  private ended(e: AccessEnded): void {
    const key = (
      { left: "endedLeft", kicked: "endedKicked", forgotten: "endedForgotten", purged: "endedPurged", banned: "endedBanned" } as const
    )[e.why];
    for (const c of this.places.all) {
      if (!c.who || !c.channel) continue;
      if (e.userId && c.who.userId !== e.userId) continue;
      if (e.channels.length && !e.channels.includes(c.channel)) continue;
      if (e.guildId && (this.deps.guildOf?.(c.channel) ?? null) !== e.guildId) continue;
      this.close(c, CLOSE.ended, key);
    }
  }

  private drop(c: Connection): void {
    this.places.forget(c);
    c.ws.terminate();
  }

  /**
   * Closes with a sentence, and frees the connection's place at once: a stranger's socket goes
   * with its close frame, a signed-in page's after a moment to read it (ws would wait 30 s for an
   * answer that a page that does not read never sends).
   */
  private close(c: Connection, code: number, key: keyof ReturnType<typeof messages>["activity"] & string, locale?: Locale): void {
    if (c.gone) return;
    this.places.forget(c);
    this.shut(c, code, key, locale);
  }

  /** The close frame, then the socket (its place is free already). */
  private shut(c: Connection, code: number, key: keyof ReturnType<typeof messages>["activity"] & string, locale?: Locale): void {
    const grace = c.who ? this.limits.closeGraceMs : 0;
    const text = words(messages(locale ?? c.who?.locale), { area: "activity", key });
    c.ws.close(code, closeReason(text));
    setTimeout(() => c.ws.terminate(), grace).unref();
  }
}
