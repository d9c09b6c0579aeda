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
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { WebSocketServer, type WebSocket } from "ws";
import type { Card } from "../game/cards.js";
import { messages, words, type Locale, type Sentence } from "../i18n/index.js";
import type { Logger } from "../log.js";
import type { FairUse } from "../discord/interactions/fair-use.js";
import type { TableService } from "../table/service.js";
import type { Actor, Outcome, TableUpdate, TableView } from "../table/types.js";
import { buildApp, type AppFiles } from "./bundle.js";
import { forwardedAddress } from "./front.js";
import { closeReason, pathOf, servePage } from "./http.js";
import { identify, type DiscordIdentity } from "./oauth.js";
import { CLOSE, ClientMessage, MAX_CLIENT_FRAME, type ServerMessage } from "./protocol.js";
import { rulesInfo } from "./rules.js";
import { Sessions } from "./session.js";
import { handFor, publicFrame, tableFrame, tableFrameHead } from "./views.js";

export interface ActivityDeps {
  service: TableService;
  fairUse: FairUse;
  log: Logger;
  clientId: string;
  clientSecret: string;
  apiBase: string | null;
  host: string;
  port: number;
  /**
   * Whether the person may see the channel (its server, and the channel's permissions); a channel
   * the bot does not know is nobody's. Default: anyone signed in.
   */
  mayWatch?(userId: string, channelId: string): Promise<"yes" | "no" | "unknown-channel">;
  /** The channel's server, for the per-server budget; null when unknown. */
  guildOf?(channelId: string): string | null;
  now?: () => number;
  /** Every frame sent, with its connection's user (the secrecy tests read them all). */
  onSend?(userId: string | null, frame: string): void;
  /**
   * With SHARDS: this shard's server sits behind the ShardingManager's front door (front.ts), on
   * 127.0.0.1. It serves no page and accepts only the connections the front forwards with this key
   * (the peer's address is then the one the front names); `onListening` tells the front its port.
   */
  forwardKey?: string;
  onListening?(port: number): void;
  /** Sign-ins this server exchanges with Discord a second, at most (SIGN_INS_PER_SECOND; tests set fewer). */
  signInsPerSecond?: number;
}

interface Connection {
  ws: WebSocket;
  /** The peer's address (behind Discord's proxy, which hides people's addresses, a proxy's). */
  address: string;
  who: DiscordIdentity | null;
  channel: string | null;
  /** The table shown: the channel's open table, or the last one (a game just over). */
  tableId: string | null;
  /** Waiting for Discord's answer to the sign-in: no second attempt meanwhile. */
  signingIn: boolean;
  /** The rules and settings whose words it was sent (the record's own objects: new ones only when the lobby changes them). */
  rulesSent: { rules: object; settings: object } | null;
}

/** How long a page has to sign in before it is closed. */
const SIGN_IN_MS = 30_000;
/**
 * Sign-ins exchanged with Discord a second (each costs two requests: the code's exchange and
 * /users/@me). Every page arrives through Discord's proxy, which hides people's addresses, so a
 * budget per address would be everyone's: 12 in 5 s refused the 13th person opening the table.
 * The bound is the process's; a page over it is closed with 1013 ("try again later") before its
 * code is spent, and comes back by itself a little later with the same code.
 */
const SIGN_INS_PER_SECOND = 20;
/** WebSocket's "try again later" (RFC 6455): the page reconnects by itself. */
const TRY_AGAIN_LATER = 1013;
/** Most connections at once, so a flood of sockets cannot take the process's memory. */
const MAX_CONNECTIONS = 5000;

export class ActivityServer {
  private readonly http: Server;
  private readonly wss: WebSocketServer;
  private readonly sessions: Sessions;
  private readonly signIns: RateLimiterMemory;
  private readonly byChannel = new Map<string, Set<Connection>>();
  private readonly all = new Set<Connection>();
  /** Signed-in connections by table and person ("tableId user"): who has the table open here. */
  private readonly open = new Map<string, number>();
  private app: AppFiles | null = null;
  private readonly now: () => number;

