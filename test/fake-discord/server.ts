/**
 * A local fake Discord for end-to-end tests: the REST routes and the Gateway WebSocket that the
 * real discord.js 14 client uses, on 127.0.0.1 only. It records every REST call, checks each against
 * Discord's published API (spec.ts: OpenAPI routes and request schemas; limits.ts: the documented
 * limits beyond them), enforces the rules a bot must keep (3 s to acknowledge, one acknowledgement,
 * 15-minute tokens, ephemeral messages only reachable through their own interaction tokens) and injects
 * faults (429, 5xx, a dropped gateway, deleted messages and channels, missing permissions).
 * See README.md in this folder for the API.
 */
import { appendFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";
import { EMPTY_MESSAGE, checkLimits } from "./limits.js";
import { checkBody, checkParams, discordErrors, fieldName, hasShape, matchRoute, type Finding } from "./spec.js";

// ---- public types ---------------------------------------------------------------------------------

export const EPHEMERAL = 64;
const LOADING = 128;
const HAS_THREAD = 32;
const SUPPRESS_NOTIFICATIONS = 4096;
const TOKEN_LIFETIME_MS = 15 * 60_000;
const ACK_DEADLINE_MS = 3_000;
const DISCORD_EPOCH = 1_420_070_400_000n;

/** Permission bits by their discord.js names (PermissionFlagsBits). */
export const Perm = {
  CreateInstantInvite: 1n << 0n,
  Administrator: 1n << 3n,
  ManageChannels: 1n << 4n,
  ManageGuild: 1n << 5n,
  AddReactions: 1n << 6n,
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  ManageMessages: 1n << 13n,
  EmbedLinks: 1n << 14n,
  AttachFiles: 1n << 15n,
  ReadMessageHistory: 1n << 16n,
  MentionEveryone: 1n << 17n,
  UseExternalEmojis: 1n << 18n,
  ChangeNickname: 1n << 26n,
  UseApplicationCommands: 1n << 31n,
  ManageThreads: 1n << 34n,
  CreatePublicThreads: 1n << 35n,
  CreatePrivateThreads: 1n << 36n,
  SendMessagesInThreads: 1n << 38n,
  ManageEvents: 1n << 33n,
  CreateEvents: 1n << 44n,
} as const;
export type PermName = keyof typeof Perm;
const ALL_PERMS = (1n << 51n) - 1n;
/** What an ordinary member has: no Manage Channels, no Administrator. */
export const MEMBER_PERMS =
  Perm.CreateInstantInvite |
  Perm.AddReactions |
  Perm.ViewChannel |
  Perm.SendMessages |
  Perm.EmbedLinks |
  Perm.AttachFiles |
  Perm.ReadMessageHistory |
  Perm.UseExternalEmojis |
  Perm.ChangeNickname |
  Perm.UseApplicationCommands |
  Perm.CreatePublicThreads |
  Perm.SendMessagesInThreads;
/** The bot's role: everything but Administrator, so channel overwrites apply to it. */
const BOT_PERMS = ALL_PERMS & ~Perm.Administrator;

export interface FakeUser {
  id: string;
  username: string;
  globalName: string;
  /** Guild permissions sent as member.permissions in this user's interactions (see grant()). */
  permissions: bigint;
  /** Their Discord client's language, sent as `locale` with each interaction (default "en-US"). */
  locale?: string;
  /** Their avatar's hash (default none). */
  avatar?: string | null;
  /** Their roles' ids at the guild, sent as member.roles in their interactions (default none). */
  roles?: string[];
}

export interface FakeAttachment {
  id: string;
  filename: string;
  size: number;
  content_type: string;
  url: string;
  proxy_url: string;
  /** The uploaded bytes, when started with { keepFiles: true }. */
  data?: Buffer;
}

export interface MessageVersion {
  at: number;
  content: string;
  embeds: any[];
  components: any[];
  attachments: string[];
  flags: number;
}

export interface FakeMessage {
  id: string;
  channel_id: string;
  content: string;
  embeds: any[];
  components: any[];
  attachments: FakeAttachment[];
  flags: number;
  /** Discord message type: 0 default, 20 reply to a slash command. */
  type: number;
  /** The interaction token whose reply or follow-up this is (null for channel posts). */
  token: string | null;
  /** Ephemeral messages are seen by this user only; null for public messages. */
  visibleTo: string | null;
  /** Users notified when it was posted (mentions allowed by allowed_mentions; none for ephemeral). */
  pings: string[];
  /** Number of edits since creation; `history` holds every version, the first being the original. */
  edits: number;
  history: MessageVersion[];
  createdAt: number;
  editedAt: number | null;
  /** The thread started from this message, if any (its id equals the message id, as on Discord). */
  threadId: string | null;
  deleted: boolean;
}

export interface RecordedCall {
  method: string;
  /** Path without /api/v10, decoded: /webhooks/1/tok/messages/@original. */
  path: string;
  /** The path with ids and tokens replaced: "PATCH /webhooks/:id/:token/messages/@original". */
  route: string;
  query: string;
  /** JSON body (or the multipart payload_json). */
  body: any;
  files: Array<{ name: string; size: number; contentType: string }>;
  /** For interaction and webhook routes: the interaction's token, id and user. */
  token: string | null;
  interactionId: string | null;
  userId: string | null;
  /** Whether what this call shows is ephemeral, and then who alone sees it (null: everyone, or nothing shown). */
  ephemeral: boolean;
  seenBy: string | null;
  status: number;
  /** Discord error code when the fake refused the call. */
  code: number | null;
  /** Injected by failNext. */
  injected: boolean;
  at: number;
  /** The User-Agent it came with (the REST proxy's says so: src/ops/rest-proxy.ts). */
  userAgent: string | null;
  /** The address the request came from (a "machine" of test/scale/two-machines.ts has its own). */
  remoteAddress: string | null;
}

export interface Violation {
  /**
   * deadline | double-ack | expired-token | wrong-response-type | foreign-ephemeral | not-acknowledged |
   * unknown-interaction, and for requests Discord would refuse (also in invalidRequests): unknown-route | schema | limits
   */
  kind: string;
  detail: string;
  method?: string;
  path?: string;
  token?: string | null;
}

/** A request that does not match Discord's published API: answered as Discord would, and a failed test. */
export interface InvalidRequest {
  /** unknown-route: not a route of Discord's API; schema: the body, path or query parameters do not match its OpenAPI schema; limits: a documented limit the schema cannot express. */
  kind: "unknown-route" | "schema" | "limits";
  method: string;
  path: string;
  /** The spec's route ("POST /channels/{channel_id}/messages"), or the path when there is none. */
  route: string;
  /** One line per finding, naming the field: "attachments[0].id: Could not interpret number 0 as string." */
  fields: string[];
  /** Discord's answer: status and body ({ code: 50035, message: "Invalid Form Body", errors }). */
  status: number;
  response: { code: number; message: string; errors?: Record<string, unknown> };
  /** The interaction whose token the request used, as the test sent it ("click play:…"), if any. */
  interaction: string | null;
}

export interface Ack {
  type: number;
  latencyMs: number;
}

/** `await h.ack` or `await h.ack()`: resolves at the callback, rejects after 3 s without one. */
export type AckPromise = Promise<Ack> & (() => Promise<Ack>);

export type InteractionKind = "command" | "component" | "autocomplete" | "modal";

export interface InteractionHandle {
  id: string;
  token: string;
  user: FakeUser;
  kind: InteractionKind;
  channelId: string;
  /** The custom_id of the button, menu or modal it came from (null for commands). */
  customId: string | null;
  ack: AckPromise;
  /** Its reply (types 4/5), or for component updates (6/7) the message clicked. Null before. */
  reply(): FakeMessage | null;
  /** Same as reply(). */
  response(): FakeMessage | null;
  followUps(): FakeMessage[];
  /** The modal shown (callback type 9), or null. */
  modal(): any | null;
  /** The autocomplete choices sent (callback type 8), or null. */
  choices(): any[] | null;
  /** Every REST call made with this interaction's token. */
  calls(): RecordedCall[];
  /** Waits for a reply that is no longer "thinking" (and matches `pred`). */
  waitForResponse(pred?: (m: FakeMessage) => boolean, timeoutMs?: number): Promise<FakeMessage>;
  /** Waits until the response has been edited more than `edits` times (default: its count now). */
  waitForEdit(edits?: number, timeoutMs?: number): Promise<FakeMessage>;
}

export type SlashOptionValue = string | number | boolean | { type: number; value: string | number | boolean };

export interface FaultSpec {
  status: number;
  /** Seconds, for 429. */
  retryAfter?: number;
  /** A global 429 (X-RateLimit-Global). */
  global?: boolean;
  code?: number;
  message?: string;
}
export type RouteMatcher = RegExp | string | ((method: string, path: string) => boolean);

export interface FakeOptions {
  /** The bot token to accept (default "fake-bot-token"); a test of the README's .env passes a token-shaped one. */
  token?: string;
  /** Human users in the guild (default 4). */
  users?: number;
  /** Keep uploaded bytes (attachment.data, GET of attachment urls). Off by default to save memory. */
  keepFiles?: boolean;
  /** Heartbeat interval told to the client (ms). */
  heartbeatMs?: number;
  /**
   * Discord's per-channel limits on posts and edits (5 per 5 s per channel), announced in
   * X-RateLimit headers as Discord does; requests beyond them get 429 and count in rateLimitHits.
   */
  rateLimits?: boolean;
  /** Keep every call in `calls` (default true; soak runs can turn it off and use onCall). */
  recordCalls?: boolean;
  /** Keep every version of each message in `history` (default true). */
  history?: boolean;
  /** Servers the bot is in (default 1: `guildId`); extra ones are spread over `shards` round robin. */
  guilds?: number;
  /** Shard count `GET /gateway/bot` recommends (default 1). */
  shards?: number;
  /** session_start_limit.max_concurrency of `GET /gateway/bot`: shards that may identify at once (default 1). */
  maxConcurrency?: number;
  /**
   * Discord's global limit per bot token, in requests a second (Discord's is 50), over every request
   * made with the bot token (interaction callbacks and webhooks aside, as on Discord). A window of
   * one second opens at the first request after the last one closed; requests beyond the limit get
   * a global 429 (X-RateLimit-Global, Retry-After, Discord's JSON body). Off by default.
   */
  globalLimit?: number;
  /**
   * The application has Activities turned on in the Developer Portal: as on Discord, a bulk update of
   * its global commands must include its entry-point command (type 4), else 400 with code 50240.
   */
  activities?: boolean;
}

/** One window of the global limit (globalLimit): requests let through and refused in it. */
export interface GlobalWindow {
  /** Real time (Date.now()) the window opened. */
  at: number;
  requests: number;
  refused: number;
}

/** A server the bot is in, with its text channel named `hearts`. */
export interface FakeGuild {
  id: string;
  name: string;
  channelId: string;
}

/** Discord's routing of a guild to a shard: (guild_id >> 22) % shard_count. */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

// ---- internals -----------------------------------------------------------------------------------

interface Interaction {
  id: string;
  token: string;
  kind: InteractionKind;
  user: FakeUser;
  channelId: string;
  customId: string | null;
  createdAt: number;
  startedReal: number;
  what: string;
  acked: boolean;
  ackType: number | null;
  originalId: string | null;
  followUps: string[];
  sourceMessage: string | null;
  modal: any | null;
  choices: any[] | null;
  settle: (a: Ack) => void;
  timer: NodeJS.Timeout;
}

type Fault = FaultSpec & { match: (method: string, path: string, route: string) => boolean; count: number };

interface LoggedEvent {
  s: number;
  t: string;
  d: unknown;
}

/** A gateway session: one shard's events, numbered and kept so a client can RESUME. */
interface GatewaySession {
  id: string;
  shard: [number, number];
  seq: number;
  log: LoggedEvent[];
  /** The connection receiving its events, or null while it is disconnected. */
  ws: WebSocket | null;
}

const BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  txt: "text/plain; charset=utf-8",
  json: "application/json; charset=utf-8",
};
/** Discord types an attachment by its file name when the upload says nothing useful. */
function contentTypeOf(name: string, sent: string): string {
  if (sent && sent !== "application/octet-stream") return sent;
  return BY_EXTENSION[name.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";
}

const NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"];
const GATEWAY_LOG_LIMIT = 5_000;

export class FakeDiscord {
  /** The bot token the fake accepts (FakeOptions.token; by default not token-shaped, to show the shape check is skipped). */
  readonly token: string;
  readonly applicationId = "900000000000000001";
  readonly botUserId = "900000000000000001";
  readonly guildId = "800000000000000001";
  readonly channelId = "700000000000000001";
  /** The application's OAuth2 client secret (the Activity's code exchange: oauthCode()). */
  readonly clientSecret = "fake-client-secret";
  /** OAuth2: authorize codes not yet exchanged, and access tokens, each → its user. */
  private readonly oauthCodes = new Map<string, FakeUser>();
  /** The scopes each code was authorized with (oauthCode's scope), then each access token's. */
  private readonly oauthScopes = new Map<string, string>();
  private readonly accessScopes = new Map<string, string>();
  /** Codes whose exchange the token endpoint answers this many ms late. */
  private readonly oauthDelays = new Map<string, number>();
  private readonly accessTokens = new Map<string, FakeUser>();
  /** Each guild's preferred locale, sent as `guild_locale` (default "en-US"). */
  readonly guildLocales = new Map<string, string>();
  readonly botRoleId = "800000000000000002";
  /** A plain role every guild has, for settings that name one (a server's tournament role). */
  readonly organiserRoleId = "800000000000000003";
  /** FakeOptions.activities. */
  private readonly activities: boolean;
  readonly users: FakeUser[];
  /** Every server the bot is in; the first is `guildId` with `channelId` (see addGuild). */
  readonly guilds: FakeGuild[] = [];
  /** Every REST call, in order. */
  readonly calls: RecordedCall[] = [];
  /** Broken Discord rules; tests assert this stays empty. */
  readonly violations: Violation[] = [];
  /**
   * Requests that do not match Discord's published API (OpenAPI routes and request schemas, and the
   * documented limits beyond them). close() throws when any is left, so the test that made one fails.
   */
  readonly invalidRequests: InvalidRequest[] = [];
  /** REST requests checked against the spec (every one but attachment downloads), and the time that took. */
  requestsChecked = 0;
  checkMs = 0;
  /** Requests the fake has no route for ("GET /path"); tests assert this stays empty. */
  readonly unhandled: string[] = [];
  /** Every message by id (deleted ones stay, with deleted: true). */
  readonly messages = new Map<string, FakeMessage>();
  /** Raw channel objects by id (text channels and threads). */
  readonly channels = new Map<string, any>();
  /** Registered commands: global under "global", guild ones under the guild id. */
  readonly commands = new Map<string, any[]>();
  /** Gateway counters: connections, identifies, resumes, heartbeats. */
  readonly gateway = { connections: 0, identifies: 0, resumes: 0, heartbeats: 0, invalidSessions: 0 };
  port = 0;
  /** Requests refused with 429 by the per-channel limits (rateLimits option), not counting failNext. */
  rateLimitHits = 0;
  /** With globalLimit: every window of the global limit so far, oldest first. */
  readonly globalWindows: GlobalWindow[] = [];

  private http!: Server;
  private wss!: WebSocketServer;
  private sockets = new Set<WebSocket>();
  /** Gateway sessions by id; each gets the events of the guilds its shard owns. */
  private sessions = new Map<string, GatewaySession>();
  private readonly socketAddresses = new WeakMap<WebSocket, string | null>();
  /** Every IDENTIFY, with the address its connection came from (a machine's own in test/scale/two-machines.ts). */
  readonly identified: Array<{ shard: [number, number]; remoteAddress: string | null }> = [];
  private socketSessions = new Map<WebSocket, GatewaySession>();
  private readonly shardCount: number;
  private readonly maxConcurrency: number;
  private lastSnowflake = 0n;
  private clockOffset = 0;
  private faults: Fault[] = [];
  private denied = new Map<string, bigint>();
  /** Permissions taken from the bot's role in a guild (denyGuildPermissions): Manage Events, say. */
  private guildDenied = new Map<string, bigint>();
  /** Guild scheduled events the bot made, by id (POST/PATCH/DELETE /guilds/{id}/scheduled-events). */
  readonly scheduledEvents = new Map<string, any>();
  /** The people the bot added to each thread (PUT /channels/{thread}/thread-members/{user}). */
  readonly threadMembers = new Map<string, Set<string>>();
  private interactions = new Map<string, Interaction>();
  /** For each ephemeral message, the interaction tokens that may reach it. */
  private ephemeralTokens = new Map<string, Set<string>>();
  /** The bot's channel posts by nonce, for enforce_nonce: which message, and when. */
  private nonces = new Map<string, { id: string; at: number }>();
  private readyWaiters: Array<() => void> = [];
  private closed = false;
  private readonly keepFiles: boolean;
  private readonly rateLimits: boolean;
  private readonly globalLimit: number;
  private readonly recordCalls: boolean;
  private readonly keepHistory: boolean;
  private buckets = new Map<string, { remaining: number; resetAt: number }>();
  private callListeners: Array<(call: RecordedCall) => void> = [];
  private readonly heartbeatMs: number;

  constructor(opts: FakeOptions = {}) {
    const n = opts.users ?? 4;
    this.token = opts.token ?? "fake-bot-token";
    this.keepFiles = opts.keepFiles ?? false;
    this.rateLimits = opts.rateLimits ?? false;
    this.globalLimit = opts.globalLimit ?? 0;
    this.activities = opts.activities ?? false;
    this.recordCalls = opts.recordCalls ?? true;
    this.keepHistory = opts.history ?? true;
    this.heartbeatMs = opts.heartbeatMs ?? 41_250;
    this.users = Array.from({ length: n }, (_, i) => ({
      id: String(600000000000000001n + BigInt(i)),
      username: `player${i + 1}`,
      globalName: NAMES[i] ?? `Player ${i + 1}`,
      permissions: MEMBER_PERMS,
    }));
    this.shardCount = Math.max(1, Math.floor(opts.shards ?? 1));
    this.maxConcurrency = Math.max(1, Math.floor(opts.maxConcurrency ?? 1));
    this.guilds.push({ id: this.guildId, name: "Fake Guild", channelId: this.channelId });
    this.channels.set(this.channelId, this.textChannel(this.channelId, "hearts", 0));
    for (let k = 1; k < (opts.guilds ?? 1); k++) this.addGuild({ shard: [k % this.shardCount, this.shardCount] });
  }

  get apiBase(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  async start(): Promise<this> {
    this.http = createServer((req, res) => {
      this.handle(req, res).catch((e) => {
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ message: `fake Discord crashed: ${e?.stack ?? e}`, code: 0 }));
      });
    });
    this.wss = new WebSocketServer({ noServer: true });
    this.http.on("upgrade", (req, socket, head) =>
      this.wss.handleUpgrade(req, socket, head, (ws) => this.onSocket(ws, req.socket.remoteAddress ?? null)),
    );
    await new Promise<void>((r) => this.http.listen(0, "127.0.0.1", r));
    this.port = (this.http.address() as AddressInfo).port;
    return this;
  }

  /**
   * Stops the servers, then throws if a request did not match Discord's API (every harness closes
   * its fake, so this is where such a test fails; one that sends invalid requests on purpose empties
   * `invalidRequests` first). With FAKE_DISCORD_STATS set to a file, appends this fake's counts to it.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const it of this.interactions.values()) clearTimeout(it.timer);
    for (const ws of this.sockets) ws.terminate();
    this.wss.close();
    this.http.closeAllConnections?.();
    await new Promise<void>((r) => this.http.close(() => r()));
    const stats = process.env.FAKE_DISCORD_STATS;
    if (stats)
      appendFileSync(
        stats,
        `${JSON.stringify({ checked: this.requestsChecked, invalid: this.invalidRequests.length, ms: Math.round(this.checkMs) })}\n`,
      );
    if (this.invalidRequests.length) {
      const lines = this.invalidRequests
        .slice(0, 10)
        .map(
          (r) =>
            `  ${r.method} ${r.path} (${r.route}${r.interaction ? `, for ${r.interaction}` : ""}) -> ${r.status}: ${r.fields.join("; ")}`,
        );
      const more = this.invalidRequests.length > 10 ? `\n  …and ${this.invalidRequests.length - 10} more` : "";
      throw new Error(
        `fake Discord: ${this.invalidRequests.length} request(s) did not match Discord's published API:\n${lines.join("\n")}${more}`,
      );
    }
  }

  /** Resolves once a client is connected (identified or resumed) and has its guilds. */
  ready(): Promise<void> {
    return this.liveShards().length ? Promise.resolve() : new Promise((r) => this.readyWaiters.push(r));
  }

  /** Shard ids with a connected session, ascending (a shard connected twice is listed twice). */
  liveShards(): number[] {
    return [...this.sessions.values()]
      .filter((s) => s.ws)
      .map((s) => s.shard[0])
      .sort((a, b) => a - b);
  }

  // ---- the test's controls ------------------------------------------------------------------------

  /** The fake's clock (token lifetimes, timestamps, snowflakes). */
  now(): number {
    return Date.now() + this.clockOffset;
  }
  /** Moves the fake's clock forward, e.g. 16 minutes to expire every interaction token. */
  advanceClock(ms: number): void {
    this.clockOffset += ms;
  }

  /**
   * The next `count` requests matching get `fault` instead of an answer. The matcher is a RegExp
   * tested on "METHOD /path", a route string like "POST /channels/:id/messages", or a function.
   */
  failNext(match: RouteMatcher, fault: FaultSpec, count = 1): void {
    const fn =
      typeof match === "function"
        ? (m: string, p: string) => match(m, p)
        : typeof match === "string"
          ? (_m: string, _p: string, route: string) => route === match
          : (m: string, p: string) => match.test(`${m} ${p}`);
    this.faults.push({ ...fault, match: fn, count });
  }

  /**
   * Cuts the gateway connection: abruptly (default), or with a close code (4000 lets the client
   * resume; 4004, 4010-4014 do not). Events dispatched meanwhile are replayed on RESUME.
   */
  dropGateway(opts: { code?: number; reason?: string; shard?: number } = {}): void {
    const sockets =
      opts.shard === undefined
        ? [...this.sockets]
        : [...this.sessions.values()].filter((s) => s.ws && s.shard[0] === opts.shard).map((s) => s.ws!);
    for (const ws of sockets) {
      const s = this.socketSessions.get(ws);
      if (s?.ws === ws) s.ws = null;
      if (opts.code) ws.close(opts.code, opts.reason ?? "fake drop");
      else ws.terminate();
    }
  }
  /** Asks the client (or one shard's connection) to reconnect (opcode 7), as Discord does during its deploys. */
  requestReconnect(opts: { shard?: number } = {}): void {
    for (const s of this.sessions.values())
      if (s.ws && (opts.shard === undefined || s.shard[0] === opts.shard)) s.ws.send(JSON.stringify({ op: 7, d: null, s: null, t: null }));
  }

  /** Deletes a message (`deleteMessage(id)` or `deleteMessage(channelId, id)`): later calls on it get 404 10008. */
  deleteMessage(channelOrId: string, id?: string): void {
    const m = this.messages.get(id ?? channelOrId);
    if (!m || m.deleted) return;
    m.deleted = true;
    if (m.visibleTo === null) this.dispatch("MESSAGE_DELETE", { id: m.id, channel_id: m.channel_id, guild_id: this.guildOf(m.channel_id) });
  }
  /** Deletes a channel or thread (and the threads under it): later calls on it get 404 10003. */
  deleteChannel(id: string): void {
    const c = this.channels.get(id);
    if (!c) return;
    for (const t of this.threads()) if (t.parent_id === id) this.deleteChannel(t.id);
    this.channels.delete(id);
    const thread = c.type === 11 || c.type === 12;
    this.dispatch(
      thread ? "THREAD_DELETE" : "CHANNEL_DELETE",
      thread ? { id, guild_id: c.guild_id, parent_id: c.parent_id, type: c.type } : c,
    );
  }
  /**
   * Takes permissions from the bot in a channel (default: all of them; or e.g. ["CreatePublicThreads"]):
   * posts there get 403 code 50013, interactions there carry the reduced app_permissions, and the
   * channel's overwrites in the client's cache say so. Reads (GET) stay allowed.
   */
  denyPermissions(channelId: string, perms: PermName[] | bigint = ALL_PERMS): void {
    const bits = typeof perms === "bigint" ? perms : perms.reduce((a, n) => a | Perm[n], 0n);
    this.denied.set(channelId, (this.denied.get(channelId) ?? 0n) | bits);
    this.updateOverwrites(channelId);
  }
  /** Takes permissions from the bot's role in a guild (e.g. ["ManageEvents", "CreateEvents"]): its guild-level requests get 403 code 50013. */
  denyGuildPermissions(perms: PermName[], guildId = this.guildId): void {
    this.guildDenied.set(
      guildId,
      perms.reduce((a, n) => a | Perm[n], this.guildDenied.get(guildId) ?? 0n),
    );
    this.dispatch("GUILD_ROLE_UPDATE", { guild_id: guildId, role: this.guildObject(guildId).roles[1] });
  }
  allowPermissions(channelId: string): void {
    this.denied.delete(channelId);
    this.updateOverwrites(channelId);
  }
  /** Gives a user extra guild permissions (e.g. "ManageChannels"), seen in their next interactions. */
  grant(user: FakeUser, ...perms: PermName[]): void {
    for (const p of perms) user.permissions |= Perm[p];
  }
  /** Adds a text channel to a guild (default `guildId`), announced to the shard that owns it. */
  addChannel(name = "other", guildId = this.guildId): string {
    const id = this.snowflake();
    const c = this.textChannel(id, name, this.channels.size, guildId);
    this.channels.set(id, c);
    this.dispatch("CHANNEL_CREATE", c);
    return id;
  }

  /**
   * Adds a server with a text channel named `hearts` (GUILD_CREATE goes to the shard owning it, as
   * when the bot is invited). `shard: [id, count]` picks an id Discord routes to that shard.
   */
  addGuild(opts: { name?: string; shard?: [number, number] } = {}): FakeGuild {
    let id = this.snowflake();
    // Guild ids are snowflakes; the shard is decided by their timestamp bits, so step those.
    while (opts.shard && shardOf(id, opts.shard[1]) !== opts.shard[0]) {
      this.lastSnowflake = (((BigInt(id) >> 22n) + 1n) << 22n) - 1n;
      id = this.snowflake();
    }
    const guild: FakeGuild = { id, name: opts.name ?? `Fake Guild ${this.guilds.length + 1}`, channelId: this.snowflake() };
    this.guilds.push(guild);
    this.channels.set(guild.channelId, this.textChannel(guild.channelId, "hearts", 0, id));
    this.dispatch("GUILD_CREATE", this.guildObject(id));
    return guild;
  }

  /** The guild a channel or thread belongs to. */
  guildOf(channelId: string): string {
    return this.channels.get(channelId)?.guild_id ?? this.guildId;
  }

  /** Calls `fn` with every REST call once answered (also when recordCalls is off). Returns an unsubscribe. */
  onCall(fn: (call: RecordedCall) => void): () => void {
    this.callListeners.push(fn);
    return () => {
      this.callListeners = this.callListeners.filter((x) => x !== fn);
    };
  }

  /** Discord's per-channel message buckets: posts, and edits/deletes, 5 per 5 s each. */
  private takeFromBucket(method: string, path: string): { refused: boolean; resetAfter: number; headers: Record<string, string> } | null {
    const m = /^\/channels\/(\d+)\/messages(\/\d+)?$/.exec(path);
    if (!m || method === "GET") return null;
    const kind = m[2] ? "edit" : "post";
    if (kind === "post" && method !== "POST") return null;
    const key = `${kind}:${m[1]}`;
    const now = Date.now();
    let b = this.buckets.get(key);
    if (!b || now >= b.resetAt) {
      b = { remaining: 5, resetAt: now + 5_000 };
      this.buckets.set(key, b);
    }
    const resetAfter = Math.max(0.001, (b.resetAt - now) / 1000);
    const refused = b.remaining <= 0;
    if (!refused) b.remaining--;
    return {
      refused,
      resetAfter,
      headers: {
        "x-ratelimit-limit": "5",
        "x-ratelimit-remaining": String(Math.max(0, b.remaining)),
        "x-ratelimit-reset-after": resetAfter.toFixed(3),
        "x-ratelimit-reset": ((now + resetAfter * 1000) / 1000).toFixed(3),
        "x-ratelimit-bucket": `fake-${kind}`,
      },
    };
  }

  // ---- reading state --------------------------------------------------------------------------------

  /** What everyone sees in a channel or thread: public messages, in order (interaction replies included). */
  channelMessages(channelId: string): FakeMessage[] {
    const out: FakeMessage[] = [];
    for (const m of this.messages.values()) if (m.channel_id === channelId && !m.deleted && m.visibleTo === null) out.push(m);
    return out;
  }
  /** Every message a user can see: public ones, and their own ephemeral ones. */
  visibleTo(userId: string): FakeMessage[] {
    return [...this.messages.values()].filter((m) => !m.deleted && (m.visibleTo === null || m.visibleTo === userId));
  }
  /** A user's ephemeral messages (their private menus), oldest first. */
  ephemeralsOf(userId: string): FakeMessage[] {
    return [...this.messages.values()].filter((m) => !m.deleted && m.visibleTo === userId);
  }
  /** Threads (type 11/12) still existing, in creation order. */
  threads(): any[] {
    return [...this.channels.values()].filter((c) => c.type === 11 || c.type === 12);
  }
  /** The handle of an interaction sent earlier, by token. */
  interaction(token: string): InteractionHandle | null {
    const it = this.interactions.get(token);
    return it ? this.handleOf(it) : null;
  }

  async waitFor<T>(probe: () => T | null | undefined | false | "" | 0, timeoutMs = 5_000, what = "a condition"): Promise<T> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const v = probe();
      if (v) return v;
      if (Date.now() > end) {
        const recent = this.calls
          .slice(-5)
          .map((c) => `${c.method} ${c.path} -> ${c.status}`)
          .join("; ");
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last REST calls: ${recent || "none"})`);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  // ---- interactions as a user -----------------------------------------------------------------------

  /**
   * `/name subcommand option:value`. Values: strings (3), integers (4), other numbers (10),
   * booleans (5), or `{ type, value }` — `fake.userOption(user)` for a user option (6).
   */
  slashCommand(
    user: FakeUser,
    name: string,
    sub: { subcommand?: string; group?: string; options?: Record<string, SlashOptionValue> } = {},
    channelOrOpts?: string | { channelId?: string },
  ): InteractionHandle {
    const channelId = (typeof channelOrOpts === "string" ? channelOrOpts : channelOrOpts?.channelId) ?? this.channelId;
    const { data } = this.commandData(name, sub, null, this.guildOf(channelId));
    return this.send(user, "command", 2, data, channelId, null, `/${[name, sub.group, sub.subcommand].filter(Boolean).join(" ")}`);
  }

  /** Typing in an autocompleted option: `focused` names the option, its value is what was typed. */
  autocomplete(
    user: FakeUser,
    name: string,
    sub: { subcommand?: string; group?: string; options?: Record<string, SlashOptionValue>; focused: string },
    channelOrOpts?: string | { channelId?: string },
  ): InteractionHandle {
    const channelId = (typeof channelOrOpts === "string" ? channelOrOpts : channelOrOpts?.channelId) ?? this.channelId;
    const { data } = this.commandData(name, sub, sub.focused, this.guildOf(channelId));
    return this.send(user, "autocomplete", 4, data, channelId, null, `autocomplete /${name} ${sub.subcommand ?? ""} ${sub.focused}`);
  }

  clickButton(user: FakeUser, messageId: string, customId: string): InteractionHandle {
    this.requireComponent(messageId, customId, 2);
    return this.send(user, "component", 3, { custom_id: customId, component_type: 2 }, null, messageId, `click ${customId}`);
  }

  selectMenu(user: FakeUser, messageId: string, customId: string, values: string[]): InteractionHandle {
    const c = this.requireComponent(messageId, customId, 3);
    return this.send(
      user,
      "component",
      3,
      { custom_id: customId, component_type: c?.type ?? 3, values },
      null,
      messageId,
      `select ${customId} ${values.join(",")}`,
    );
  }

  /** Submits a modal: fields by text-input custom_id. Pass messageId when the modal came from a button. */
  submitModal(
    user: FakeUser,
    customId: string,
    fields: Record<string, string>,
    opts: { messageId?: string; channelId?: string } = {},
  ): InteractionHandle {
    const components = Object.entries(fields).map(([id, value]) => ({ type: 1, components: [{ type: 4, custom_id: id, value }] }));
    return this.send(
      user,
      "modal",
      5,
      { custom_id: customId, components },
      opts.channelId ?? null,
      opts.messageId ?? null,
      `modal ${customId}`,
    );
  }

  /** The `{ type: 6, value }` option for a user, with what Discord resolves for it. */
  userOption(user: FakeUser): { type: number; value: string } {
    return { type: 6, value: user.id };
  }

  /** Finds a component (button or select) in a message. */
  findComponent(message: FakeMessage | null | undefined, pred: (c: any) => boolean): any | null {
    for (const row of message?.components ?? []) for (const c of row.components ?? []) if (pred(c)) return c;
    return null;
  }

  private requireComponent(messageId: string, customId: string, type: number): any {
    const m = this.messages.get(messageId);
    if (!m) throw new Error(`fake Discord: no message ${messageId} to interact with`);
    if (m.deleted) throw new Error(`fake Discord: message ${messageId} was deleted; nobody can click it`);
    // Stale, disabled or forged components are sent as asked: a modified client can send anything,
    // and the bot must refuse it itself.
    const c = this.findComponent(m, (x) => x.custom_id === customId);
    return type === 3 && c && !(c.type >= 3 && c.type <= 8 && c.type !== 4) ? null : c;
  }

  private commandData(
    name: string,
    sub: { subcommand?: string; group?: string; options?: Record<string, SlashOptionValue> },
    focused: string | null,
    guildId = this.guildId,
  ): { data: any } {
    const resolved: any = {};
    const options = Object.entries(sub.options ?? {}).map(([n, raw]) => {
      const typed =
        typeof raw === "object"
          ? raw
          : { type: typeof raw === "number" ? (Number.isInteger(raw) ? 4 : 10) : typeof raw === "boolean" ? 5 : 3, value: raw };
      if (typed.type === 6) {
        const u = this.users.find((x) => x.id === typed.value);
        if (u) {
          (resolved.users ??= {})[u.id] = this.userObject(u);
          (resolved.members ??= {})[u.id] = {
            roles: [],
            joined_at: new Date(this.now()).toISOString(),
            permissions: String(u.permissions),
            flags: 0,
            deaf: false,
            mute: false,
            nick: null,
            avatar: null,
          };
        }
      }
      return { name: n, type: typed.type, value: typed.value, ...(n === focused ? { focused: true } : {}) };
    });
    if (focused && !options.some((o) => o.name === focused)) options.push({ name: focused, type: 3, value: "", focused: true });
    let tree: any[] = options;
    if (sub.subcommand) tree = [{ name: sub.subcommand, type: 1, options }];
    if (sub.group) tree = [{ name: sub.group, type: 2, options: tree }];
    const registered = [...(this.commands.get(guildId) ?? []), ...(this.commands.get("global") ?? [])].find((c) => c.name === name);
    const data: any = { id: registered?.id ?? "500000000000000001", name, type: 1, options: tree };
    if (Object.keys(resolved).length) data.resolved = resolved;
    if (registered?.guild_id) data.guild_id = registered.guild_id;
    return { data };
  }

  private send(
    user: FakeUser,
    kind: InteractionKind,
    type: number,
    data: any,
    channelId: string | null,
    messageId: string | null,
    what: string,
  ): InteractionHandle {
    if (this.closed) throw new Error("fake Discord is closed");
    const id = this.snowflake();
    const token = `itoken-${id}-${Math.random().toString(36).slice(2, 10)}`;
    const source = messageId ? this.messages.get(messageId) : null;
    if (messageId && !source) throw new Error(`fake Discord: no message ${messageId}`);
    const chId = source?.channel_id ?? channelId ?? this.channelId;
    const channel = this.channels.get(chId);
    if (!channel) throw new Error(`fake Discord: channel ${chId} does not exist (deleted?)`);
    let settle!: (a: Ack) => void;
    let fail!: (e: Error) => void;
    const promise = new Promise<Ack>((res, rej) => {
      settle = res;
      fail = rej;
    });
    promise.catch(() => undefined);
    const it: Interaction = {
      id,
      token,
      kind,
      user,
      channelId: chId,
      customId: typeof data?.custom_id === "string" ? data.custom_id : null,
      createdAt: this.now(),
      startedReal: Date.now(),
      what,
      acked: false,
      ackType: null,
      originalId: null,
      followUps: [],
      sourceMessage: messageId,
      modal: null,
      choices: null,
      settle: (a) => {
        clearTimeout(it.timer);
        settle(a);
      },
      timer: setTimeout(() => {
        if (it.acked) return;
        this.violate(
          "not-acknowledged",
          `${what} by ${user.username} (interaction ${id}) was not acknowledged within 3 s: the user sees "This interaction failed"`,
          { token },
        );
        fail(new Error(`${what} by ${user.username} was not acknowledged within 3 s`));
      }, ACK_DEADLINE_MS),
    };
    this.interactions.set(token, it);
    // A click on an ephemeral message comes with that ephemeral message, and may then update it.
    if (source && source.visibleTo !== null) this.ephemeralTokens.get(source.id)?.add(token);
    const perms = this.botPermissionsIn(chId);
    const guildId = channel.guild_id ?? this.guildId;
    const payload: any = {
      id,
      application_id: this.applicationId,
      type,
      data,
      guild_id: guildId,
      guild: { id: guildId, locale: this.guildLocales.get(guildId) ?? "en-US", features: [] },
      channel_id: chId,
      channel,
      member: {
        user: this.userObject(user),
        roles: user.roles ?? [],
        permissions: String(user.permissions),
        joined_at: new Date(this.now()).toISOString(),
        deaf: false,
        mute: false,
        flags: 0,
        nick: null,
        avatar: null,
        pending: false,
      },
      token,
      version: 1,
      app_permissions: String(perms),
      locale: user.locale ?? "en-US",
      guild_locale: this.guildLocales.get(guildId) ?? "en-US",
      entitlements: [],
      authorizing_integration_owners: { "0": guildId },
      context: 0,
      attachment_size_limit: 10 * 1024 * 1024,
    };
    if (source) payload.message = this.messageObject(source);
    this.dispatch("INTERACTION_CREATE", payload);
    return this.handleOf(it, promise);
  }

  private handleOf(it: Interaction, promise?: Promise<Ack>): InteractionHandle {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the handle's shorthand methods have their own this; they read the fake through self
    const self = this;
    const p =
      promise ??
      (it.acked
        ? Promise.resolve({ type: it.ackType!, latencyMs: 0 })
        : this.waitFor(() => it.acked, ACK_DEADLINE_MS + 100, `acknowledgement of ${it.what}`).then(() => ({
            type: it.ackType!,
            latencyMs: 0,
          })));
    p.catch(() => undefined);
    const ack = Object.assign(() => p, {
      then: p.then.bind(p),
      catch: p.catch.bind(p),
      finally: p.finally.bind(p),
      [Symbol.toStringTag]: "Promise",
    }) as unknown as AckPromise;
    const reply = () => (it.originalId ? (self.messages.get(it.originalId) ?? null) : null);
    return {
      id: it.id,
      token: it.token,
      user: it.user,
      kind: it.kind,
      channelId: it.channelId,
      customId: it.customId,
      ack,
      reply,
      response: reply,
      followUps: () => it.followUps.map((m) => self.messages.get(m)!),
      modal: () => it.modal,
      choices: () => it.choices,
      calls: () => self.calls.filter((c) => c.token === it.token),
      waitForResponse(pred = () => true, timeoutMs = 5_000) {
        return self.waitFor(
          () => {
            const m = reply();
            return m && !(m.flags & LOADING) && pred(m) ? m : null;
          },
          timeoutMs,
          `the response to ${it.what}`,
        );
      },
      waitForEdit(edits, timeoutMs = 5_000) {
        const base = edits ?? reply()?.edits ?? -1;
        return self.waitFor(
          () => {
            const m = reply();
            return m && m.edits > base ? m : null;
          },
          timeoutMs,
          `an edit of the response to ${it.what}`,
        );
      },
    };
  }

  // ---- gateway ------------------------------------------------------------------------------------

  private onSocket(ws: WebSocket, remoteAddress: string | null): void {
    this.sockets.add(ws);
    this.socketAddresses.set(ws, remoteAddress);
    this.gateway.connections++;
    ws.on("close", () => {
      this.sockets.delete(ws);
      const s = this.socketSessions.get(ws);
      if (s?.ws === ws) s.ws = null;
      this.socketSessions.delete(ws);
    });
    ws.on("error", () => undefined);
    ws.send(JSON.stringify({ op: 10, d: { heartbeat_interval: this.heartbeatMs, _trace: ["fake-gateway"] }, s: null, t: null }));
    ws.on("message", (raw) => {
      let msg: any;
      try {
        msg = JSON.parse(raw.toString());
      } catch {
        ws.close(4002, "Error while decoding payload.");
        return;
      }
      if (msg.op === 1) {
        this.gateway.heartbeats++;
        ws.send(JSON.stringify({ op: 11, d: null, s: null, t: null }));
      } else if (msg.op === 2) this.identify(ws, msg.d);
      else if (msg.op === 6) this.resume(ws, msg.d);
      else if (msg.op === 3 || msg.op === 4 || msg.op === 8) {
        // Presence, voice and member requests: accepted, nothing to answer in these tests.
      } else ws.close(4001, "Unknown opcode.");
    });
  }

  private identify(ws: WebSocket, d: any): void {
    if (d?.token !== this.token && d?.token !== `Bot ${this.token}`) {
      ws.close(4004, "Authentication failed.");
      return;
    }
    const shard: [number, number] = Array.isArray(d?.shard) ? [Number(d.shard[0]), Number(d.shard[1])] : [0, 1];
    if (!Number.isInteger(shard[0]) || !Number.isInteger(shard[1]) || shard[1] < 1 || shard[0] < 0 || shard[0] >= shard[1]) {
      ws.close(4010, "Invalid shard.");
      return;
    }
    this.gateway.identifies++;
    this.identified.push({ shard, remoteAddress: this.socketAddresses.get(ws) ?? null });
    // A new session: whatever an old one of this shard missed is gone, as on Discord.
    for (const [id, old] of this.sessions) if (!old.ws && old.shard[0] === shard[0] && old.shard[1] === shard[1]) this.sessions.delete(id);
    const session: GatewaySession = { id: `fake-session-${this.gateway.identifies}`, shard, seq: 0, log: [], ws };
    this.sessions.set(session.id, session);
    this.socketSessions.set(ws, session);
    const mine = this.guilds.filter((g) => shardOf(g.id, shard[1]) === shard[0]);
    this.sendTo(session, "READY", {
      v: 10,
      user: { ...this.botUser(), verified: true, mfa_enabled: false, flags: 0 },
      guilds: mine.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: `ws://127.0.0.1:${this.port}/gateway`,
      shard,
      application: { id: this.applicationId, flags: 0 },
      private_channels: [],
      presences: [],
      relationships: [],
      _trace: ["fake-gateway"],
    });
    for (const g of mine) this.sendTo(session, "GUILD_CREATE", this.guildObject(g.id));
    this.readyWaiters.splice(0).forEach((r) => r());
  }

  private resume(ws: WebSocket, d: any): void {
    const session = this.sessions.get(d?.session_id);
    if ((d?.token !== this.token && d?.token !== `Bot ${this.token}`) || !session) {
      this.gateway.invalidSessions++;
      ws.send(JSON.stringify({ op: 9, d: false, s: null, t: null }));
      return;
    }
    this.gateway.resumes++;
    const from = Number(d.seq ?? 0);
    for (const e of session.log) if (e.s > from) ws.send(JSON.stringify({ op: 0, t: e.t, s: e.s, d: e.d }));
    if (session.ws && session.ws !== ws) this.socketSessions.delete(session.ws);
    session.ws = ws;
    this.socketSessions.set(ws, session);
    const s = ++session.seq;
    ws.send(JSON.stringify({ op: 0, t: "RESUMED", s, d: { _trace: ["fake-gateway"] } }));
    this.readyWaiters.splice(0).forEach((r) => r());
  }

  /**
   * Sends a dispatch to the session(s) of the shard owning its guild (every session for events of
   * no guild); logged per session so a resuming client gets what it missed.
   */
  /**
   * Removes a person from the server as a kick does: Discord no longer knows them as a member, and
   * the bot hears nothing (GUILD_MEMBER_REMOVE needs the privileged members intent, which it has not).
   */
  kick(user: FakeUser): void {
    const i = this.users.indexOf(user);
    if (i >= 0) this.users.splice(i, 1);
  }
  /**
   * Takes View Channel from one person in a channel (a member overwrite), as a server admin does;
   * the bot hears CHANNEL_UPDATE with the new overwrites.
   */
  denyView(user: FakeUser, channelId = this.channelId): void {
    const c = this.channels.get(channelId);
    if (!c) return;
    c.permission_overwrites = [
      ...(c.permission_overwrites ?? []).filter((o: any) => o.id !== user.id),
      { id: user.id, type: 1, allow: "0", deny: String(Perm.ViewChannel) },
    ];
    this.dispatch(c.type === 11 || c.type === 12 ? "THREAD_UPDATE" : "CHANNEL_UPDATE", c);
  }
  /** Bans a person from the server: Discord no longer knows them as a member, and the bot hears GUILD_BAN_ADD. */
  ban(user: FakeUser): void {
    const i = this.users.indexOf(user);
    if (i >= 0) this.users.splice(i, 1);
    this.dispatch("GUILD_BAN_ADD", { guild_id: this.guildId, user: this.userObject(user) });
  }

  dispatch(t: string, d: unknown): void {
    const e = d as { guild_id?: string; id?: string } | null;
    const guildId = e?.guild_id ?? (t === "GUILD_CREATE" || t === "GUILD_UPDATE" || t === "GUILD_DELETE" ? e?.id : undefined);
    for (const s of this.sessions.values()) if (!guildId || shardOf(guildId, s.shard[1]) === s.shard[0]) this.sendTo(s, t, d);
  }

  private sendTo(session: GatewaySession, t: string, d: unknown): void {
    const e = { s: ++session.seq, t, d };
    session.log.push(e);
    if (session.log.length > GATEWAY_LOG_LIMIT) session.log.splice(0, session.log.length - GATEWAY_LOG_LIMIT);
    const ws = session.ws;
    if (ws && ws.readyState === ws.OPEN) ws.send(JSON.stringify({ op: 0, ...e }));
  }

  // ---- REST ---------------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const path = decodeURIComponent(url.pathname).replace(/^\/api(\/v\d+)?/, "");
    const method = req.method ?? "GET";
    const route = `${method} ${path.replace(/^\/(interactions|webhooks)\/(\d+)\/([^/]+)/, "/$1/:id/:token").replace(/\/\d{6,}/g, "/:id")}`;
    let body: any = null;
    const files: RecordedCall["files"] = [];
    const blobs: Buffer[] = [];
    const type = req.headers["content-type"] ?? "";
    try {
      if (type.startsWith("multipart/form-data")) {
        const form = await new Request("http://x", { method: "POST", headers: { "content-type": type }, body: raw }).formData();
        for (const [key, value] of form.entries()) {
          if (key === "payload_json") body = JSON.parse(String(value));
          else if (typeof value !== "string") {
            files.push({ name: value.name, size: value.size, contentType: value.type || "application/octet-stream" });
            blobs.push(this.keepFiles ? Buffer.from(await value.arrayBuffer()) : Buffer.alloc(0));
          }
        }
      } else if (type.startsWith("application/x-www-form-urlencoded")) body = Object.fromEntries(new URLSearchParams(raw.toString()));
      else if (raw.length) body = JSON.parse(raw.toString());
    } catch (e) {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: `The request body could not be parsed: ${e}`, code: 50109 }));
      return;
    }
    let limitHeaders: Record<string, string> = {};
    const token = /^\/(?:interactions\/\d+|webhooks\/\d+)\/([^/]+)/.exec(path)?.[1] ?? null;
    const it = token ? this.interactions.get(token) : undefined;
    const call: RecordedCall = {
      method,
      path,
      route,
      query: url.search,
      body,
      files,
      token,
      interactionId: it?.id ?? null,
      userId: it?.user.id ?? null,
      ephemeral: false,
      seenBy: null,
      status: 200,
      code: null,
      injected: false,
      at: this.now(),
      userAgent: req.headers["user-agent"] ?? null,
      remoteAddress: req.socket.remoteAddress ?? null,
    };
    if (this.recordCalls) this.calls.push(call);
    const reply = (status: number, json?: unknown, headers: Record<string, string> = {}) => {
      call.status = status;
      Object.assign(headers, limitHeaders);
      for (const l of this.callListeners) l(call);
      res.writeHead(status, json === undefined ? headers : { "content-type": "application/json", ...headers });
      res.end(json === undefined ? undefined : JSON.stringify(json));
    };
    const error = (status: number, code: number, message: string, extra: Record<string, unknown> = {}) => {
      call.code = code;
      reply(status, { message, code, ...extra });
    };

    if (method === "GET" && url.pathname.startsWith("/attachments/")) return this.serveAttachment(path, res, call);
    // OAuth2 (the Activity's sign-in): documented apart from the OpenAPI routes the check reads.
    if (method === "POST" && path === "/oauth2/token") {
      // A slow token endpoint for this code (oauthCode's delayMs), as Discord is on a bad day.
      const delay = this.oauthDelays.get(body?.code);
      if (delay) return void setTimeout(() => this.oauthToken(body, reply, error), delay);
      return this.oauthToken(body, reply, error);
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (bearer && method === "GET" && path === "/users/@me") {
      const u = this.accessTokens.get(bearer);
      return u ? reply(200, { ...this.userObject(u), locale: u.locale ?? "en-US" }) : error(401, 0, "401: Unauthorized");
    }
    // The person's own membership, asked with their grant (scope guilds.members.read): 404 once they are not a member.
    const ownMember = bearer && method === "GET" ? /^\/users\/@me\/guilds\/(\d+)\/member$/.exec(path) : null;
    if (ownMember) {
      const grant = this.accessTokens.get(bearer!);
      if (!grant) return error(401, 0, "401: Unauthorized");
      if (!this.accessScopes.get(bearer!)?.includes("guilds.members.read")) return error(403, 50001, "Missing Access");
      return this.users.includes(grant) ? reply(200, this.memberObject(grant)) : error(404, 10004, "Unknown Guild");
    }

    // Checked before anything else answers: whatever Discord would say first, the request is the bot's.
    const checkStarted = performance.now();
    const refusal = this.checkRequest(method, url, path, body, files.length);
    this.checkMs += performance.now() - checkStarted;
    if (refusal) {
      this.invalidRequests.push({ ...refusal, method, path, interaction: it?.what ?? null });
      this.violate(refusal.kind, `${refusal.route}: ${refusal.fields.join("; ")}`, call);
      call.code = refusal.response.code;
      return reply(refusal.status, refusal.response);
    }

    const fault = this.faults.find((f) => f.count > 0 && f.match(method, path, route));
    if (fault) {
      fault.count--;
      call.injected = true;
      if (fault.status === 429) {
        const after = fault.retryAfter ?? 0.1;
        const headers: Record<string, string> = {
          "retry-after": String(after),
          "x-ratelimit-scope": fault.global ? "global" : "user",
          "x-ratelimit-limit": "5",
          "x-ratelimit-remaining": "0",
          "x-ratelimit-reset-after": String(after),
          "x-ratelimit-bucket": `fake-${route}`,
        };
        if (fault.global) headers["x-ratelimit-global"] = "true";
        return reply(
          429,
          { message: "You are being rate limited.", retry_after: after, global: !!fault.global, code: fault.global ? 0 : undefined },
          headers,
        );
      }
      return error(fault.status, fault.code ?? 0, fault.message ?? `${fault.status}: injected by the test`);
    }

    // Interaction callbacks and interaction webhooks authenticate by their token, not the bot's.
    const byToken = path.startsWith("/interactions/") || path.startsWith("/webhooks/");
    if (!byToken && req.headers.authorization !== `Bot ${this.token}`) return error(401, 0, "401: Unauthorized");

    if (this.globalLimit && !byToken) {
      const now = Date.now();
      let w = this.globalWindows.at(-1);
      if (!w || now >= w.at + 1000) this.globalWindows.push((w = { at: now, requests: 0, refused: 0 }));
      if (w.requests >= this.globalLimit) {
        w.refused++;
        const after = Math.max(0.001, (w.at + 1000 - now) / 1000);
        return reply(
          429,
          { message: "You are being rate limited.", retry_after: after, global: true, code: 0 },
          { "retry-after": after.toFixed(3), "x-ratelimit-global": "true", "x-ratelimit-scope": "global" },
        );
      }
      w.requests++;
    }

    const limited = this.rateLimits ? this.takeFromBucket(method, path) : null;
    if (limited?.refused) {
      this.rateLimitHits++;
      const after = limited.resetAfter;
      return reply(
        429,
        { message: "You are being rate limited.", retry_after: after, global: false },
        { ...limited.headers, "retry-after": after.toFixed(3), "x-ratelimit-scope": "user" },
      );
    }
    if (limited) limitHeaders = limited.headers;

    let m: RegExpExecArray | null;
    if (method === "GET" && (path === "/gateway/bot" || path === "/gateway")) {
      return reply(200, {
        url: `ws://127.0.0.1:${this.port}/gateway`,
        shards: this.shardCount,
        session_start_limit: { total: 1000, remaining: 999, reset_after: 86_400_000, max_concurrency: this.maxConcurrency },
      });
    }
    if (method === "GET" && path === "/users/@me") return reply(200, this.botUser());
    if (method === "GET" && (m = /^\/users\/(\d+)$/.exec(path))) {
      const u = this.users.find((x) => x.id === m![1]);
      return u ? reply(200, this.userObject(u)) : m[1] === this.botUserId ? reply(200, this.botUser()) : error(404, 10013, "Unknown User");
    }
    if (method === "GET" && (path === "/applications/@me" || path === `/applications/${this.applicationId}`)) {
      return reply(200, {
        id: this.applicationId,
        name: "Hearts",
        description: "",
        icon: null,
        flags: 0,
        bot_public: true,
        bot_require_code_grant: false,
        verify_key: "0",
        owner: this.userObject(this.users[0]),
        team: null,
        bot: this.botUser(),
      });
    }
    if ((m = /^\/applications\/(\d+)(?:\/guilds\/(\d+))?\/commands(?:\/(\d+))?$/.exec(path)))
      return this.commandRoute(method, m, body, reply, error);
    if (method === "GET" && (m = /^\/guilds\/(\d+)$/.exec(path)))
      return this.guilds.some((g) => g.id === m![1]) ? reply(200, this.guildObject(m[1])) : error(404, 10004, "Unknown Guild");
    if (method === "GET" && (m = /^\/guilds\/(\d+)\/channels$/.exec(path)))
      return reply(
        200,
        [...this.channels.values()].filter((c) => c.guild_id === m![1] && c.type !== 11 && c.type !== 12),
      );
    if (method === "GET" && (m = /^\/guilds\/(\d+)\/members\/(\d+)$/.exec(path))) {
      if (m[2] === this.botUserId) return reply(200, this.botMember());
      const u = this.users.find((x) => x.id === m![2]);
      return u ? reply(200, this.memberObject(u)) : error(404, 10007, "Unknown Member");
    }

    if ((m = /^\/guilds\/(\d+)\/scheduled-events(?:\/(\d+))?$/.exec(path)))
      return this.scheduledEventRoute(method, m[1], m[2] ?? null, body, reply, error);

    if (method === "POST" && (m = /^\/interactions\/(\d+)\/([^/]+)\/callback$/.exec(path)))
      return this.callback(it, body, files, blobs, url, call, reply, error);
    if ((m = /^\/webhooks\/(\d+)\/([^/]+)(?:\/messages\/([^/]+))?$/.exec(path)))
      return this.webhook(it, method, m[3] ?? null, body, files, blobs, call, reply, error);

    if ((m = /^\/channels\/(\d+)(\/.*)?$/.exec(path))) {
      const channel = this.channels.get(m[1]);
      if (!channel) return error(404, 10003, "Unknown Channel");
      const rest = m[2] ?? "";
      const perms = this.botPermissionsIn(channel.id);
      const need = (bits: bigint) => (perms & bits) === bits;
      const thread = channel.type === 11 || channel.type === 12;
      if (method === "GET" && rest === "") return reply(200, channel);
      if (method === "PATCH" && rest === "") {
        if (!need(thread ? Perm.ManageThreads : Perm.ManageChannels) && !(thread && channel.owner_id === this.botUserId))
          return error(403, 50013, "Missing Permissions");
        Object.assign(channel, body ?? {});
        if (thread && body) {
          channel.thread_metadata = {
            ...channel.thread_metadata,
            ...(body.archived !== undefined ? { archived: body.archived } : {}),
            ...(body.locked !== undefined ? { locked: body.locked } : {}),
          };
          delete channel.archived;
          delete channel.locked;
        }
        this.dispatch(thread ? "THREAD_UPDATE" : "CHANNEL_UPDATE", channel);
        return reply(200, channel);
      }
      if (method === "DELETE" && rest === "") {
        if (!need(thread ? Perm.ManageThreads : Perm.ManageChannels)) return error(403, 50013, "Missing Permissions");
        this.deleteChannel(channel.id);
        return reply(200, channel);
      }
      if (method === "POST" && rest === "/typing") return reply(204);
      const member = /^\/thread-members\/(\d+)$/.exec(rest);
      if (method === "PUT" && member) {
        if (!thread) return error(400, 50024, "Cannot execute action on this channel type");
        if (!this.users.some((u) => u.id === member[1])) return error(404, 10013, "Unknown User");
        let members = this.threadMembers.get(channel.id);
        if (!members) this.threadMembers.set(channel.id, (members = new Set()));
        members.add(member[1]);
        return reply(204);
      }
      if (method === "GET" && rest === "/messages") {
        const limit = Math.min(100, Number(url.searchParams.get("limit") ?? 50));
        const before = url.searchParams.get("before");
        const after = url.searchParams.get("after");
        let list = this.channelMessages(channel.id);
        if (before) list = list.filter((x) => BigInt(x.id) < BigInt(before));
        if (after) list = list.filter((x) => BigInt(x.id) > BigInt(after));
        list = after ? list.slice(0, limit) : list.slice(-limit);
        return reply(
          200,
          list.reverse().map((x) => this.messageObject(x)),
        );
      }
      if (method === "POST" && rest === "/messages") {
        if (thread && channel.thread_metadata?.locked) return error(403, 50083, "Thread is archived");
        if (!need(Perm.ViewChannel | (thread ? Perm.SendMessagesInThreads : Perm.SendMessages)))
          return error(403, 50013, "Missing Permissions");
        if (files.length && !need(Perm.AttachFiles)) return error(403, 50013, "Missing Permissions");
        if (thread) channel.thread_metadata.archived = false;
        // enforce_nonce: a message the bot made with this nonce in the last few minutes is returned, not made again.
        const nonce = body?.nonce === undefined ? null : String(body.nonce);
        const same = nonce !== null && body?.enforce_nonce ? this.nonces.get(nonce) : undefined;
        const made = same && this.now() - same.at < 5 * 60_000 ? this.messages.get(same.id) : undefined;
        if (made && !made.deleted) return reply(200, this.messageObject(made));
        const msg = this.createMessage(channel.id, body ?? {}, files, blobs, { token: null, visibleTo: null, type: 0 });
        if (nonce !== null) this.nonces.set(nonce, { id: msg.id, at: this.now() });
        return reply(200, this.messageObject(msg));
      }
      let mm: RegExpExecArray | null;
      if ((mm = /^\/messages\/(\d+)$/.exec(rest))) {
        const msg = this.messages.get(mm[1]);
        // Ephemeral messages are not in any channel: only their interaction's webhook reaches them.
        if (!msg || msg.deleted || msg.channel_id !== channel.id || msg.visibleTo !== null) return error(404, 10008, "Unknown Message");
        if (this.messageMethod(msg, method, body, files, blobs, reply)) return;
      }
      if (method === "POST" && ((mm = /^\/messages\/(\d+)\/threads$/.exec(rest)) || rest === "/threads")) {
        if (thread) return error(400, 50024, "Cannot execute action on this channel type");
        const privateThread = !mm && body?.type === 12;
        if (!need(privateThread ? Perm.CreatePrivateThreads : Perm.CreatePublicThreads)) return error(403, 50013, "Missing Permissions");
        let starter: FakeMessage | undefined;
        if (mm) {
          starter = this.messages.get(mm[1]);
          if (!starter || starter.deleted || starter.channel_id !== channel.id || starter.visibleTo !== null)
            return error(404, 10008, "Unknown Message");
          if (starter.threadId) return error(400, 160004, "A thread has already been created for this message");
        }
        // A thread started from a message has the message's id, as on Discord.
        const id = starter ? starter.id : this.snowflake();
        const t = {
          id,
          type: privateThread ? 12 : 11,
          guild_id: channel.guild_id,
          parent_id: channel.id,
          name: String(body.name),
          owner_id: this.botUserId,
          last_message_id: null,
          message_count: 0,
          member_count: 1,
          rate_limit_per_user: body.rate_limit_per_user ?? 0,
          flags: 0,
          total_message_sent: 0,
          thread_metadata: {
            archived: false,
            auto_archive_duration: body.auto_archive_duration ?? 4320,
            archive_timestamp: new Date(this.now()).toISOString(),
            locked: false,
            create_timestamp: new Date(this.now()).toISOString(),
          },
          member: { id, user_id: this.botUserId, join_timestamp: new Date(this.now()).toISOString(), flags: 0 },
          permission_overwrites: [],
        };
        this.channels.set(id, t);
        if (starter) {
          starter.threadId = id;
          starter.flags |= HAS_THREAD;
        }
        this.dispatch("THREAD_CREATE", { ...t, newly_created: true });
        return reply(201, t);
      }
    }
    this.unhandled.push(`${method} ${path}`);
    return error(404, 0, `404: Not Found (the fake Discord has no route for ${method} ${path}; add it to test/fake-discord/server.ts)`);
  }

  private commandRoute(
    method: string,
    m: RegExpExecArray,
    body: any,
    reply: (s: number, j?: unknown) => void,
    error: (s: number, c: number, msg: string) => void,
  ): void {
    if (m[1] !== this.applicationId) return error(403, 50001, "Missing Access");
    const key = m[2] ?? "global";
    const list = this.commands.get(key) ?? [];
    const stamp = (c: any) => ({
      ...c,
      id: c.id ?? this.snowflake(),
      application_id: this.applicationId,
      version: this.snowflake(),
      type: c.type ?? 1,
      ...(m[2] ? { guild_id: m[2] } : {}),
      default_member_permissions: c.default_member_permissions ?? null,
    });
    if (method === "GET" && !m[3]) return reply(200, list);
    if (method === "PUT" && !m[3]) {
      if (this.activities && key === "global" && !body.some((c: any) => c.type === 4))
        return error(
          400,
          50240,
          "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
        );
      const stored = body.map((c: any) => stamp({ ...c, id: list.find((x) => x.name === c.name)?.id }));
      this.commands.set(key, stored);
      return reply(200, stored);
    }
    if (method === "POST" && !m[3]) {
      const c = stamp({ ...body, id: list.find((x) => x.name === body.name)?.id });
      this.commands.set(key, [...list.filter((x) => x.name !== c.name), c]);
      return reply(201, c);
    }
    if (m[3]) {
      const c = list.find((x) => x.id === m[3]);
      if (!c) return error(404, 10063, "Unknown application command");
      if (method === "GET") return reply(200, c);
      if (method === "DELETE") {
        this.commands.set(
          key,
          list.filter((x) => x !== c),
        );
        return reply(204);
      }
    }
    this.unhandled.push(`${method} ${m[0]}`);
    return error(404, 0, `404: Not Found (no route for ${method} ${m[0]})`);
  }

  private callback(
    it: Interaction | undefined,
    body: any,
    files: RecordedCall["files"],
    blobs: Buffer[],
    url: URL,
    call: RecordedCall,
    reply: (s: number, j?: unknown) => void,
    error: (s: number, c: number, msg: string, extra?: Record<string, unknown>) => void,
  ): void {
    if (!it) {
      this.violate("unknown-interaction", `callback for an interaction the fake never sent (${call.path})`, call);
      return error(404, 10062, "Unknown interaction");
    }
    const late = Date.now() - it.startedReal > ACK_DEADLINE_MS || this.now() - it.createdAt > ACK_DEADLINE_MS;
    if (late && !it.acked) {
      this.violate("deadline", `${it.what} acknowledged after ${Date.now() - it.startedReal} ms (limit 3 s)`, call);
      return error(404, 10062, "Unknown interaction");
    }
    if (it.acked) {
      this.violate("double-ack", `${it.what} acknowledged twice (first type ${it.ackType}, then ${body?.type})`, call);
      return error(400, 40060, "Interaction has already been acknowledged.");
    }
    const t = body?.type;
    const allowed: Record<InteractionKind, number[]> = {
      command: [4, 5, 9, 12],
      component: [4, 5, 6, 7, 9, 12],
      autocomplete: [8],
      modal: it.sourceMessage ? [4, 5, 6, 7] : [4, 5],
    };
    if (!allowed[it.kind].includes(t)) {
      this.violate(
        "wrong-response-type",
        `${it.what}: callback type ${t} is not valid for a ${it.kind} interaction (valid: ${allowed[it.kind].join(", ")})`,
        call,
      );
      return error(400, 50035, "Invalid Form Body", {
        errors: discordErrors([
          {
            at: ["type"],
            code: "INTERACTION_RESPONSE_TYPE_INVALID",
            message: `Interaction response type ${t} is not valid for a ${it.kind} interaction.`,
          },
        ]),
      });
    }
    const data = body?.data ?? {};
    it.acked = true;
    it.ackType = t;
    const source = it.sourceMessage ? this.messages.get(it.sourceMessage) : undefined;
    if (t === 4 || t === 5) {
      const ephemeral = ((data.flags ?? 0) & EPHEMERAL) !== 0;
      const flags = (data.flags ?? 0) | (t === 5 ? LOADING : 0);
      const msg = this.createMessage(it.channelId, t === 5 ? { flags } : { ...data, flags }, files, blobs, {
        token: it.token,
        visibleTo: ephemeral ? it.user.id : null,
        type: it.kind === "command" ? 20 : 0,
        interaction: it,
      });
      it.originalId = msg.id;
      this.shown(call, ephemeral ? it.user.id : null);
    } else if (t === 6 || t === 7) {
      if (source && !source.deleted) {
        if (t === 7) this.editMessage(source, data, files, blobs);
        it.originalId = source.id;
        this.shown(call, source.visibleTo);
      }
    } else if (t === 8) {
      it.choices = data.choices ?? [];
      this.shown(call, it.user.id);
    } else if (t === 9) {
      it.modal = data;
      this.shown(call, it.user.id);
    }
    it.settle({ type: t, latencyMs: Date.now() - it.startedReal });
    if (url.searchParams.get("with_response") !== "true") return reply(204);
    const msg = it.originalId ? this.messages.get(it.originalId) : null;
    return reply(200, {
      interaction: {
        id: it.id,
        type: { command: 2, component: 3, autocomplete: 4, modal: 5 }[it.kind],
        activity_instance_id: null,
        response_message_id: msg?.id ?? null,
        response_message_loading: t === 5,
        response_message_ephemeral: msg ? msg.visibleTo !== null : false,
      },
      resource: msg && t !== 6 ? { type: t, message: this.messageObject(msg) } : { type: t },
    });
  }

  private webhook(
    it: Interaction | undefined,
    method: string,
    target: string | null,
    body: any,
    files: RecordedCall["files"],
    blobs: Buffer[],
    call: RecordedCall,
    reply: (s: number, j?: unknown) => void,
    error: (s: number, c: number, msg: string) => void,
  ): void {
    if (!it) return error(404, 10015, "Unknown Webhook");
    if (this.now() - it.createdAt > TOKEN_LIFETIME_MS) {
      this.violate(
        "expired-token",
        `${method} with the token of ${it.what}, ${Math.round((this.now() - it.createdAt) / 60_000)} minutes old (tokens last 15)`,
        call,
      );
      return error(401, 50027, "Invalid Webhook Token");
    }
    if (!it.acked) {
      this.violate("not-acknowledged", `${method} ${call.route} before the interaction was acknowledged`, call);
      return error(404, target ? 10008 : 10015, target ? "Unknown Message" : "Unknown Webhook");
    }
    if (!target && method === "POST") {
      const original = it.originalId ? this.messages.get(it.originalId) : undefined;
      // The first follow-up after a deferred reply fills the "thinking" message instead.
      if (original && !original.deleted && original.flags & LOADING && it.ackType === 5) {
        this.editMessage(original, body ?? {}, files, blobs);
        this.shown(call, original.visibleTo);
        return reply(200, this.messageObject(original));
      }
      const ephemeral = ((body?.flags ?? 0) & EPHEMERAL) !== 0;
      const msg = this.createMessage(original?.channel_id ?? it.channelId, body ?? {}, files, blobs, {
        token: it.token,
        visibleTo: ephemeral ? it.user.id : null,
        type: 0,
        interaction: it,
      });
      it.followUps.push(msg.id);
      this.shown(call, ephemeral ? it.user.id : null);
      return reply(200, this.messageObject(msg));
    }
    if (!target) {
      this.unhandled.push(`${method} ${call.path}`);
      return error(404, 0, `404: Not Found (no route for ${method} ${call.route})`);
    }
    const id = target === "@original" ? it.originalId : target;
    const msg = id ? this.messages.get(id) : undefined;
    if (!msg || msg.deleted) return error(404, 10008, "Unknown Message");
    if (msg.visibleTo !== null && !this.ephemeralTokens.get(msg.id)?.has(it.token)) {
      this.violate(
        "foreign-ephemeral",
        `${method} of ephemeral message ${msg.id} (seen by ${msg.visibleTo}) with the token of ${it.what} by ${it.user.username}, which cannot reach it`,
        call,
      );
      return error(404, 10008, "Unknown Message");
    }
    this.shown(call, msg.visibleTo);
    if (this.messageMethod(msg, method, body, files, blobs, reply)) return;
    this.unhandled.push(`${method} ${call.path}`);
    return error(405, 0, "405: Method Not Allowed");
  }

  /** GET, DELETE or PATCH of one message (through its channel or its interaction's webhook); false for another method. */
  private messageMethod(
    msg: FakeMessage,
    method: string,
    body: any,
    files: RecordedCall["files"],
    blobs: Buffer[],
    reply: (s: number, j?: unknown) => void,
  ): boolean {
    if (method === "GET") reply(200, this.messageObject(msg));
    else if (method === "DELETE") {
      this.deleteMessage(msg.id);
      reply(204);
    } else if (method === "PATCH") {
      this.editMessage(msg, body ?? {}, files, blobs);
      reply(200, this.messageObject(msg));
    } else return false;
    return true;
  }

  /**
   * The request against Discord's published API: its URL must be a route of the OpenAPI document
   * (404 or 405 otherwise, as Discord answers), its ids snowflakes, its query parameters the route's,
   * its body (or multipart payload_json) the route's request schema, within the documented limits
   * (400 code 50035 with the fields, or 50006 for an empty message). Null when it matches.
   */
  private checkRequest(
    method: string,
    url: URL,
    path: string,
    body: unknown,
    files: number,
  ): Omit<InvalidRequest, "method" | "path" | "interaction"> | null {
    this.requestsChecked++;
    if (!/^\/api\/v10\//.test(url.pathname)) {
      return {
        kind: "unknown-route",
        route: path,
        fields: [`${url.pathname} is not under Discord's API v10 (/api/v10/…)`],
        status: 404,
        response: { code: 0, message: "404: Not Found" },
      };
    }
    const match = matchRoute(method, path);
    if (!("route" in match)) {
      const why =
        match.status === 405 ? `${path} is a route of Discord's API, but not for ${method}` : `no route ${method} ${path} in Discord's API`;
      return {
        kind: "unknown-route",
        route: path,
        fields: [why],
        status: match.status,
        response: { code: 0, message: match.status === 405 ? "405: Method Not Allowed" : "404: Not Found" },
      };
    }
    const route = `${match.route.method} ${match.route.template}`;
    const invalid = (kind: "schema" | "limits", found: Finding[]) => {
      const fields = found.map((f) => `${fieldName(f.at)}: ${f.message}`);
      if (found.length === 1 && found[0].code === EMPTY_MESSAGE)
        return { kind, route, fields, status: 400, response: { code: 50006, message: "Cannot send an empty message" } };
      return {
        kind,
        route,
        fields,
        status: 400,
        response: { code: 50035, message: "Invalid Form Body", errors: discordErrors(found.filter((f) => f.code !== EMPTY_MESSAGE)) },
      };
    };
    const schema = [...checkParams(match.route, match.params, url.searchParams), ...checkBody(match.route, body)];
    if (schema.length) return invalid("schema", schema);
    if (!hasShape(match.route)) return null;
    const limits = checkLimits(route, body, files);
    return limits.length ? invalid("limits", limits) : null;
  }

  private shown(call: RecordedCall, visibleTo: string | null): void {
    call.ephemeral = visibleTo !== null;
    call.seenBy = visibleTo;
  }

  private violate(kind: string, detail: string, at: { method?: string; path?: string; token?: string | null } = {}): void {
    this.violations.push({ kind, detail, method: at.method, path: at.path, token: at.token ?? null });
  }

  private serveAttachment(path: string, res: ServerResponse, call: RecordedCall): void {
    const id = path.split("/")[2];
    for (const m of this.messages.values()) {
      const a = m.attachments.find((x) => x.id === id);
      if (a?.data) {
        res.writeHead(200, { "content-type": a.content_type, "content-length": String(a.data.length) });
        res.end(a.data);
        return;
      }
    }
    call.status = 404;
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ message: "Unknown attachment (start the fake with keepFiles: true to serve uploads)", code: 0 }));
  }

  // ---- messages -----------------------------------------------------------------------------------

  private createMessage(
    channelId: string,
    data: any,
    files: RecordedCall["files"],
    blobs: Buffer[],
    o: { token: string | null; visibleTo: string | null; type: number; interaction?: Interaction },
  ): FakeMessage {
    const now = this.now();
    const msg: FakeMessage = {
      id: this.snowflake(),
      channel_id: channelId,
      content: "",
      embeds: [],
      components: [],
      attachments: [],
      flags: 0,
      type: o.type,
      token: o.token,
      visibleTo: o.visibleTo,
      pings: [],
      edits: 0,
      history: [],
      createdAt: now,
      editedAt: null,
      threadId: null,
      deleted: false,
    };
    msg.flags = (data.flags ?? 0) & (EPHEMERAL | LOADING | SUPPRESS_NOTIFICATIONS | 4);
    this.applyData(msg, data, files, blobs);
    msg.history.push(this.version(msg));
    if (o.visibleTo === null && !(msg.flags & SUPPRESS_NOTIFICATIONS)) msg.pings = this.pingsOf(msg.content, data.allowed_mentions);
    if (o.interaction)
      (msg as any).interactionMeta = {
        id: o.interaction.id,
        type: { command: 2, component: 3, autocomplete: 4, modal: 5 }[o.interaction.kind],
        user: this.userObject(o.interaction.user),
        authorizing_integration_owners: { "0": this.guildOf(channelId) },
      };
    this.messages.set(msg.id, msg);
    if (o.visibleTo !== null && o.token) this.ephemeralTokens.set(msg.id, new Set([o.token]));
    const channel = this.channels.get(channelId);
    if (channel) {
      channel.last_message_id = msg.id;
      if (channel.type === 11 || channel.type === 12) channel.message_count = (channel.message_count ?? 0) + 1;
    }
    return msg;
  }

  private editMessage(msg: FakeMessage, data: any, files: RecordedCall["files"], blobs: Buffer[]): void {
    this.applyData(msg, data, files, blobs);
    // Editing a deferred reply ends its "thinking" state; ephemerality never changes after creation.
    msg.flags &= ~LOADING;
    if (data.flags !== undefined) msg.flags = (msg.flags & ~4) | (data.flags & 4);
    msg.edits++;
    msg.editedAt = this.now();
    if (this.keepHistory) msg.history.push(this.version(msg));
    else msg.history = [this.version(msg)];
  }

  private applyData(msg: FakeMessage, data: any, files: RecordedCall["files"], blobs: Buffer[]): void {
    if ("content" in data) msg.content = data.content ?? "";
    if ("embeds" in data) msg.embeds = data.embeds ?? [];
    if ("components" in data) msg.components = data.components ?? [];
    if (!("attachments" in data) && !files.length) return;
    // payload_json's attachments name what to keep (existing ids) and describe new files by index;
    // without an attachments array, existing ones stay and new files are added.
    const listed: any[] | null = Array.isArray(data.attachments) ? data.attachments : null;
    const kept = listed ? msg.attachments.filter((a) => listed.some((x) => String(x.id) === a.id)) : msg.attachments;
    const added = files.map((f, i) => {
      const id = this.snowflake();
      const desc = listed?.find((x) => String(x.id) === String(i));
      const name = desc?.filename ?? f.name;
      const url = `http://127.0.0.1:${this.port}/attachments/${id}/${encodeURIComponent(name)}`;
      const a: FakeAttachment = { id, filename: name, size: f.size, content_type: contentTypeOf(name, f.contentType), url, proxy_url: url };
      if (this.keepFiles) a.data = blobs[i];
      return a;
    });
    msg.attachments = [...kept, ...added];
  }

  private version(m: FakeMessage): MessageVersion {
    return {
      at: this.now(),
      content: m.content,
      embeds: m.embeds,
      components: m.components,
      attachments: m.attachments.map((a) => a.filename),
      flags: m.flags,
    };
  }

  /** Who a post notifies: its user mentions, filtered by allowed_mentions as Discord does. */
  private pingsOf(content: string, allowed: any): string[] {
    const mentioned = [...content.matchAll(/<@!?(\d+)>/g)].map((x) => x[1]);
    let ok: (id: string) => boolean = () => true;
    if (allowed && typeof allowed === "object") {
      const parse: string[] = allowed.parse ?? [];
      const users: string[] = allowed.users ?? [];
      ok = (id) => parse.includes("users") || users.includes(id);
    }
    return [...new Set(mentioned.filter(ok))];
  }

  private messageObject(m: FakeMessage): any {
    const meta = (m as any).interactionMeta;
    return {
      id: m.id,
      type: m.type,
      channel_id: m.channel_id,
      guild_id: this.guildOf(m.channel_id),
      author: this.botUser(),
      content: m.content,
      embeds: m.embeds,
      components: m.components,
      attachments: m.attachments.map(({ data: _data, ...a }) => a),
      flags: m.flags,
      timestamp: new Date(m.createdAt).toISOString(),
      edited_timestamp: m.editedAt ? new Date(m.editedAt).toISOString() : null,
      tts: false,
      mention_everyone: false,
      mentions: m.pings
        .map((id) => this.users.find((u) => u.id === id))
        .filter((u): u is FakeUser => !!u)
        .map((u) => this.userObject(u)),
      mention_roles: [],
      mention_channels: [],
      pinned: false,
      sticker_items: [],
      reactions: [],
      application_id: m.token ? this.applicationId : undefined,
      webhook_id: m.token ? this.applicationId : undefined,
      ...(meta ? { interaction_metadata: meta, interaction: { id: meta.id, type: meta.type, name: "hearts", user: meta.user } } : {}),
      ...(m.threadId && this.channels.has(m.threadId) ? { thread: this.channels.get(m.threadId) } : {}),
    };
  }

  // ---- guild scheduled events ----------------------------------------------------------------------

  /**
   * Discord's guild scheduled events, as far as a bot announcing an event uses them: create (Manage
   * Events or Create Events), list, edit and delete (Manage Events, or Create Events for its own).
   * An external event needs entity_metadata.location and a scheduled_end_time (Discord's rule).
   */
  private scheduledEventRoute(
    method: string,
    guildId: string,
    eventId: string | null,
    body: any,
    reply: (status: number, body?: unknown) => void,
    error: (status: number, code: number, message: string) => void,
  ): void {
    if (!this.guilds.some((g) => g.id === guildId)) return error(404, 10004, "Unknown Guild");
    if (method === "GET" && !eventId)
      return reply(
        200,
        [...this.scheduledEvents.values()].filter((e) => e.guild_id === guildId),
      );
    const denied = this.guildDenied.get(guildId) ?? 0n;
    if ((BOT_PERMS & ~denied & (Perm.ManageEvents | Perm.CreateEvents)) === 0n) return error(403, 50013, "Missing Permissions");
    const event = eventId ? this.scheduledEvents.get(eventId) : null;
    if (eventId && (!event || event.guild_id !== guildId)) return error(404, 10070, "Unknown Guild Scheduled Event");
    if (method === "GET") return reply(200, event);
    if (method === "DELETE") {
      this.scheduledEvents.delete(eventId!);
      return reply(204);
    }
    const next = { ...(event ?? {}), ...(body ?? {}) };
    if (next.entity_type === 3 && (!next.entity_metadata?.location || !next.scheduled_end_time))
      return error(400, 50035, "Invalid Form Body: an external event needs entity_metadata.location and scheduled_end_time");
    if (method === "POST" && !eventId) {
      const id = this.snowflake();
      const created = {
        id,
        guild_id: guildId,
        channel_id: null,
        creator_id: this.botUserId,
        description: null,
        image: null,
        status: 1,
        entity_id: null,
        user_count: 0,
        recurrence_rule: null,
        ...next,
      };
      this.scheduledEvents.set(id, created);
      return reply(200, created);
    }
    if (method === "PATCH" && eventId) {
      this.scheduledEvents.set(eventId, next);
      return reply(200, next);
    }
    return error(405, 0, "405: Method Not Allowed");
  }

  // ---- guild, users, permissions ------------------------------------------------------------------

  private botPermissionsIn(channelId: string): bigint {
    const c = this.channels.get(channelId);
    const denied = (this.denied.get(channelId) ?? 0n) | (c?.parent_id ? (this.denied.get(c.parent_id) ?? 0n) : 0n);
    return BOT_PERMS & ~denied;
  }

  private updateOverwrites(channelId: string): void {
    const c = this.channels.get(channelId);
    if (!c) return;
    const deny = this.denied.get(channelId) ?? 0n;
    c.permission_overwrites = (c.permission_overwrites ?? []).filter((o: any) => o.id !== this.botUserId);
    if (deny) c.permission_overwrites.push({ id: this.botUserId, type: 1, allow: "0", deny: String(deny) });
    this.dispatch(c.type === 11 || c.type === 12 ? "THREAD_UPDATE" : "CHANNEL_UPDATE", c);
  }

  private textChannel(id: string, name: string, position: number, guildId = this.guildId): any {
    return {
      id,
      type: 0,
      guild_id: guildId,
      name,
      position,
      permission_overwrites: [],
      parent_id: null,
      nsfw: false,
      topic: null,
      last_message_id: null,
      rate_limit_per_user: 0,
      flags: 0,
    };
  }

  private botUser() {
    return { id: this.botUserId, username: "Hearts", discriminator: "0000", global_name: null, avatar: null, bot: true, flags: 0 };
  }
  /**
   * An authorize code for `user`, as the Discord client gives the Activity's SDK (authorize): good
   * for one exchange at POST /oauth2/token with the application's id and secret.
   */
  oauthCode(user: FakeUser, opts: { delayMs?: number; scope?: string } = {}): string {
    const code = `code-${user.id}-${Math.random().toString(36).slice(2, 12)}`;
    this.oauthCodes.set(code, user);
    this.oauthScopes.set(code, opts.scope ?? "identify guilds.members.read");
    if (opts.delayMs) this.oauthDelays.set(code, opts.delayMs);
    return code;
  }

  private oauthToken(
    body: any,
    reply: (status: number, json?: unknown) => void,
    error: (status: number, code: number, message: string) => void,
  ): void {
    if (body?.client_id !== this.applicationId || body?.client_secret !== this.clientSecret) return error(401, 0, "invalid_client");
    const user = body?.grant_type === "authorization_code" ? this.oauthCodes.get(body.code) : undefined;
    if (!user) return error(400, 0, "invalid_grant");
    const scope = this.oauthScopes.get(body.code) ?? "identify";
    this.oauthCodes.delete(body.code);
    this.oauthScopes.delete(body.code);
    const token = `access-${user.id}-${Math.random().toString(36).slice(2, 12)}`;
    this.accessTokens.set(token, user);
    this.accessScopes.set(token, scope);
    reply(200, { access_token: token, token_type: "Bearer", expires_in: 604800, scope });
  }

  private userObject(u: FakeUser) {
    return { id: u.id, username: u.username, discriminator: "0", global_name: u.globalName, avatar: u.avatar ?? null, public_flags: 0 };
  }
  private memberObject(u: FakeUser) {
    return {
      user: this.userObject(u),
      roles: [],
      joined_at: new Date(this.now()).toISOString(),
      deaf: false,
      mute: false,
      flags: 0,
      nick: null,
      avatar: null,
      pending: false,
    };
  }
  private botMember() {
    return {
      user: this.botUser(),
      roles: [this.botRoleId],
      joined_at: new Date(this.now()).toISOString(),
      deaf: false,
      mute: false,
      flags: 0,
      nick: null,
      avatar: null,
      pending: false,
    };
  }
  private guildObject(guildId = this.guildId) {
    const role = (id: string, name: string, perms: bigint, position: number, managed: boolean) => ({
      id,
      name,
      permissions: String(perms),
      position,
      color: 0,
      hoist: false,
      managed,
      mentionable: false,
      icon: null,
      unicode_emoji: null,
      flags: 0,
    });
    const inGuild = (c: any) => c.guild_id === guildId;
    return {
      id: guildId,
      name: this.guilds.find((g) => g.id === guildId)?.name ?? "Fake Guild",
      owner_id: this.users[0]?.id ?? this.botUserId,
      icon: null,
      splash: null,
      unavailable: false,
      joined_at: new Date(this.now()).toISOString(),
      large: false,
      member_count: this.users.length + 1,
      features: [],
      emojis: [],
      stickers: [],
      roles: [
        role(guildId, "@everyone", MEMBER_PERMS, 0, false),
        role(this.botRoleId, "Hearts", BOT_PERMS & ~(this.guildDenied.get(guildId) ?? 0n), 1, true),
        role(this.organiserRoleId, "Organisers", MEMBER_PERMS, 2, false),
      ],
      channels: [...this.channels.values()].filter((c) => inGuild(c) && c.type !== 11 && c.type !== 12),
      threads: this.threads().filter(inGuild),
      members: [this.botMember(), ...this.users.map((u) => this.memberObject(u))],
      voice_states: [],
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [...this.scheduledEvents.values()].filter((e) => e.guild_id === guildId),
      soundboard_sounds: [],
      premium_tier: 0,
      preferred_locale: "en-US",
      system_channel_id: null,
      system_channel_flags: 0,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      mfa_level: 0,
      nsfw_level: 0,
      afk_timeout: 300,
      application_id: null,
    };
  }

  /** Real-looking snowflakes (timestamp from the fake clock), strictly increasing. */
  private snowflake(): string {
    let id = (BigInt(this.now()) - DISCORD_EPOCH) << 22n;
    if (id <= this.lastSnowflake) id = this.lastSnowflake + 1n;
    this.lastSnowflake = id;
    return String(id);
  }
}

export async function startFakeDiscord(opts: FakeOptions = {}): Promise<FakeDiscord> {
  return new FakeDiscord(opts).start();
}