  constructor(private readonly deps: ActivityDeps) {
    this.now = deps.now ?? Date.now;
    this.sessions = new Sessions(deps.clientSecret);
    this.signIns = new RateLimiterMemory({ keyPrefix: "sign-in", points: deps.signInsPerSecond ?? SIGN_INS_PER_SECOND, duration: 1 });
    this.http = createServer((req, res) => this.serve(req, res));
    this.wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME });
    this.http.on("upgrade", (req, socket, head) => {
      const path = pathOf(req);
      const address = deps.forwardKey ? forwardedAddress(req, deps.forwardKey) : (req.socket.remoteAddress ?? "?");
      if (path !== "/ws" || address === null || this.all.size >= MAX_CONNECTIONS) {
        socket.end("HTTP/1.1 404 Not Found\r\n\r\n");
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.connected(ws, address));
    });
    deps.service.onUpdate((table, update) => this.updated(table, update));
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
    return (this.open.get(`${tableId} ${userId}`) ?? 0) > 0;
  }

  /** The table a signed-in connection shows (null: none), kept in `open`. */
  private show(c: Connection, tableId: string | null): void {
    if (c.tableId === tableId) return;
    if (c.tableId && c.who) this.count(`${c.tableId} ${c.who.userId}`, -1);
    c.tableId = tableId;
    if (tableId && c.who) this.count(`${tableId} ${c.who.userId}`, 1);
  }

  private count(key: string, by: number): void {
    const n = (this.open.get(key) ?? 0) + by;
    if (n > 0) this.open.set(key, n);
    else this.open.delete(key);
  }

  /** Connections open now. */
  get connections(): number {
    return this.all.size;
  }

  async stop(): Promise<void> {
    for (const c of this.all) c.ws.close(1012, "restarting");
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }

  // ---- HTTP -------------------------------------------------------------------------------------

  private serve(req: IncomingMessage, res: ServerResponse): void {
    // Behind the manager's front door (forwardKey) the front serves the page; a shard serves none.
    servePage(this.app, req, res);
  }

  // ---- connections ------------------------------------------------------------------------------

  private connected(ws: WebSocket, address: string): void {
    const c: Connection = { ws, address, who: null, channel: null, tableId: null, signingIn: false, rulesSent: null };
    this.all.add(c);
    const timer = setTimeout(() => {
      if (!c.who) this.close(c, CLOSE.signInFirst, "signInFirst");
    }, SIGN_IN_MS);
    ws.on("message", (data, isBinary) => {
      this.received(c, isBinary ? null : data.toString()).catch((err: unknown) =>
        this.deps.log.error({ err: err instanceof Error ? err.message : String(err) }, "Activity message failed"),
      );
    });
    ws.on("close", () => {
      clearTimeout(timer);
      this.show(c, null);
      this.all.delete(c);
      if (c.channel) this.byChannel.get(c.channel)?.delete(c);
      if (c.channel && this.byChannel.get(c.channel)?.size === 0) this.byChannel.delete(c.channel);
    });
    ws.on("error", () => undefined);
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
    const tableId = c.tableId;
    if (!tableId) return this.say(c, { area: "refusals", key: "noTable" }, "refusal");
    const actor: Actor = { userId: who.userId, name: who.name };
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
    let who: DiscordIdentity | null;
    let resumed = false;
    if (m.t === "resume") {
      who = this.sessions.verify(m.session, m.channel, this.now());
      if (!who) return this.close(c, CLOSE.expired, "sessionExpired");
      resumed = true;
    } else {
      // Each attempt costs requests to Discord: bounded for the whole process (SIGN_INS_PER_SECOND).
      const room = await this.signIns.consume("all").then(
        () => true,
        () => false,
      );
      if (!room) return this.close(c, TRY_AGAIN_LATER, "signInBusy");
      who = await identify({ clientId: this.deps.clientId, clientSecret: this.deps.clientSecret, apiBase: this.deps.apiBase }, m.code);
      if (!who) return this.close(c, CLOSE.signInFailed, "signInFailed");
    }
    if (this.deps.mayWatch) {
      const may = await this.deps.mayWatch(who.userId, m.channel);
      if (may === "unknown-channel") return this.close(c, CLOSE.notHere, "notHere", who.locale);
      if (may === "no") return this.close(c, CLOSE.mayNotWatch, "mayNotWatch", who.locale);
    }
    if (c.ws.readyState !== c.ws.OPEN) return;
    c.who = who;
    c.channel = m.channel;
    c.signingIn = false;
    let set = this.byChannel.get(m.channel);
    if (!set) this.byChannel.set(m.channel, (set = new Set()));
    set.add(c);
    this.deps.log.debug({ user: who.userId, channel: m.channel, resumed }, "Activity connection signed in");
    this.send(c, {
      t: "welcome",
      session: this.sessions.sign(who, m.channel, this.now()),
      you: { id: who.userId, name: who.name },
      locale: who.locale,
      resumed,
    });
    const table = await this.deps.service.findOpen(m.channel);
    this.show(c, table?.record.id ?? null);
    if (!table) return this.send(c, { t: "table", table: null });
    this.sendFrame(c, tableFrame(tableFrameHead(publicFrame(table)), handFor(table, who.userId, who.locale)));
    this.rulesTo(c, table);
  }

  /** A refusal is worded for the person; a success needs no answer: the update brings the new picture. */
  private answer(c: Connection, r: Outcome): void {
    if (!r.ok) this.say(c, r.say, "refusal");
  }

  // ---- live updates -----------------------------------------------------------------------------

  private updated(table: TableView, update: TableUpdate): void {
    const { channelId, threadId, id } = table.record;
    const conns = [...(this.byChannel.get(channelId) ?? []), ...(threadId ? (this.byChannel.get(threadId) ?? []) : [])];
    if (!conns.length) return;
    // The public part is written once for the table; every spectator gets the same frame.
    let head: Buffer | null = null;
    let watching: Buffer | null = null;
    for (const c of conns) {
      if (!c.who) continue;
      // A connection follows its channel's table (one open table per channel): a rematch there is
      // the next table it shows.
      this.show(c, id);
      head ??= tableFrameHead(publicFrame(table));
      const hand = handFor(table, c.who.userId, c.who.locale);
      this.sendFrame(c, hand ? tableFrame(head, hand) : (watching ??= tableFrame(head, null)));
      this.rulesTo(c, table);
      if ("note" in update) this.say(c, update.note, "note");
    }
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
    if (this.deps.onSend) this.deps.onSend(c.who?.userId ?? null, frame.toString());
    c.ws.send(frame, { binary: false });
  }

  private say(c: Connection, s: Sentence, tone: "refusal" | "note"): void {
    this.send(c, { t: "say", text: words(messages(c.who?.locale), s), tone });
  }

  private close(c: Connection, code: number, key: keyof ReturnType<typeof messages>["activity"] & string, locale?: Locale): void {
    c.signingIn = false;
    const text = words(messages(locale ?? c.who?.locale), { area: "activity", key });
    c.ws.close(code, closeReason(text));
  }
}
