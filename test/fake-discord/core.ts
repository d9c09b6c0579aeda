// A local fake Discord (REST + Gateway) on 127.0.0.1 for end-to-end tests of the real bot process.
// It keeps the state a test needs to inspect, enforces Discord's rules (3 s acknowledgement,
// 15-minute tokens, component limits, allowed mentions…) and injects faults on demand.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { EventEmitter } from "node:events";
import { randomBytes } from "node:crypto";
import { snowflake } from "./snowflake.js";
import { FakeGateway, Intent } from "./gateway.js";
import { FakeInteraction, type InteractionKind } from "./interaction.js";
import {
  ChannelTypeNumber,
  FakeMessage,
  collectStrings,
  walkComponents,
  type AckInfo,
  type ChannelKind,
  type FakeAttachment,
  type FakeChannel,
  type FakeUser,
  type RestCall,
  type ShownPayload,
  type UploadedFile,
  type Violation,
  type ViolationKind,
  type Visibility,
} from "./model.js";
import {
  ALL_PERMISSIONS,
  Permission,
  channelPermissions,
  permissionBits,
  permissionNames,
  type Overwrite,
  type PermissionName,
} from "./permissions.js";
import {
  MessageFlag,
  checkAutocompleteChoices,
  checkCommand,
  checkMessageBody,
  computePings,
  describeErrors,
  mentionsIn,
  nestErrors,
  type FieldError,
} from "./validate.js";

// ---------------------------------------------------------------------------------------------
// Options and public types

export interface FakeUserInit {
  username: string;
  globalName?: string | null;
  locale?: string;
  moderator?: boolean;
}

export interface FakeGuildInit {
  name?: string;
  /** Text channel names; the first is the default channel. */
  channels?: string[];
}

export interface RateLimitRule {
  /** Route template with method, e.g. "POST /channels/:channelId/messages". */
  route: string;
  /** Route parameter that splits buckets (Discord's "major parameter"). */
  per: string;
  limit: number;
  windowMs: number;
}

/** Discord's per-channel / per-webhook limits, close to what the real API announces. */
export const DISCORD_RATE_LIMITS: readonly RateLimitRule[] = [
  { route: "POST /channels/:channelId/messages", per: "channelId", limit: 5, windowMs: 5000 },
  { route: "PATCH /channels/:channelId/messages/:messageId", per: "channelId", limit: 5, windowMs: 5000 },
  { route: "DELETE /channels/:channelId/messages/:messageId", per: "channelId", limit: 5, windowMs: 1000 },
  { route: "POST /webhooks/:appId/:token", per: "token", limit: 5, windowMs: 2000 },
  { route: "PATCH /webhooks/:appId/:token/messages/:messageId", per: "token", limit: 5, windowMs: 2000 },
];

export interface FakeDiscordOptions {
  /** Port on 127.0.0.1 (0 = any free port). */
  port?: number;
  /** Bot token the bot must present (default: a random token shaped like a real one). */
  token?: string;
  applicationId?: string;
  botName?: string;
  /** Number of guilds or their descriptions (default one guild "Hearts Test" with #hearts and #general). */
  guilds?: number | FakeGuildInit[];
  /** Number of human users or their descriptions (default 4: player1..4 shown as Ana, Ben, Cy, Dee). */
  users?: number | FakeUserInit[];
  /** Permissions of the bot's role (default: what the invite URL asks for). */
  botPermissions?: PermissionName[];
  /** Interaction acknowledgement deadline (Discord: 3000 ms). */
  ackDeadlineMs?: number;
  /** Interaction token lifetime on the token clock (Discord: 15 minutes). */
  tokenLifetimeMs?: number;
  /** HELLO heartbeat interval (Discord: 41250 ms). */
  heartbeatIntervalMs?: number;
  /** Accept GuildMembers / GuildPresences / MessageContent intents (default false, like a new app). */
  allowPrivilegedIntents?: boolean;
  /** Emulate Discord's per-route rate limits (true = DISCORD_RATE_LIMITS). Default false. */
  rateLimits?: boolean | readonly RateLimitRule[];
  /** Keep uploaded bytes (default true; turn off for long load runs). */
  retainFiles?: boolean;
  /** Keep at most this many REST calls (oldest dropped; default unlimited). */
  maxCalls?: number;
  /** Per-file upload limit (Discord: 10 MiB without boosts). */
  maxUploadBytes?: number;
  /** Where violations, unknown routes and warnings go (default console.warn). false = silent. */
  log?: false | ((line: string) => void);
  /** Also log every REST call and gateway event. */
  verbose?: boolean;
  /** Throw instead of sending interactions a real Discord client could not send (see DispatchWhere.strict). */
  strictInput?: boolean;
}

export type RouteMatcher = string | RegExp | ((call: RestCall) => boolean);

export interface SlashCommandInput {
  subcommand?: string;
  group?: string;
  options?: Record<string, OptionValue>;
}

export type OptionValue = string | number | boolean | FakeUser | { channelId: string } | { roleId: string };

export interface DispatchWhere {
  /** Channel (or thread) the interaction happens in (default: the default channel). */
  channelId?: string;
  /** Send from the user's DM with the bot instead of a guild channel. */
  dm?: boolean;
  /** Override the user's locale for this interaction. */
  locale?: string;
  /**
   * Throw when the request is one a real Discord client could not send (unregistered option,
   * a button not on the message, someone else's ephemeral message…). Default: the fake's
   * strictInput option (false): such requests are sent and the handle's `forged` says why.
   */
  strict?: boolean;
}

export interface FakeGuild {
  id: string;
  name: string;
  ownerId: string;
  everyoneRoleId: string;
  botRoleId: string;
  moderatorRoleId: string;
  roles: Map<string, FakeRole>;
  /** user id -> role ids */
  members: Map<string, { roleIds: string[]; joinedAt: string }>;
  channelIds: string[];
}

export interface FakeRole {
  id: string;
  name: string;
  permissions: bigint;
  position: number;
  managed: boolean;
  botId?: string;
}

export interface FakeStats {
  interactions: number;
  acknowledged: number;
  failed: number;
  pending: number;
  ackLatencyMs: { p50: number; p95: number; p99: number; max: number; mean: number };
  restCalls: number;
  rateLimited: number;
  violations: number;
  violationsByKind: Partial<Record<ViolationKind, number>>;
  gateway: FakeGateway["stats"];
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: Record<string, any>,
  ) {
    super(message);
  }
}

interface Ctx {
  call: RestCall;
  params: Record<string, string>;
  query: Record<string, string>;
  body: any;
  files: UploadedFile[];
  perfStart: number;
}

interface Reply {
  status?: number;
  body?: unknown;
}

interface RouteDef {
  method: string;
  template: string;
  segments: string[];
  auth: boolean;
  handler: (ctx: Ctx) => Reply | Promise<Reply>;
}

interface Fault {
  id: number;
  kind: "rate_limit" | "server_error" | "delay";
  match: RouteMatcher;
  remaining: number;
  retryAfterMs: number;
  global: boolean;
  scope: string;
  status: number;
  code: number;
  message?: string;
  afterProcessing: boolean;
  delayMs: number;
}

/** Display names of the default humans (usernames are player1, player2, …). */
const DEFAULT_NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"];

const EVERYONE_PERMISSIONS: PermissionName[] = [
  "CreateInstantInvite", "ViewChannel", "SendMessages", "SendMessagesInThreads", "CreatePublicThreads",
  "ReadMessageHistory", "AddReactions", "EmbedLinks", "AttachFiles", "UseExternalEmojis",
  "UseApplicationCommands", "ChangeNickname", "Connect", "Speak",
];

export const DEFAULT_BOT_PERMISSIONS: PermissionName[] = [
  "ViewChannel", "SendMessages", "SendMessagesInThreads", "CreatePublicThreads", "EmbedLinks",
  "AttachFiles", "ReadMessageHistory", "AddReactions", "UseExternalEmojis",
];

const MODERATOR_PERMISSIONS: PermissionName[] = ["ManageChannels", "ManageMessages", "ManageThreads", "KickMembers"];

const ACK_TYPES: Record<InteractionKind, number[]> = {
  command: [4, 5, 9, 10, 12],
  component: [4, 5, 6, 7, 9, 10],
  autocomplete: [8],
  modal: [4, 5, 6, 7, 10],
};

const isoNow = (ms = Date.now()) => new Date(ms).toISOString();

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

function imageSize(data: Buffer): { width: number; height: number } | null {
  if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47) return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (data.length >= 10 && data.toString("ascii", 0, 3) === "GIF") return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  return null;
}

// ---------------------------------------------------------------------------------------------

export class FakeDiscord {
  readonly token: string;
  readonly applicationId: string;
  readonly bot: FakeUser;
  readonly owner: FakeUser;
  /** Fake humans (all members of every guild). */
  readonly users: FakeUser[] = [];
  readonly guilds: FakeGuild[] = [];
  readonly gateway: FakeGateway;
  /** Every REST call received, in order. */
  readonly calls: RestCall[] = [];
  /** Discord rules the bot broke. Assert it empty with assertNoViolations(). */
  readonly violations: Violation[] = [];
  /** Requests for routes the fake does not have ("METHOD /path"); also listed as violations. */
  readonly unhandled: string[] = [];
  /** Everything the fake logged (violations, unknown routes, warnings). */
  readonly logLines: string[] = [];
  readonly ackDeadlineMs: number;
  readonly tokenLifetimeMs: number;
  readonly heartbeatIntervalMs: number;
  readonly allowPrivilegedIntents: boolean;

  private readonly opts: FakeDiscordOptions;
  private readonly server: Server;
  private listenPort = 0;
  private closed = false;
  private readonly events = new EventEmitter();
  private readonly userMap = new Map<string, FakeUser>();
  /**
   * Every channel by id. `channels.set(id, rawDiscordChannel)` adds a channel the way the old
   * harness did (converted, added to its guild and announced with CHANNEL_CREATE).
   */
  readonly channels: ChannelRegistry = new ChannelRegistry((id, raw) => this.adoptChannel(id, raw));
  /** Every message by id (ephemeral and deleted ones included; see listMessages for filters). */
  readonly messages = new Map<string, FakeMessage>();
  private readonly attachmentMap = new Map<string, FakeAttachment>();
  private readonly interactionMap = new Map<string, FakeInteraction>();
  private readonly interactionByToken = new Map<string, FakeInteraction>();
  private readonly interactionTimers = new Set<NodeJS.Timeout>();
  private readonly commandScopes = new Map<string, Map<string, any>>();
  private readonly routes: RouteDef[] = [];
  private readonly faultList: Fault[] = [];
  private faultSeq = 0;
  private callSeq = 0;
  private tokenClockOffset = 0;
  private readonly revokedChannels = new Set<string>();
  private readonly closedDms = new Set<string>();
  private readonly nonces = new Map<string, { messageId: string; at: number }>();
  private readonly buckets = new Map<string, { count: number; resetAt: number }>();
  private readonly rateRules: readonly RateLimitRule[];
  private rateLimitedCount = 0;
  private readonly dmChannelByUser = new Map<string, string>();

  constructor(opts: FakeDiscordOptions = {}) {
    this.opts = opts;
    this.applicationId = opts.applicationId ?? snowflake();
    this.token = opts.token ?? `${Buffer.from(this.applicationId).toString("base64url")}.fake.${randomBytes(20).toString("base64url")}`;
    this.ackDeadlineMs = opts.ackDeadlineMs ?? 3000;
    this.tokenLifetimeMs = opts.tokenLifetimeMs ?? 15 * 60_000;
    this.heartbeatIntervalMs = opts.heartbeatIntervalMs ?? 41_250;
    this.allowPrivilegedIntents = opts.allowPrivilegedIntents ?? false;
    this.rateRules = opts.rateLimits === true ? DISCORD_RATE_LIMITS : opts.rateLimits ? opts.rateLimits : [];
    this.events.setMaxListeners(0);

    this.bot = this.makeUser({ username: opts.botName ?? "Hearts" }, true, this.applicationId);
    this.owner = this.makeUser({ username: "server-owner" }, false);
    const userInits: FakeUserInit[] =
      typeof opts.users === "number" || opts.users === undefined
        ? Array.from({ length: typeof opts.users === "number" ? opts.users : 4 }, (_, i) => ({
            username: `player${i + 1}`,
            globalName: DEFAULT_NAMES[i] ?? `Player ${i + 1}`,
          }))
        : opts.users;
    for (const init of userInits) this.users.push(this.makeUser(init, false));

    const guildInits: FakeGuildInit[] =
      typeof opts.guilds === "number" || opts.guilds === undefined
        ? Array.from({ length: typeof opts.guilds === "number" ? opts.guilds : 1 }, (_, i) => ({
            name: i === 0 ? "Hearts Test" : `Hearts Test ${i + 1}`,
          }))
        : opts.guilds;
    for (const init of guildInits) this.makeGuild(init);

    this.defineRoutes();
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err) => {
        this.log(`internal error: ${err instanceof Error ? err.stack : String(err)}`, true);
        if (!res.headersSent) this.send(res, 500, { message: "500: Internal Server Error (fake)", code: 0 });
      });
    });
    this.server.keepAliveTimeout = 5000;
    this.gateway = new FakeGateway({
      token: this.token,
      heartbeatIntervalMs: this.heartbeatIntervalMs,
      allowPrivilegedIntents: this.allowPrivilegedIntents,
      gatewayUrl: () => this.gatewayUrl,
      readyPayload: (sessionId, resumeUrl) => this.readyPayload(sessionId, resumeUrl),
      guildCreatePayloads: (intents) => this.guilds.map((g) => this.guildCreatePayload(g, intents)),
      guildMembersChunk: (req) => this.guildMembersChunk(req),
      log: (line) => this.log(line, true),
      changed: () => this.changed(),
    });
    this.gateway.attach(this.server);
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(this.opts.port ?? 0, "127.0.0.1", () => resolve());
    });
    this.listenPort = (this.server.address() as AddressInfo).port;
    return this;
  }

  // ---- Addresses ------------------------------------------------------------------------

  get httpBase(): string {
    return `http://127.0.0.1:${this.listenPort}`;
  }
  /** What the bot passes as discord.js `rest.api` (discord.js appends /v10). */
  get apiBase(): string {
    return `${this.httpBase}/api`;
  }
  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.port}/gateway`;
  }
  get port(): number {
    return this.listenPort;
  }
  /** The first guild. */
  get guild(): FakeGuild {
    return this.guilds[0];
  }
  get guildId(): string {
    return this.guilds[0].id;
  }
  /** The default text channel (#hearts of the first guild). */
  get channelId(): string {
    return this.guilds[0].channelIds[0];
  }

  /** Environment for a bot child process. */
  env(): Record<string, string> {
    return {
      DISCORD_TOKEN: this.token,
      DISCORD_CLIENT_ID: this.applicationId,
      GUILD_ID: this.guildId,
      DISCORD_API_BASE: this.apiBase,
    };
  }

  // ---- Setup helpers -----------------------------------------------------------------------

  private makeUser(init: FakeUserInit, bot: boolean, id = snowflake()): FakeUser {
    const user: FakeUser = {
      id,
      username: init.username,
      globalName: init.globalName === undefined ? (bot ? null : init.username[0].toUpperCase() + init.username.slice(1)) : init.globalName,
      bot,
      locale: init.locale ?? "en-US",
      moderator: Boolean(init.moderator),
      mention: `<@${id}>`,
    };
    this.userMap.set(id, user);
    return user;
  }

  private makeGuild(init: FakeGuildInit): FakeGuild {
    const id = snowflake();
    const joinedAt = isoNow();
    const guild: FakeGuild = {
      id,
      name: init.name ?? "Hearts Test",
      ownerId: this.owner.id,
      everyoneRoleId: id,
      botRoleId: snowflake(),
      moderatorRoleId: snowflake(),
      roles: new Map(),
      members: new Map(),
      channelIds: [],
    };
    guild.roles.set(id, { id, name: "@everyone", permissions: permissionBits(EVERYONE_PERMISSIONS), position: 0, managed: false });
    guild.roles.set(guild.moderatorRoleId, {
      id: guild.moderatorRoleId,
      name: "Moderator",
      permissions: permissionBits(MODERATOR_PERMISSIONS),
      position: 1,
      managed: false,
    });
    guild.roles.set(guild.botRoleId, {
      id: guild.botRoleId,
      name: this.bot.username,
      permissions: permissionBits(this.opts.botPermissions ?? DEFAULT_BOT_PERMISSIONS),
      position: 2,
      managed: true,
      botId: this.bot.id,
    });
    guild.members.set(this.bot.id, { roleIds: [guild.botRoleId], joinedAt });
    guild.members.set(this.owner.id, { roleIds: [], joinedAt });
    for (const u of this.users) guild.members.set(u.id, { roleIds: u.moderator ? [guild.moderatorRoleId] : [], joinedAt });
    this.guilds.push(guild);
    for (const name of init.channels ?? ["hearts", "general"]) this.createChannel(guild, name, "text");
    return guild;
  }

  private createChannel(guild: FakeGuild | null, name: string, kind: ChannelKind, extra: Partial<FakeChannel> = {}): FakeChannel {
    const channel = this.buildChannel(guild, name, kind, extra);
    this.channels.set(channel.id, channel);
    if (guild && kind === "text") guild.channelIds.push(channel.id);
    return channel;
  }

  private buildChannel(guild: FakeGuild | null, name: string, kind: ChannelKind, extra: Partial<FakeChannel> = {}): FakeChannel {
    return {
      id: extra.id ?? snowflake(),
      kind,
      type: ChannelTypeNumber[kind],
      guildId: guild?.id ?? null,
      name,
      parentId: null,
      ownerId: null,
      topic: null,
      position: guild ? guild.channelIds.length : 0,
      permissionOverwrites: [],
      messageIds: [],
      deleted: false,
      archived: false,
      locked: false,
      autoArchiveDuration: 1440,
      createdAt: Date.now(),
      starterMessageId: null,
      memberIds: new Set(),
      recipientId: null,
      lastMessageId: null,
      ...extra,
    };
  }

  /** A raw Discord channel object put into `channels` by a test. */
  private adoptChannel(id: string, raw: any): FakeChannel {
    const kind: ChannelKind = raw?.type === 11 ? "public_thread" : raw?.type === 12 ? "private_thread" : raw?.type === 1 ? "dm" : "text";
    const guild = kind === "dm" ? null : (this.guilds.find((g) => g.id === raw?.guild_id) ?? this.guilds[0]);
    const channel = this.buildChannel(guild, raw?.name ?? "channel", kind, {
      id,
      parentId: raw?.parent_id ?? null,
      topic: raw?.topic ?? null,
      position: raw?.position ?? guild?.channelIds.length ?? 0,
      permissionOverwrites: (raw?.permission_overwrites ?? []).map((o: any) => ({
        id: String(o.id),
        type: o.type === 1 ? 1 : 0,
        allow: BigInt(o.allow ?? 0),
        deny: BigInt(o.deny ?? 0),
      })),
      recipientId: raw?.recipients?.[0]?.id ?? null,
    });
    if (guild && kind === "text" && !guild.channelIds.includes(id)) guild.channelIds.push(id);
    if (!this.closed) {
      const event = kind === "text" ? "CHANNEL_CREATE" : kind === "dm" ? null : "THREAD_CREATE";
      if (event) this.gateway.dispatch(event, this.channelObject(channel), Intent.Guilds);
    }
    queueMicrotask(() => this.changed());
    return channel;
  }

  /** Adds a human user to every guild (dispatches GUILD_MEMBER_ADD if the bot asked for it). */
  addUser(init: FakeUserInit): FakeUser {
    const user = this.makeUser(init, false);
    this.users.push(user);
    for (const g of this.guilds) {
      g.members.set(user.id, { roleIds: user.moderator ? [g.moderatorRoleId] : [], joinedAt: isoNow() });
      this.gateway.dispatch("GUILD_MEMBER_ADD", { ...this.memberObject(g, user.id), guild_id: g.id }, Intent.GuildMembers);
    }
    this.changed();
    return user;
  }

  /** Adds a text channel (dispatches CHANNEL_CREATE). Returns its id. */
  addChannel(name: string, guildId = this.guildId): string {
    const guild = this.guildById(guildId);
    const channel = this.createChannel(guild, name, "text");
    this.gateway.dispatch("CHANNEL_CREATE", this.channelObject(channel), Intent.Guilds);
    this.changed();
    return channel.id;
  }

  /** A user by id, username or display name (case-insensitive). */
  user(nameOrId: string): FakeUser {
    const key = nameOrId.toLowerCase();
    const u =
      this.userMap.get(nameOrId) ??
      this.users.find((x) => x.username.toLowerCase() === key || x.globalName?.toLowerCase() === key);
    if (!u) throw new Error(`fake-discord: no user "${nameOrId}" (users: ${this.users.map((x) => x.username).join(", ")})`);
    return u;
  }

  private guildById(id: string): FakeGuild {
    const g = this.guilds.find((x) => x.id === id);
    if (!g) throw new Error(`fake-discord: no guild ${id}`);
    return g;
  }

  // ---- Clock, logging, waiting --------------------------------------------------------------

  /** Moves the interaction-token clock forward (tokens expire after tokenLifetimeMs on this clock). */
  advanceTokenClock(ms: number): void {
    this.tokenClockOffset += ms;
  }

  tokenNow(): number {
    return Date.now() + this.tokenClockOffset;
  }

  private log(line: string, loud = false): void {
    const full = `[fake-discord] ${line}`;
    this.logLines.push(full);
    if (this.logLines.length > 10_000) this.logLines.splice(0, 1000);
    if ((loud || this.opts.verbose) && this.opts.log !== false) (this.opts.log ?? console.warn)(full);
  }

  private violate(kind: ViolationKind, message: string, extra: Partial<Violation> = {}): void {
    if (this.closed) return;
    this.violations.push({ kind, message, at: Date.now(), ...extra });
    this.log(`VIOLATION ${kind}: ${message}`, true);
    this.changed();
  }

  private changed(): void {
    this.events.emit("change");
  }

  /**
   * Resolves with the first truthy value of `probe`, re-checked after every change in the fake.
   * Rejects after `timeoutMs` with a message naming `what` and the latest violations.
   */
  waitFor<T>(probe: () => T | undefined | null | false, what?: string | number, timeout?: string | number): Promise<T> {
    // Both (probe, what, timeoutMs) and the older (probe, timeoutMs, what) are accepted.
    const timeoutMs = typeof what === "number" ? what : typeof timeout === "number" ? timeout : 5000;
    what = typeof what === "string" ? what : typeof timeout === "string" ? timeout : "a condition";
    const first = probe();
    if (first) return Promise.resolve(first);
    return new Promise<T>((resolve, reject) => {
      const onChange = () => {
        let v: T | undefined | null | false;
        try {
          v = probe();
        } catch (err) {
          cleanup();
          reject(err);
          return;
        }
        if (v) {
          cleanup();
          resolve(v);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        const recent = this.violations.slice(-3).map((v) => `${v.kind}: ${v.message}`);
        const calls = this.calls.slice(-5).map((c) => `${c.method} ${c.path} -> ${c.status}`);
        reject(
          new Error(
            `fake-discord: timed out after ${timeoutMs} ms waiting for ${what}.` +
              (recent.length ? `\n  recent violations: ${recent.join(" | ")}` : "") +
              (calls.length ? `\n  last REST calls: ${calls.join(" | ")}` : "\n  (no REST calls received)"),
          ),
        );
      }, timeoutMs);
      // Changes inside the fake wake the probe at once; a slow poll covers state outside it
      // (discord.js caches, the bot's store…).
      const poll = setInterval(onChange, 20);
      const cleanup = () => {
        clearTimeout(timer);
        clearInterval(poll);
        this.events.off("change", onChange);
      };
      this.events.on("change", onChange);
    });
  }

  /** Resolves when the bot is connected to the gateway and has its guilds. */
  waitForBot(timeoutMs = 20_000): Promise<void> {
    return this.gateway.waitForConnected(timeoutMs);
  }

  /** Resolves when these commands are registered (guild or global); default: any command. */
  waitForCommands(names: string[] = [], timeoutMs = 10_000): Promise<any[]> {
    return this.waitFor(
      () => {
        const all = [...this.commandScopes.values()].flatMap((m) => [...m.values()]);
        if (!all.length) return null;
        return names.every((n) => all.some((c) => c.name === n)) ? all : null;
      },
      `registration of commands ${names.length ? names.join(", ") : "(any)"}`,
      timeoutMs,
    );
  }

  /** Waits for a (non-deleted) message matching `predicate`, by default in any channel. */
  waitForMessage(
    predicate: (m: FakeMessage) => boolean,
    options: { channelId?: string; timeoutMs?: number; what?: string } = {},
  ): Promise<FakeMessage> {
    return this.waitFor(
      () => this.listMessages({ channelId: options.channelId }).find(predicate),
      options.what ?? `a message${options.channelId ? ` in channel ${options.channelId}` : ""}`,
      options.timeoutMs ?? 5000,
    );
  }

  // ---- Inspection -------------------------------------------------------------------------

  message(id: string): FakeMessage | undefined {
    return this.messages.get(id);
  }

  /** Messages in creation order; by default every channel, ephemeral included, deleted excluded. */
  listMessages(filter: { channelId?: string; visibleTo?: string | null; includeDeleted?: boolean } = {}): FakeMessage[] {
    const ids = filter.channelId
      ? (this.channels.get(filter.channelId)?.messageIds ?? [])
      : [...this.messages.keys()];
    const out: FakeMessage[] = [];
    for (const id of ids) {
      const m = this.messages.get(id);
      if (!m || (m.deleted && !filter.includeDeleted)) continue;
      if (filter.visibleTo !== undefined && m.visibleTo !== null && m.visibleTo !== filter.visibleTo) continue;
      out.push(m);
    }
    return out;
  }

  channel(id: string): FakeChannel | undefined {
    return this.channels.get(id);
  }

  /** Threads (not deleted), optionally of one parent channel. */
  threads(parentId?: string): FakeChannel[] {
    return [...this.channels.values()].filter(
      (c) => (c.kind === "public_thread" || c.kind === "private_thread") && !c.deleted && (!parentId || c.parentId === parentId),
    );
  }

  /** Registered commands: a guild's, or the global ones. */
  commands(guildId?: string): any[] {
    return [...(this.commandScopes.get(guildId ?? "global")?.values() ?? [])];
  }

  interaction(id: string): FakeInteraction | undefined {
    return this.interactionMap.get(id);
  }

  interactions(): FakeInteraction[] {
    return [...this.interactionMap.values()];
  }

  callsFor(interactionId: string): RestCall[] {
    return this.calls.filter((c) => c.interactionId === interactionId);
  }

  /** Calls whose route matches (same matcher syntax as fault injection). */
  callsTo(match: RouteMatcher): RestCall[] {
    return this.calls.filter((c) => this.matches(match, c));
  }

  /**
   * Every payload the bot showed to someone, with its audience: the input of secrecy checks
   * (e.g. "no card of a hand in any payload whose visibleTo is not the hand's owner").
   */
  shownPayloads(): ShownPayload[] {
    const out: ShownPayload[] = [];
    for (const c of this.calls) {
      if (c.visibility.kind === "none" || c.status >= 300 || !c.route) continue;
      const isCallback = c.route.endsWith("/callback");
      const source = isCallback ? c.body?.data : c.body;
      out.push({
        callSeq: c.seq,
        route: c.route,
        messageId: c.messageId,
        interactionId: c.interactionId,
        visibleTo: c.visibility.kind === "public" ? null : c.visibility.userId,
        strings: collectStrings(source),
        files: c.files,
      });
    }
    return out;
  }

  /** Throws a readable error listing the violations (optionally ignoring some kinds). */
  assertNoViolations(options: { ignore?: ViolationKind[] } = {}): void {
    const list = this.violations.filter((v) => !options.ignore?.includes(v.kind));
    if (list.length) {
      throw new Error(
        `fake-discord: the bot broke ${list.length} Discord rule(s):\n` +
          list.map((v) => `  - ${v.kind}: ${v.message}`).join("\n"),
      );
    }
  }

  clearViolations(): void {
    this.violations.length = 0;
  }

  stats(): FakeStats {
    const all = this.interactions();
    const lat = all.filter((i) => i.acknowledgement).map((i) => i.acknowledgement!.latencyMs).sort((a, b) => a - b);
    const byKind: Partial<Record<ViolationKind, number>> = {};
    for (const v of this.violations) byKind[v.kind] = (byKind[v.kind] ?? 0) + 1;
    return {
      interactions: all.length,
      acknowledged: lat.length,
      failed: all.filter((i) => i.failed).length,
      pending: all.filter((i) => !i.acknowledgement && !i.failed).length,
      ackLatencyMs: {
        p50: percentile(lat, 50),
        p95: percentile(lat, 95),
        p99: percentile(lat, 99),
        max: lat.length ? lat[lat.length - 1] : 0,
        mean: lat.length ? lat.reduce((a, b) => a + b, 0) / lat.length : 0,
      },
      restCalls: this.callSeq,
      rateLimited: this.rateLimitedCount,
      violations: this.violations.length,
      violationsByKind: byKind,
      gateway: { ...this.gateway.stats },
    };
  }

  // ---- Fault injection ----------------------------------------------------------------------

  readonly faults = {
    /** The next `count` calls matching get 429 with retry_after (and X-RateLimit-* headers). */
    rateLimit: (match: RouteMatcher, o: { count?: number; retryAfterMs?: number; global?: boolean; scope?: "user" | "shared" | "global" } = {}) =>
      this.addFault("rate_limit", match, {
        remaining: o.count ?? 1,
        retryAfterMs: o.retryAfterMs ?? 250,
        global: o.global ?? false,
        scope: o.scope ?? (o.global ? "global" : "user"),
      }),
    /**
     * The next `count` calls matching get a 5xx. discord.js retries a 5xx up to 3 times, so
     * count >= 4 makes the call fail. afterProcessing: the change happens but the answer is lost.
     */
    serverError: (match: RouteMatcher, o: { count?: number; status?: number; afterProcessing?: boolean } = {}) =>
      this.addFault("server_error", match, { remaining: o.count ?? 1, status: o.status ?? 500, afterProcessing: o.afterProcessing ?? false }),
    /** The next `count` calls matching get this Discord error (e.g. 403 / 50013, 404 / 10008) without being processed. */
    error: (match: RouteMatcher, o: { status: number; code?: number; message?: string; count?: number }) =>
      this.addFault("server_error", match, { remaining: o.count ?? 1, status: o.status, code: o.code ?? 0, message: o.message }),
    /** The next `count` calls matching are answered `ms` later (processed on arrival). */
    delay: (match: RouteMatcher, o: { ms: number; count?: number }) =>
      this.addFault("delay", match, { remaining: o.count ?? 1, delayMs: o.ms }),
    clear: () => {
      this.faultList.length = 0;
    },
    /** Faults still armed. */
    pending: () => this.faultList.filter((f) => f.remaining > 0).length,
  };

  private addFault(kind: Fault["kind"], match: RouteMatcher, o: Partial<Fault>): void {
    this.faultList.push({
      id: ++this.faultSeq,
      kind,
      match,
      remaining: 1,
      retryAfterMs: 250,
      global: false,
      scope: "user",
      status: 500,
      code: 0,
      afterProcessing: false,
      delayMs: 0,
      ...o,
    });
  }

  private matches(match: RouteMatcher, call: RestCall): boolean {
    if (typeof match === "function") return match(call);
    if (match instanceof RegExp) return match.test(`${call.method} ${call.path}`);
    if (!call.route) return false;
    return match.includes(" ") ? call.route === match : call.route.slice(call.route.indexOf(" ") + 1) === match;
  }

  /** Deletes a message as a moderator would (later edits get 10008 Unknown Message). */
  deleteMessage(messageId: string): void {
    const m = this.messages.get(messageId);
    if (!m) throw new Error(`fake-discord: no message ${messageId}`);
    this.markDeleted(m, true);
  }

  /** Deletes a channel or thread (later calls get 10003 Unknown Channel). */
  deleteChannel(channelId: string): void {
    const c = this.channels.get(channelId);
    if (!c) throw new Error(`fake-discord: no channel ${channelId}`);
    this.removeChannel(c);
  }

  /** Archives (and optionally locks) a thread, as Discord's auto-archive or a moderator would. */
  archiveThread(threadId: string, options: { locked?: boolean } = {}): void {
    const c = this.channels.get(threadId);
    if (!c || c.kind === "text" || c.kind === "dm") throw new Error(`fake-discord: ${threadId} is not a thread`);
    c.archived = true;
    c.locked = Boolean(options.locked);
    this.gateway.dispatch("THREAD_UPDATE", this.channelObject(c), Intent.Guilds);
    this.changed();
  }

  /**
   * Denies the bot these permissions in a channel (a member overwrite; for a thread, on its parent).
   * Requests that need them get 403 (50013 Missing Permissions, or 50001 Missing Access without ViewChannel).
   */
  denyBotPermissions(channelId: string, names: PermissionName[]): void {
    const c = this.overwriteTarget(channelId);
    const deny = permissionBits(names);
    const existing = c.permissionOverwrites.find((o) => o.type === 1 && o.id === this.bot.id);
    if (existing) {
      existing.deny |= deny;
      existing.allow &= ~deny;
    } else c.permissionOverwrites.push({ id: this.bot.id, type: 1, allow: 0n, deny });
    this.revokedChannels.add(c.id);
    this.gateway.dispatch("CHANNEL_UPDATE", this.channelObject(c), Intent.Guilds);
    this.changed();
  }

  /** Removes the bot's overwrite set by denyBotPermissions. */
  restoreBotPermissions(channelId: string): void {
    const c = this.overwriteTarget(channelId);
    c.permissionOverwrites = c.permissionOverwrites.filter((o) => !(o.type === 1 && o.id === this.bot.id));
    this.gateway.dispatch("CHANNEL_UPDATE", this.channelObject(c), Intent.Guilds);
    this.changed();
  }

  /** The bot's effective permission names in a channel. */
  botPermissionsIn(channelId: string): PermissionName[] {
    const c = this.channels.get(channelId);
    if (!c) throw new Error(`fake-discord: no channel ${channelId}`);
    return permissionNames(this.permissionsIn(c, this.bot.id));
  }

  /** The user's DMs are closed: messages to their DM channel get 403 50007. */
  setDmsOpen(userId: string, open: boolean): void {
    if (open) this.closedDms.delete(userId);
    else this.closedDms.add(userId);
  }

  private overwriteTarget(channelId: string): FakeChannel {
    const c = this.channels.get(channelId);
    if (!c) throw new Error(`fake-discord: no channel ${channelId}`);
    if (c.parentId) return this.channels.get(c.parentId)!;
    return c;
  }

  // ---- Interactions (the humans' side) -------------------------------------------------------
  //
  // By default the fake sends what the test asks for even when a real Discord client could not
  // (a custom_id absent from the message, someone else's ephemeral menu, an unregistered option):
  // such requests stand for forged or stale clicks, and the handle's `forged` says why.
  // With strictInput (option or per call) it throws instead, to catch mistakes in tests.

  private problems(strict: boolean | undefined): { report: (msg: string) => void; list: string[] } {
    const list: string[] = [];
    const throwing = strict ?? this.opts.strictInput ?? false;
    return {
      list,
      report: (msg: string) => {
        if (throwing) throw new Error(`fake-discord: ${msg}`);
        list.push(msg);
      },
    };
  }

  /**
   * A user runs a slash command. Returns at once; await `ack` / `waitForResponse()`.
   * `where` may be a channel id (the old signature) or { channelId, dm, locale, strict }.
   */
  slashCommand(user: FakeUser | string, name: string, input: SlashCommandInput = {}, where: DispatchWhere | string = {}): FakeInteraction {
    const w: DispatchWhere = typeof where === "string" ? { channelId: where } : where;
    const u = typeof user === "string" ? this.user(user) : user;
    const channel = this.interactionChannel(u, w);
    const p = this.problems(w.strict);
    const { data, resolved } = this.commandData(name, input, channel, p.report, null);
    if (resolved) data.resolved = resolved;
    return this.dispatchInteraction("command", u, channel, w, { data, commandName: name, forged: p.list });
  }

  /**
   * A user types in an autocomplete option. `focused` names the option; its value is the typed text.
   * Await `ack`, then read `choices`.
   */
  autocomplete(
    user: FakeUser | string,
    name: string,
    input: SlashCommandInput & { focused: string; value?: string },
    where: DispatchWhere | string = {},
  ): FakeInteraction {
    const w: DispatchWhere = typeof where === "string" ? { channelId: where } : where;
    const u = typeof user === "string" ? this.user(user) : user;
    const channel = this.interactionChannel(u, w);
    const options = { ...(input.options ?? {}) };
    if (input.value !== undefined) options[input.focused] = input.value;
    if (!(input.focused in options)) options[input.focused] = "";
    const p = this.problems(w.strict);
    const { data } = this.commandData(name, { ...input, options }, channel, p.report, input.focused);
    return this.dispatchInteraction("autocomplete", u, channel, w, { data, commandName: name, forged: p.list });
  }

  /**
   * A user clicks a button. `button`: its custom_id, or { label } (string or RegExp).
   * `message`: the message or its id.
   */
  clickButton(
    user: FakeUser | string,
    message: FakeMessage | string,
    button: string | { label: string | RegExp },
    where: Pick<DispatchWhere, "locale" | "strict"> = {},
  ): FakeInteraction {
    const u = typeof user === "string" ? this.user(user) : user;
    const p = this.problems(where.strict);
    const m = this.componentMessage(u, message, p.report);
    let customId: string;
    if (typeof button === "string") {
      customId = button;
      const b = m?.buttons().find((x) => x.customId === button);
      if (m && !b) p.report(`message ${m.id} has no button with custom_id "${button}" (buttons: ${this.describeButtons(m)})`);
      if (b?.disabled) p.report(`button "${b.label ?? button}" is disabled; a Discord user cannot click it`);
    } else {
      const b = m?.buttons().find((x) =>
        typeof button.label === "string" ? x.label === button.label : x.label !== null && button.label.test(x.label),
      );
      if (!b || !b.customId) {
        throw new Error(`fake-discord: ${m ? `message ${m.id} has no button labelled ${String(button.label)} (buttons: ${this.describeButtons(m)})` : `no message ${String(message)}`}`);
      }
      if (b.disabled) p.report(`button "${b.label}" is disabled; a Discord user cannot click it`);
      customId = b.customId;
    }
    const channel = this.channels.get(m?.channelId ?? this.channelId)!;
    return this.dispatchInteraction("component", u, channel, where, {
      data: { custom_id: customId, component_type: 2 },
      customId,
      message: m,
      forged: p.list,
    });
  }

  /**
   * A user picks values in a select menu. `menu`: its custom_id, or { index } among the message's menus.
   * `values` are option values.
   */
  selectMenu(
    user: FakeUser | string,
    message: FakeMessage | string,
    menu: string | { index: number },
    values: string[],
    where: Pick<DispatchWhere, "locale" | "strict"> = {},
  ): FakeInteraction {
    const u = typeof user === "string" ? this.user(user) : user;
    const p = this.problems(where.strict);
    const m = this.componentMessage(u, message, p.report);
    const menus = m?.selectMenus() ?? [];
    const s = typeof menu === "string" ? menus.find((x) => x.customId === menu) : menus[menu.index];
    if (m && !s) p.report(`message ${m.id} has no select menu ${JSON.stringify(menu)} (menus: ${menus.map((x) => x.customId).join(", ") || "none"})`);
    if (s) {
      if (s.disabled) p.report(`select menu "${s.customId}" is disabled`);
      if (values.length < s.minValues || values.length > s.maxValues) {
        p.report(`select menu "${s.customId}" takes ${s.minValues}..${s.maxValues} values, got ${values.length}`);
      }
      if (s.type === 3) {
        const known = new Set(s.options.map((o) => o.value));
        const bad = values.filter((v) => !known.has(v));
        if (bad.length) p.report(`select menu "${s.customId}" has no option(s) ${bad.join(", ")}`);
      }
    }
    const customId = s?.customId ?? (typeof menu === "string" ? menu : "unknown");
    const channel = this.channels.get(m?.channelId ?? this.channelId)!;
    return this.dispatchInteraction("component", u, channel, where, {
      data: { custom_id: customId, component_type: s?.type ?? 3, values },
      customId,
      values,
      message: m,
      forged: p.list,
    });
  }

  /** A user submits the modal an interaction opened (callback type 9). `fields`: text input custom_id -> value. */
  submitModal(user: FakeUser | string, opened: FakeInteraction, fields: Record<string, string>, where: Pick<DispatchWhere, "locale" | "strict"> = {}): FakeInteraction {
    const u = typeof user === "string" ? this.user(user) : user;
    const p = this.problems(where.strict);
    if (!opened.modal) p.report(`${opened.describe()} did not open a modal`);
    const channel = this.channels.get(opened.channelId)!;
    const source = opened.init.sourceMessageId ? this.messages.get(opened.init.sourceMessageId) : undefined;
    return this.dispatchInteraction("modal", u, channel, where, {
      data: {
        custom_id: opened.modal?.custom_id ?? "modal",
        components: Object.entries(fields).map(([custom_id, value]) => ({ type: 1, components: [{ type: 4, custom_id, value }] })),
      },
      customId: opened.modal?.custom_id ?? "modal",
      message: source,
      forged: p.list,
    });
  }

  /** Sends an arbitrary INTERACTION_CREATE `data` (for forged payloads); id, token, member… are filled in. */
  dispatchRawInteraction(user: FakeUser | string, kind: InteractionKind, data: any, where: DispatchWhere | string = {}): FakeInteraction {
    const w: DispatchWhere = typeof where === "string" ? { channelId: where } : where;
    const u = typeof user === "string" ? this.user(user) : user;
    const channel = this.interactionChannel(u, w);
    return this.dispatchInteraction(kind, u, channel, w, {
      data,
      commandName: data?.name ?? null,
      customId: data?.custom_id ?? null,
      forged: ["raw payload"],
    });
  }

  /** A human posts a plain message (MESSAGE_CREATE goes to the bot only with the GuildMessages intent). */
  userMessage(user: FakeUser | string, channelId: string, content: string): FakeMessage {
    const u = typeof user === "string" ? this.user(user) : user;
    const channel = this.channels.get(channelId);
    if (!channel || channel.deleted) throw new Error(`fake-discord: no channel ${channelId}`);
    const m = new FakeMessage({ id: snowflake(), channelId, guildId: channel.guildId, authorId: u.id, createdAt: Date.now(), callSeq: null });
    m.content = content;
    m.pings = computePings(content, undefined);
    this.storeMessage(channel, m);
    this.changed();
    return m;
  }

  private describeButtons(m: FakeMessage): string {
    return m.buttons().map((b) => `${b.label ?? "(no label)"}=${b.customId}`).join(", ") || "none";
  }

  private componentMessage(user: FakeUser, message: FakeMessage | string, report: (msg: string) => void): FakeMessage | undefined {
    const m = typeof message === "string" ? this.messages.get(message) : message;
    if (!m) {
      report(`no message ${String(message)}`);
      return undefined;
    }
    if (m.deleted) report(`message ${m.id} was deleted; nobody can click it`);
    if (m.visibleTo && m.visibleTo !== user.id) {
      report(`message ${m.id} is ephemeral to ${this.userMap.get(m.visibleTo)?.username ?? m.visibleTo}; ${user.username} cannot see it`);
    }
    return m;
  }

  private interactionChannel(user: FakeUser, where: DispatchWhere): FakeChannel {
    if (where.dm) {
      let id = this.dmChannelByUser.get(user.id);
      if (!id) {
        id = this.createChannel(null, "", "dm", { recipientId: user.id }).id;
        this.dmChannelByUser.set(user.id, id);
      }
      return this.channels.get(id)!;
    }
    const id = where.channelId ?? this.channelId;
    const channel = this.channels.get(id);
    if (!channel) throw new Error(`fake-discord: no channel ${id}`);
    return channel;
  }

  private findCommand(name: string, guildId: string | null): any | null {
    const scopes = guildId ? [guildId, "global"] : ["global"];
    for (const scope of scopes) {
      for (const c of this.commandScopes.get(scope)?.values() ?? []) if (c.name === name && (c.type ?? 1) === 1) return c;
    }
    return null;
  }

  private commandData(
    name: string,
    input: SlashCommandInput,
    channel: FakeChannel,
    report: (msg: string) => void,
    focused: string | null,
  ): { data: any; resolved: any } {
    const registered = this.findCommand(name, channel.guildId);
    const where = `/${[name, input.group, input.subcommand].filter(Boolean).join(" ")}`;
    let defs: any[] | null = null;
    if (registered) {
      defs = registered.options ?? [];
      if (input.group) {
        const g = defs!.find((o: any) => o.type === 2 && o.name === input.group);
        if (!g) report(`${where}: the registered command has no subcommand group "${input.group}"`);
        defs = g?.options ?? null;
      }
      if (input.subcommand) {
        const s = defs?.find((o: any) => o.type === 1 && o.name === input.subcommand);
        if (!s) {
          const subs = (defs ?? []).filter((o: any) => o.type === 1).map((o: any) => o.name);
          report(`${where}: the registered command has no subcommand "${input.subcommand}" (has: ${subs.join(", ")})`);
        }
        defs = s?.options ?? null;
      } else if (defs?.some((o: any) => o.type === 1 || o.type === 2)) {
        report(`${where}: this command has subcommands; pass { subcommand }`);
        defs = null;
      }
    } else if (this.commandScopes.size) {
      report(`/${name} is not a registered command`);
    }
    const resolved: any = {};
    const options: any[] = [];
    for (const [optName, value] of Object.entries(input.options ?? {})) {
      const def = defs?.find((o: any) => o.name === optName);
      if (defs && !def) report(`${where} has no option "${optName}" (options: ${defs.map((o: any) => o.name).join(", ") || "none"})`);
      const type: number = def?.type ?? this.inferOptionType(value);
      const opt: any = { name: optName, type };
      if (optName === focused) {
        opt.value = String(value);
        opt.focused = true;
      } else if (typeof value === "object" && value !== null) {
        if ("id" in value && "username" in value) {
          opt.value = value.id;
          (resolved.users ??= {})[value.id] = this.userObject(value);
          if (channel.guildId) {
            const { user: _u, ...member } = this.memberObject(this.guildById(channel.guildId), value.id, channel);
            (resolved.members ??= {})[value.id] = member;
          }
        } else if ("channelId" in value) {
          opt.value = value.channelId;
          const c = this.channels.get(value.channelId);
          if (c) (resolved.channels ??= {})[c.id] = { ...this.channelObject(c), permissions: this.permissionsIn(c, this.bot.id).toString() };
        } else if ("roleId" in value) {
          opt.value = value.roleId;
        }
      } else {
        opt.value = value;
        if (def) {
          if (type === 4 && !(typeof value === "number" && Number.isInteger(value))) report(`${where} option "${optName}" is an integer, got ${JSON.stringify(value)}`);
          else if (type === 10 && typeof value !== "number") report(`${where} option "${optName}" is a number, got ${JSON.stringify(value)}`);
          else if (type === 3 && typeof value !== "string") report(`${where} option "${optName}" is a string, got ${JSON.stringify(value)}`);
          else if (type === 5 && typeof value !== "boolean") report(`${where} option "${optName}" is a boolean, got ${JSON.stringify(value)}`);
          if (def.choices && !def.choices.some((c: any) => c.value === value)) {
            report(`${where} option "${optName}" must be one of ${def.choices.map((c: any) => JSON.stringify(c.value)).join(", ")}`);
          }
        }
      }
      options.push(opt);
    }
    if (defs && focused === null) {
      const missing = defs.filter((o: any) => o.required && !(o.name in (input.options ?? {}))).map((o: any) => o.name);
      if (missing.length) report(`${where} is missing required option(s) ${missing.join(", ")}`);
    }
    let tree: any[] = options;
    if (input.subcommand) tree = [{ type: 1, name: input.subcommand, options }];
    if (input.group) tree = [{ type: 2, name: input.group, options: tree }];
    const data: any = { id: registered?.id ?? snowflake(), name, type: 1, options: tree };
    if (registered?.guild_id) data.guild_id = registered.guild_id;
    return { data, resolved: Object.keys(resolved).length ? resolved : null };
  }

  private inferOptionType(value: OptionValue): number {
    if (typeof value === "string") return 3;
    if (typeof value === "boolean") return 5;
    if (typeof value === "number") return Number.isInteger(value) ? 4 : 10;
    if ("username" in value) return 6;
    if ("channelId" in value) return 7;
    return 8;
  }

  private dispatchInteraction(
    kind: InteractionKind,
    user: FakeUser,
    channel: FakeChannel,
    where: { locale?: string },
    p: { data: any; commandName?: string | null; customId?: string | null; values?: string[]; message?: FakeMessage; forged?: string[] },
  ): FakeInteraction {
    if (this.closed) throw new Error("fake-discord: closed");
    const id = snowflake();
    const token = `aW50ZXJhY3Rpb246${id}:${randomBytes(24).toString("base64url")}`;
    const guild = channel.guildId ? this.guildById(channel.guildId) : null;
    const payload: any = {
      id,
      application_id: this.applicationId,
      type: { command: 2, component: 3, autocomplete: 4, modal: 5 }[kind],
      data: p.data,
      channel_id: channel.id,
      channel: this.channelObject(channel),
      token,
      version: 1,
      app_permissions: (guild ? this.permissionsIn(channel, this.bot.id) : permissionBits(["ViewChannel", "SendMessages", "EmbedLinks", "AttachFiles", "ReadMessageHistory", "AddReactions", "UseExternalEmojis"])).toString(),
      locale: where.locale ?? user.locale,
      entitlements: [],
      authorizing_integration_owners: guild ? { "0": guild.id } : { "0": this.guildId },
      context: guild ? 0 : 1,
      attachment_size_limit: this.opts.maxUploadBytes ?? 10 * 1024 * 1024,
    };
    if (guild) {
      payload.guild_id = guild.id;
      payload.guild = { id: guild.id, locale: "en-US", features: [] };
      payload.guild_locale = "en-US";
      payload.member = this.memberObject(guild, user.id, channel);
    } else {
      payload.user = this.userObject(user);
    }
    if (p.message) payload.message = this.messageObject(p.message);
    const interaction = new FakeInteraction(
      {
        ackDeadlineMs: this.ackDeadlineMs,
        message: (mid) => this.messages.get(mid),
        callsFor: (iid) => this.callsFor(iid),
        waitFor: (probe, what, timeoutMs) => this.waitFor(probe, what, timeoutMs),
      },
      {
        id,
        token,
        kind,
        user,
        channelId: channel.id,
        guildId: guild?.id ?? null,
        commandName: p.commandName ?? null,
        customId: p.customId ?? null,
        values: p.values ?? null,
        sourceMessageId: p.message?.id ?? null,
        payload,
        createdAtToken: this.tokenNow(),
      },
    );
    if (p.forged?.length) interaction.forged = p.forged.join("; ");
    this.interactionMap.set(id, interaction);
    this.interactionByToken.set(token, interaction);
    const timer = setTimeout(() => {
      this.interactionTimers.delete(timer);
      if (!interaction.acknowledgement && !interaction.failed) {
        interaction.failed = true;
        this.violate("ack_timeout", `${interaction.describe()} was not acknowledged within ${this.ackDeadlineMs} ms (the user sees "This interaction failed")`, {
          interactionId: id,
          userId: user.id,
        });
      }
    }, this.ackDeadlineMs + 5);
    timer.unref();
    this.interactionTimers.add(timer);
    if (!this.gateway.dispatch("INTERACTION_CREATE", payload)) interaction.undelivered = true;
    this.log(`dispatched ${interaction.describe()}`);
    this.changed();
    return interaction;
  }

  // ---- API objects ---------------------------------------------------------------------------

  private userObject(u: FakeUser): any {
    const o: any = {
      id: u.id,
      username: u.username,
      discriminator: u.bot ? "0000" : "0",
      global_name: u.globalName,
      avatar: null,
      public_flags: 0,
      flags: 0,
      banner: null,
      accent_color: null,
      avatar_decoration_data: null,
    };
    if (u.bot) o.bot = true;
    return o;
  }

  private memberObject(guild: FakeGuild, userId: string, channel?: FakeChannel): any {
    const m = guild.members.get(userId);
    const u = this.userMap.get(userId)!;
    const o: any = {
      user: this.userObject(u),
      nick: null,
      avatar: null,
      banner: null,
      roles: m?.roleIds ?? [],
      joined_at: m?.joinedAt ?? isoNow(),
      premium_since: null,
      deaf: false,
      mute: false,
      pending: false,
      flags: 0,
      communication_disabled_until: null,
    };
    if (channel) o.permissions = this.permissionsIn(channel, userId).toString();
    return o;
  }

  private roleObject(r: FakeRole): any {
    const o: any = {
      id: r.id,
      name: r.name,
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: r.position,
      permissions: r.permissions.toString(),
      managed: r.managed,
      mentionable: false,
      flags: 0,
    };
    if (r.botId) o.tags = { bot_id: r.botId };
    return o;
  }

  private channelObject(c: FakeChannel): any {
    if (c.kind === "dm") {
      const recipient = this.userMap.get(c.recipientId!)!;
      return { id: c.id, type: 1, last_message_id: c.lastMessageId, flags: 0, recipients: [this.userObject(recipient)] };
    }
    const base: any = {
      id: c.id,
      type: c.type,
      guild_id: c.guildId,
      name: c.name,
      last_message_id: c.lastMessageId,
      rate_limit_per_user: 0,
      flags: 0,
    };
    if (c.kind === "text") {
      return {
        ...base,
        position: c.position,
        parent_id: null,
        topic: c.topic,
        nsfw: false,
        default_auto_archive_duration: 1440,
        default_thread_rate_limit_per_user: 0,
        permission_overwrites: c.permissionOverwrites.map((o) => ({ id: o.id, type: o.type, allow: o.allow.toString(), deny: o.deny.toString() })),
      };
    }
    const count = c.messageIds.filter((id) => !this.messages.get(id)?.deleted).length;
    return {
      ...base,
      parent_id: c.parentId,
      owner_id: c.ownerId,
      message_count: count,
      total_message_sent: c.messageIds.length,
      member_count: Math.max(1, c.memberIds.size),
      thread_metadata: {
        archived: c.archived,
        auto_archive_duration: c.autoArchiveDuration,
        archive_timestamp: isoNow(c.createdAt),
        locked: c.locked,
        create_timestamp: isoNow(c.createdAt),
        ...(c.kind === "private_thread" ? { invitable: true } : {}),
      },
    };
  }

  private attachmentObject(a: FakeAttachment, ephemeral: boolean): any {
    const o: any = {
      id: a.id,
      filename: a.filename,
      size: a.size,
      url: a.url,
      proxy_url: a.url,
      content_type: a.contentType ?? undefined,
      description: a.description ?? undefined,
    };
    if (a.width !== null) {
      o.width = a.width;
      o.height = a.height;
    }
    if (ephemeral) o.ephemeral = true;
    return o;
  }

  private messageObject(m: FakeMessage): any {
    const author = this.userMap.get(m.authorId)!;
    const o: any = {
      id: m.id,
      channel_id: m.channelId,
      author: this.userObject(author),
      content: m.content,
      timestamp: isoNow(m.createdAt),
      edited_timestamp: m.editedAt ? isoNow(m.editedAt) : null,
      tts: false,
      mention_everyone: m.pings.everyone,
      mentions: m.pings.users.map((id) => this.userMap.get(id)).filter(Boolean).map((u) => this.userObject(u!)),
      mention_roles: m.pings.roles,
      attachments: m.attachments.map((a) => this.attachmentObject(a, m.ephemeral)),
      embeds: m.embeds,
      pinned: false,
      type: m.type,
      flags: m.flags,
      components: m.components,
    };
    if (m.guildId) o.guild_id = m.guildId;
    if (m.viaWebhook) {
      o.webhook_id = this.applicationId;
      o.application_id = this.applicationId;
    }
    if (m.interactionId) {
      const i = this.interactionMap.get(m.interactionId);
      if (i) {
        o.interaction_metadata = {
          id: i.id,
          type: i.type,
          user: this.userObject(i.user),
          authorizing_integration_owners: i.init.guildId ? { "0": i.init.guildId } : {},
          ...(i.kind === "command" ? { name: i.init.commandName, command_type: 1 } : {}),
          ...(i.init.sourceMessageId ? { interacted_message_id: i.init.sourceMessageId } : {}),
        };
      }
    }
    if (m.threadId) {
      const t = this.channels.get(m.threadId);
      if (t && !t.deleted) o.thread = this.channelObject(t);
    }
    if (m.referencedMessageId) o.message_reference = { type: 0, message_id: m.referencedMessageId, channel_id: m.channelId, guild_id: m.guildId ?? undefined };
    const channel = this.channels.get(m.channelId);
    if (channel && channel.kind !== "text" && channel.kind !== "dm") o.position = Math.max(0, channel.messageIds.indexOf(m.id));
    return o;
  }

  private guildObject(g: FakeGuild): any {
    return {
      id: g.id,
      name: g.name,
      icon: null,
      icon_hash: null,
      splash: null,
      discovery_splash: null,
      owner_id: g.ownerId,
      afk_channel_id: null,
      afk_timeout: 300,
      widget_enabled: false,
      verification_level: 0,
      default_message_notifications: 1,
      explicit_content_filter: 0,
      roles: [...g.roles.values()].map((r) => this.roleObject(r)),
      emojis: [],
      stickers: [],
      features: [],
      mfa_level: 0,
      application_id: null,
      system_channel_id: null,
      system_channel_flags: 0,
      rules_channel_id: null,
      max_members: 500000,
      vanity_url_code: null,
      description: null,
      banner: null,
      premium_tier: 0,
      premium_subscription_count: 0,
      preferred_locale: "en-US",
      public_updates_channel_id: null,
      nsfw_level: 0,
      premium_progress_bar_enabled: false,
      safety_alerts_channel_id: null,
      incidents_data: null,
    };
  }

  private guildCreatePayload(g: FakeGuild, intents: number): any {
    const memberIds = intents & Intent.GuildMembers ? [...g.members.keys()] : [this.bot.id];
    const channels = g.channelIds.map((id) => this.channels.get(id)!).filter((c) => !c.deleted);
    const threads = this.threads().filter((t) => t.guildId === g.id && !t.archived);
    return {
      ...this.guildObject(g),
      joined_at: g.members.get(this.bot.id)!.joinedAt,
      large: false,
      unavailable: false,
      member_count: g.members.size,
      voice_states: [],
      members: memberIds.map((id) => this.memberObject(g, id)),
      channels: channels.map((c) => {
        const { guild_id: _g, ...rest } = this.channelObject(c);
        return rest;
      }),
      threads: threads.map((t) => this.channelObject(t)),
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    };
  }

  private readyPayload(sessionId: string, resumeUrl: string): any {
    return {
      v: 10,
      user: { ...this.userObject(this.bot), verified: true, mfa_enabled: false, email: null },
      guilds: this.guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: sessionId,
      resume_gateway_url: resumeUrl,
      shard: [0, 1],
      application: { id: this.applicationId, flags: 0 },
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      user_settings: {},
      _trace: ["fake-discord"],
    };
  }

  private guildMembersChunk(req: any): any {
    const g = this.guilds.find((x) => x.id === req.guild_id) ?? this.guild;
    let ids = [...g.members.keys()];
    if (Array.isArray(req.user_ids)) ids = ids.filter((id) => req.user_ids.includes(id));
    else if (typeof req.query === "string" && req.query) ids = ids.filter((id) => this.userMap.get(id)!.username.startsWith(req.query));
    if (req.limit) ids = ids.slice(0, req.limit);
    return {
      guild_id: g.id,
      members: ids.map((id) => this.memberObject(g, id)),
      chunk_index: 0,
      chunk_count: 1,
      not_found: Array.isArray(req.user_ids) ? req.user_ids.filter((id: string) => !g.members.has(id)) : [],
      nonce: req.nonce,
    };
  }

  private applicationObject(): any {
    return {
      id: this.applicationId,
      name: this.bot.username,
      icon: null,
      description: "Hearts for Discord (fake)",
      summary: "",
      type: null,
      bot_public: true,
      bot_require_code_grant: false,
      verify_key: "0".repeat(64),
      flags: 0,
      owner: this.userObject(this.owner),
      team: null,
      bot: this.userObject(this.bot),
      install_params: { scopes: ["bot", "applications.commands"], permissions: permissionBits(this.opts.botPermissions ?? DEFAULT_BOT_PERMISSIONS).toString() },
      integration_types_config: { "0": {} },
      approximate_guild_count: this.guilds.length,
      tags: [],
      interactions_endpoint_url: null,
      role_connections_verification_url: null,
      redirect_uris: [],
    };
  }

  private permissionsIn(channel: FakeChannel, userId: string): bigint {
    if (!channel.guildId) return ALL_PERMISSIONS;
    const guild = this.guildById(channel.guildId);
    const isThread = channel.kind === "public_thread" || channel.kind === "private_thread";
    const source = isThread && channel.parentId ? this.channels.get(channel.parentId) ?? channel : channel;
    return channelPermissions(
      { id: guild.id, ownerId: guild.ownerId, roles: guild.roles },
      { userId, roleIds: guild.members.get(userId)?.roleIds ?? [] },
      source.permissionOverwrites,
      isThread,
    );
  }

  // ---- HTTP plumbing ---------------------------------------------------------------------------

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    if (res.headersSent || res.destroyed) return;
    if (status === 204 || body === undefined) {
      res.writeHead(status === 200 && body === undefined ? 204 : status, headers);
      res.end();
      return;
    }
    const text = JSON.stringify(body);
    res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text).toString(), ...headers });
    res.end(text);
  }

  private async readBody(req: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 100 * 1024 * 1024) throw new ApiError(413, 40005, "Request entity too large");
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  private async parseBody(req: IncomingMessage, raw: Buffer): Promise<{ body: any; files: UploadedFile[] }> {
    const type = req.headers["content-type"] ?? "";
    if (!raw.length) return { body: undefined, files: [] };
    if (type.startsWith("multipart/form-data")) {
      const form = await new Response(raw, { headers: { "content-type": type } }).formData();
      let body: any = undefined;
      const files: UploadedFile[] = [];
      for (const [key, value] of form.entries()) {
        if (typeof value === "string") {
          if (key === "payload_json") body = JSON.parse(value);
          else (body ??= {})[key] = value;
        } else {
          const data = Buffer.from(await value.arrayBuffer());
          files.push({ field: key, filename: value.name, name: value.name, contentType: value.type || null, size: data.length, data });
        }
      }
      // files[n] order follows n, which is what attachments[].id refers to.
      files.sort((a, b) => fileIndex(a.field) - fileIndex(b.field));
      return { body, files };
    }
    try {
      return { body: JSON.parse(raw.toString("utf8")), files: [] };
    } catch {
      throw new ApiError(400, 50109, "The request body contains invalid JSON.");
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const perfStart = performance.now();
    const url = new URL(req.url ?? "/", this.httpBase);
    const method = (req.method ?? "GET").toUpperCase();
    if (url.pathname.startsWith("/attachments/")) {
      const [, , , attId] = url.pathname.split("/");
      const a = this.attachmentMap.get(attId);
      if (!a?.data) {
        this.send(res, 404, { message: "404: Not Found", code: 0 });
        return;
      }
      res.writeHead(200, { "Content-Type": a.contentType ?? "application/octet-stream", "Content-Length": String(a.data.length) });
      res.end(a.data);
      return;
    }
    const prefix = "/api/v10";
    const query = Object.fromEntries(url.searchParams.entries());
    const call: RestCall = {
      seq: ++this.callSeq,
      method,
      path: safeDecode(url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname),
      route: null,
      query,
      body: undefined,
      files: [],
      interactionId: null,
      userId: null,
      token: null,
      visibility: { kind: "none" },
      messageId: null,
      status: 0,
      errorCode: null,
      errorMessage: null,
      fault: null,
      startedAt: Date.now(),
      at: Date.now(),
      durationMs: 0,
    };
    this.calls.push(call);
    if (this.opts.maxCalls && this.calls.length > this.opts.maxCalls) this.calls.splice(0, this.calls.length - this.opts.maxCalls);

    const finish = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      call.status = status;
      call.durationMs = performance.now() - perfStart;
      if (status >= 400 && body && typeof body === "object") {
        call.errorCode = (body as any).code ?? null;
        call.errorMessage = (body as any).message ?? null;
      }
      this.log(`${method} ${call.path} -> ${status}${call.errorCode ? ` (${call.errorCode} ${call.errorMessage})` : ""}`);
      this.send(res, status, body, headers);
      this.changed();
    };

    let raw: Buffer;
    try {
      raw = await this.readBody(req);
      const parsed = await this.parseBody(req, raw);
      call.body = parsed.body;
      call.files = parsed.files.map((f) => (this.opts.retainFiles === false ? { ...f, data: undefined } : f));
      const ctxFiles = parsed.files;
      if (!url.pathname.startsWith(prefix)) {
        const hint = url.pathname.startsWith("/api/") ? " (discord.js 14 uses /api/v10; check the rest.api option)" : "";
        this.log(`unknown route ${method} ${url.pathname}${hint}`, true);
        this.unhandled.push(`${method} ${url.pathname}`);
        this.violate("unknown_route", `${method} ${url.pathname}${hint}`, { callSeq: call.seq });
        finish(404, { message: "404: Not Found", code: 0 });
        return;
      }
      const match = this.matchRoute(method, url.pathname.slice(prefix.length));
      if (!match) {
        this.unhandled.push(`${method} ${call.path}`);
        this.violate("unknown_route", `${method} ${call.path} is not a route of this fake Discord (add it to test/fake-discord if the bot needs it)`, { callSeq: call.seq });
        finish(404, { message: "404: Not Found", code: 0 });
        return;
      }
      call.route = `${match.route.method} ${match.route.template}`;
      const ctx: Ctx = { call, params: match.params, query, body: parsed.body, files: ctxFiles, perfStart };
      // Link interaction calls before faults, so a 429 on a callback is attributed.
      const token = match.params.token;
      if (token) {
        call.token = token;
        const i = this.interactionByToken.get(token);
        if (i) {
          call.interactionId = i.id;
          call.userId = i.user.id;
        }
      }

      const fault = this.faultList.find((f) => f.remaining > 0 && this.matches(f.match, call));
      if (fault) fault.remaining -= 1;
      if (fault?.kind === "rate_limit") {
        call.fault = `rate_limit#${fault.id}`;
        this.rateLimitedCount += 1;
        finish(429, this.rateLimitBody(fault.retryAfterMs, fault.global), this.rateLimitHeaders(call.route, fault.retryAfterMs, fault.global, fault.scope));
        return;
      }
      if (fault?.kind === "server_error" && !fault.afterProcessing) {
        call.fault = `${fault.status >= 500 ? "server_error" : "error"}#${fault.id}`;
        finish(fault.status, { message: fault.message ?? (fault.status >= 500 ? `${fault.status}: Internal Server Error` : "Injected error"), code: fault.code });
        return;
      }

      if (match.route.auth) {
        const auth = req.headers.authorization;
        if (auth !== `Bot ${this.token}`) {
          this.log(`${method} ${call.path}: ${auth ? "wrong" : "missing"} Authorization header -> 401`, true);
          finish(401, { message: "401: Unauthorized", code: 0 });
          return;
        }
      }

      const limited = this.applyRateLimit(match.route, match.params);
      if (limited) {
        call.fault = "rate_limit(emulated)";
        this.rateLimitedCount += 1;
        finish(429, this.rateLimitBody(limited.retryAfterMs, false), limited.headers);
        return;
      }

      let reply: Reply;
      try {
        reply = await match.route.handler(ctx);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        const body: any = { message: err.message, code: err.code };
        if (err.errors) body.errors = err.errors;
        if (fault?.kind === "delay") await new Promise((r) => setTimeout(r, fault.delayMs));
        finish(err.status, body);
        return;
      }
      if (fault?.kind === "server_error") {
        call.fault = `server_error(after processing)#${fault.id}`;
        finish(fault.status, { message: `${fault.status}: Internal Server Error`, code: 0 });
        return;
      }
      if (fault?.kind === "delay") {
        call.fault = `delay#${fault.id}`;
        await new Promise((r) => setTimeout(r, fault.delayMs));
      }
      const headers = this.rateLimitInfoHeaders(match.route, match.params);
      finish(reply.status ?? (reply.body === undefined ? 204 : 200), reply.body, headers);
    } catch (err) {
      if (err instanceof ApiError) {
        finish(err.status, { message: err.message, code: err.code });
        return;
      }
      throw err;
    }
  }

  private rateLimitBody(retryAfterMs: number, global: boolean): any {
    return { message: "You are being rate limited.", retry_after: retryAfterMs / 1000, global, code: 0 };
  }

  private rateLimitHeaders(route: string, retryAfterMs: number, global: boolean, scope: string): Record<string, string> {
    const s = (retryAfterMs / 1000).toString();
    const h: Record<string, string> = {
      "Retry-After": s,
      "X-RateLimit-Scope": scope,
    };
    if (global) h["X-RateLimit-Global"] = "true";
    else {
      h["X-RateLimit-Limit"] = "1";
      h["X-RateLimit-Remaining"] = "0";
      h["X-RateLimit-Reset"] = ((Date.now() + retryAfterMs) / 1000).toFixed(3);
      h["X-RateLimit-Reset-After"] = s;
      h["X-RateLimit-Bucket"] = bucketHash(route);
    }
    return h;
  }

  private ruleFor(route: RouteDef): RateLimitRule | undefined {
    const name = `${route.method} ${route.template}`;
    return this.rateRules.find((r) => r.route === name);
  }

  private applyRateLimit(route: RouteDef, params: Record<string, string>): { retryAfterMs: number; headers: Record<string, string> } | null {
    const rule = this.ruleFor(route);
    if (!rule) return null;
    const key = `${rule.route}:${params[rule.per] ?? ""}`;
    const now = Date.now();
    let b = this.buckets.get(key);
    if (!b || b.resetAt <= now) {
      b = { count: 0, resetAt: now + rule.windowMs };
      this.buckets.set(key, b);
    }
    if (b.count >= rule.limit) {
      const retryAfterMs = b.resetAt - now;
      return { retryAfterMs, headers: this.rateLimitHeaders(rule.route, retryAfterMs, false, "user") };
    }
    b.count += 1;
    return null;
  }

  private rateLimitInfoHeaders(route: RouteDef, params: Record<string, string>): Record<string, string> {
    const rule = this.ruleFor(route);
    if (!rule) return {};
    const b = this.buckets.get(`${rule.route}:${params[rule.per] ?? ""}`);
    if (!b) return {};
    const after = Math.max(0, b.resetAt - Date.now()) / 1000;
    return {
      "X-RateLimit-Limit": String(rule.limit),
      "X-RateLimit-Remaining": String(Math.max(0, rule.limit - b.count)),
      "X-RateLimit-Reset": (b.resetAt / 1000).toFixed(3),
      "X-RateLimit-Reset-After": after.toFixed(3),
      "X-RateLimit-Bucket": bucketHash(rule.route),
    };
  }

  private matchRoute(method: string, path: string): { route: RouteDef; params: Record<string, string> } | null {
    const segs = path.split("/").filter(Boolean).map((s) => {
      try {
        return decodeURIComponent(s); // "@original" arrives as %40original
      } catch {
        return s;
      }
    });
    let best: { route: RouteDef; params: Record<string, string>; score: number } | null = null;
    for (const route of this.routes) {
      if (route.method !== method || route.segments.length !== segs.length) continue;
      const params: Record<string, string> = {};
      let score = 0;
      let ok = true;
      for (let i = 0; i < segs.length; i++) {
        const t = route.segments[i];
        if (t.startsWith(":")) params[t.slice(1)] = segs[i];
        else if (t === segs[i]) score += 1;
        else {
          ok = false;
          break;
        }
      }
      if (ok && (!best || score > best.score)) best = { route, params, score };
    }
    return best;
  }

  private route(method: string, template: string, handler: RouteDef["handler"], auth = true): void {
    this.routes.push({ method, template, segments: template.split("/").filter(Boolean), auth, handler });
  }

  // ---- Routes ------------------------------------------------------------------------------

  private defineRoutes(): void {
    const gatewayInfo = () => ({
      url: this.gatewayUrl,
      shards: 1,
      session_start_limit: { total: 1000, remaining: 1000, reset_after: 86_400_000, max_concurrency: 1 },
    });
    this.route("GET", "/gateway", () => ({ body: { url: this.gatewayUrl } }), false);
    this.route("GET", "/gateway/bot", () => ({ body: gatewayInfo() }));

    this.route("GET", "/users/@me", () => ({ body: { ...this.userObject(this.bot), verified: true, mfa_enabled: false } }));
    this.route("GET", "/users/:userId", (ctx) => {
      const u = this.userMap.get(ctx.params.userId);
      if (!u) throw new ApiError(404, 10013, "Unknown User");
      return { body: this.userObject(u) };
    });
    this.route("POST", "/users/@me/channels", (ctx) => {
      const u = this.userMap.get(ctx.body?.recipient_id);
      if (!u) throw new ApiError(400, 50035, "Invalid Form Body", nestErrors([{ path: ["recipient_id"], code: "USER_NOT_FOUND", message: "Unknown user" }]));
      return { body: this.channelObject(this.interactionChannel(u, { dm: true })) };
    });

    this.route("GET", "/applications/@me", () => ({ body: this.applicationObject() }));
    for (const scoped of [false, true]) {
      const base = scoped ? "/applications/:appId/guilds/:guildId/commands" : "/applications/:appId/commands";
      this.route("GET", base, (ctx) => ({ body: [...this.commandScope(ctx).values()] }));
      this.route("PUT", base, (ctx) => this.putCommands(ctx));
      this.route("POST", base, (ctx) => this.postCommand(ctx));
      this.route("GET", `${base}/:commandId`, (ctx) => ({ body: this.findCommandById(ctx) }));
      this.route("PATCH", `${base}/:commandId`, (ctx) => {
        const existing = this.findCommandById(ctx);
        const merged = { ...existing, ...ctx.body, id: existing.id, application_id: this.applicationId };
        this.checkCommandOrThrow(ctx, merged, []);
        this.commandScope(ctx).set(existing.id, { ...merged, version: snowflake() });
        return { body: this.commandScope(ctx).get(existing.id) };
      });
      this.route("DELETE", `${base}/:commandId`, (ctx) => {
        const existing = this.findCommandById(ctx);
        this.commandScope(ctx).delete(existing.id);
        return { status: 204 };
      });
    }

    this.route("POST", "/interactions/:interactionId/:token/callback", (ctx) => this.interactionCallback(ctx), false);
    this.route("POST", "/webhooks/:appId/:token", (ctx) => this.webhookExecute(ctx), false);
    this.route("GET", "/webhooks/:appId/:token/messages/:messageId", (ctx) => {
      const i = this.webhookInteraction(ctx);
      return { body: this.messageObject(this.webhookMessage(ctx, i, ctx.params.messageId)) };
    }, false);
    this.route("PATCH", "/webhooks/:appId/:token/messages/:messageId", (ctx) => this.webhookEdit(ctx), false);
    this.route("DELETE", "/webhooks/:appId/:token/messages/:messageId", (ctx) => {
      const i = this.webhookInteraction(ctx);
      const m = this.webhookMessage(ctx, i, ctx.params.messageId);
      this.markDeleted(m, false);
      return { status: 204 };
    }, false);

    this.route("GET", "/channels/:channelId", (ctx) => {
      const c = this.liveChannel(ctx.params.channelId);
      this.requirePermissions(ctx, c, ["ViewChannel"]);
      return { body: this.channelObject(c) };
    });
    this.route("PATCH", "/channels/:channelId", (ctx) => this.patchChannel(ctx));
    this.route("DELETE", "/channels/:channelId", (ctx) => {
      const c = this.liveChannel(ctx.params.channelId);
      const isThread = c.kind === "public_thread" || c.kind === "private_thread";
      this.requirePermissions(ctx, c, ["ViewChannel", isThread ? "ManageThreads" : "ManageChannels"]);
      const body = this.channelObject(c);
      this.removeChannel(c);
      return { body };
    });
    this.route("GET", "/channels/:channelId/messages", (ctx) => {
      const c = this.liveChannel(ctx.params.channelId);
      this.requirePermissions(ctx, c, ["ViewChannel", "ReadMessageHistory"]);
      const limit = Math.min(100, Math.max(1, Number(ctx.query.limit ?? 50)));
      let list = c.messageIds.map((id) => this.messages.get(id)!).filter((m) => !m.deleted && !m.ephemeral);
      if (ctx.query.before) list = list.filter((m) => BigInt(m.id) < BigInt(ctx.query.before));
      if (ctx.query.after) list = list.filter((m) => BigInt(m.id) > BigInt(ctx.query.after)).slice(0, limit);
      list = list.slice(-limit).reverse();
      return { body: list.map((m) => this.messageObject(m)) };
    });
    this.route("POST", "/channels/:channelId/messages", (ctx) => this.channelPost(ctx));
    this.route("GET", "/channels/:channelId/messages/:messageId", (ctx) => {
      const c = this.liveChannel(ctx.params.channelId);
      this.requirePermissions(ctx, c, ["ViewChannel", "ReadMessageHistory"]);
      return { body: this.messageObject(this.channelMessage(ctx, c)) };
    });
    this.route("PATCH", "/channels/:channelId/messages/:messageId", (ctx) => this.channelEdit(ctx));
    this.route("DELETE", "/channels/:channelId/messages/:messageId", (ctx) => {
      const c = this.liveChannel(ctx.params.channelId);
      const m = this.channelMessage(ctx, c);
      this.requirePermissions(ctx, c, m.authorId === this.bot.id ? ["ViewChannel"] : ["ViewChannel", "ManageMessages"]);
      this.markDeleted(m, false);
      return { status: 204 };
    });
    this.route("POST", "/channels/:channelId/messages/:messageId/threads", (ctx) => this.startThread(ctx, true));
    this.route("POST", "/channels/:channelId/threads", (ctx) => this.startThread(ctx, false));
    this.route("GET", "/channels/:channelId/thread-members", (ctx) => {
      const c = this.liveThread(ctx);
      return { body: [...c.memberIds].map((id) => ({ id: c.id, user_id: id, join_timestamp: isoNow(c.createdAt), flags: 0 })) };
    });
    for (const method of ["PUT", "DELETE"]) {
      this.route(method, "/channels/:channelId/thread-members/:userId", (ctx) => {
        const c = this.liveThread(ctx);
        const userId = ctx.params.userId === "@me" ? this.bot.id : ctx.params.userId;
        if (!this.userMap.has(userId)) throw new ApiError(404, 10013, "Unknown User");
        if (ctx.params.userId !== "@me") this.requirePermissions(ctx, c, ["ViewChannel", "SendMessagesInThreads"]);
        if (method === "PUT") c.memberIds.add(userId);
        else c.memberIds.delete(userId);
        return { status: 204 };
      });
    }
    this.route("POST", "/channels/:channelId/typing", (ctx) => {
      const c = this.liveChannel(ctx.params.channelId);
      this.requirePermissions(ctx, c, ["ViewChannel"]);
      return { status: 204 };
    });
    for (const method of ["PUT", "DELETE"]) {
      this.route(method, "/channels/:channelId/messages/:messageId/reactions/:emoji/@me", (ctx) => {
        const c = this.liveChannel(ctx.params.channelId);
        this.requirePermissions(ctx, c, ["ViewChannel", "ReadMessageHistory", "AddReactions"]);
        this.channelMessage(ctx, c);
        return { status: 204 };
      });
    }

    this.route("GET", "/guilds/:guildId", (ctx) => ({ body: this.guildObject(this.guildOr404(ctx.params.guildId)) }));
    this.route("GET", "/guilds/:guildId/channels", (ctx) => {
      const g = this.guildOr404(ctx.params.guildId);
      return { body: g.channelIds.map((id) => this.channels.get(id)!).filter((c) => !c.deleted).map((c) => this.channelObject(c)) };
    });
    this.route("GET", "/guilds/:guildId/threads/active", (ctx) => {
      const g = this.guildOr404(ctx.params.guildId);
      return { body: { threads: this.threads().filter((t) => t.guildId === g.id && !t.archived).map((t) => this.channelObject(t)), members: [] } };
    });
    this.route("GET", "/guilds/:guildId/roles", (ctx) => ({ body: [...this.guildOr404(ctx.params.guildId).roles.values()].map((r) => this.roleObject(r)) }));
    this.route("GET", "/guilds/:guildId/members", (ctx) => {
      const g = this.guildOr404(ctx.params.guildId);
      const limit = Math.min(1000, Number(ctx.query.limit ?? 1));
      return { body: [...g.members.keys()].slice(0, limit).map((id) => this.memberObject(g, id)) };
    });
    this.route("GET", "/guilds/:guildId/members/:userId", (ctx) => {
      const g = this.guildOr404(ctx.params.guildId);
      const id = ctx.params.userId === "@me" ? this.bot.id : ctx.params.userId;
      if (!g.members.has(id)) throw new ApiError(404, 10007, "Unknown Member");
      return { body: this.memberObject(g, id) };
    });
  }

  private guildOr404(id: string): FakeGuild {
    const g = this.guilds.find((x) => x.id === id);
    if (!g) throw new ApiError(404, 10004, "Unknown Guild");
    return g;
  }

  // ---- Commands -------------------------------------------------------------------------------

  private commandScope(ctx: Ctx): Map<string, any> {
    if (ctx.params.appId !== this.applicationId) throw new ApiError(404, 10002, "Unknown Application");
    const key = ctx.params.guildId ?? "global";
    if (ctx.params.guildId) this.guildOr404(ctx.params.guildId);
    let scope = this.commandScopes.get(key);
    if (!scope) {
      scope = new Map();
      this.commandScopes.set(key, scope);
    }
    return scope;
  }

  private findCommandById(ctx: Ctx): any {
    const c = this.commandScope(ctx).get(ctx.params.commandId);
    if (!c) throw new ApiError(404, 10063, "Unknown application command");
    return c;
  }

  private checkCommandOrThrow(ctx: Ctx, cmd: unknown, path: (string | number)[]): void {
    const errors = checkCommand(cmd, []);
    if (errors.length) {
      const msg = describeErrors(errors, path);
      this.violate("invalid_command", `command registration rejected: ${msg}`, { callSeq: ctx.call.seq, route: ctx.call.route ?? undefined });
      throw new ApiError(400, 50035, "Invalid Form Body", nestErrors(errors, path));
    }
  }

  private normalizeCommand(ctx: Ctx, cmd: any, id: string): any {
    return {
      id,
      application_id: this.applicationId,
      version: snowflake(),
      default_member_permissions: cmd.default_member_permissions ?? null,
      type: cmd.type ?? 1,
      name: cmd.name,
      name_localizations: cmd.name_localizations ?? null,
      description: cmd.description ?? "",
      description_localizations: cmd.description_localizations ?? null,
      dm_permission: cmd.dm_permission ?? true,
      contexts: cmd.contexts ?? null,
      integration_types: cmd.integration_types ?? [0],
      nsfw: Boolean(cmd.nsfw),
      ...(cmd.options ? { options: cmd.options } : {}),
      ...(ctx.params.guildId ? { guild_id: ctx.params.guildId } : {}),
    };
  }

  private putCommands(ctx: Ctx): Reply {
    const scope = this.commandScope(ctx);
    if (!Array.isArray(ctx.body)) throw new ApiError(400, 50035, "Invalid Form Body", nestErrors([{ path: [], code: "LIST_TYPE_CONVERT", message: "Expected an array of commands." }]));
    if (ctx.body.length > 100) throw new ApiError(400, 30032, "Maximum number of application commands reached (100)");
    const errors: FieldError[] = [];
    const seen = new Set<string>();
    ctx.body.forEach((cmd: any, i: number) => {
      errors.push(...checkCommand(cmd, [i]));
      const key = `${cmd?.type ?? 1}:${cmd?.name}`;
      if (seen.has(key)) errors.push({ path: [i, "name"], code: "APPLICATION_COMMANDS_DUPLICATE_NAME", message: `Application command names must be unique (${cmd?.name})` });
      seen.add(key);
    });
    if (errors.length) {
      this.violate("invalid_command", `bulk command registration rejected: ${describeErrors(errors)}`, { callSeq: ctx.call.seq });
      throw formError(errors);
    }
    const previous = [...scope.values()];
    scope.clear();
    for (const cmd of ctx.body) {
      const old = previous.find((p) => p.name === cmd.name && p.type === (cmd.type ?? 1));
      const c = this.normalizeCommand(ctx, cmd, old?.id ?? snowflake());
      scope.set(c.id, c);
    }
    return { body: [...scope.values()] };
  }

  private postCommand(ctx: Ctx): Reply {
    const scope = this.commandScope(ctx);
    this.checkCommandOrThrow(ctx, ctx.body, []);
    const old = [...scope.values()].find((p) => p.name === ctx.body.name && p.type === (ctx.body.type ?? 1));
    const c = this.normalizeCommand(ctx, ctx.body, old?.id ?? snowflake());
    scope.set(c.id, c);
    return { status: old ? 200 : 201, body: c };
  }

  // ---- Interactions: callback and webhook routes ----------------------------------------------

  private interactionCallback(ctx: Ctx): Reply {
    const i = this.interactionMap.get(ctx.params.interactionId);
    if (!i || i.token !== ctx.params.token) {
      this.violate("unknown_interaction", `callback for unknown interaction ${ctx.params.interactionId} (or wrong token)`, { callSeq: ctx.call.seq });
      throw new ApiError(404, 10062, "Unknown interaction");
    }
    ctx.call.interactionId = i.id;
    ctx.call.userId = i.user.id;
    const latency = ctx.perfStart - i.createdAtPerf;
    const extra = { interactionId: i.id, userId: i.user.id, callSeq: ctx.call.seq };
    if (i.acknowledgement) {
      this.violate("double_ack", `${i.describe()} acknowledged twice (first with type ${i.acknowledgement.type}, then ${ctx.body?.type})`, extra);
      throw new ApiError(400, 40060, "Interaction has already been acknowledged.");
    }
    if (latency > this.ackDeadlineMs) {
      i.failed = true;
      this.violate("late_ack", `${i.describe()} acknowledged after ${latency.toFixed(0)} ms (deadline ${this.ackDeadlineMs} ms)`, extra);
      throw new ApiError(404, 10062, "Unknown interaction");
    }
    const type = ctx.body?.type;
    const allowed = ACK_TYPES[i.kind].filter((t) => !((t === 6 || t === 7) && i.kind === "modal" && !i.init.sourceMessageId));
    if (!allowed.includes(type)) {
      this.violate("bad_callback_type", `callback type ${String(type)} is not valid for a ${i.kind} interaction (valid: ${allowed.join(", ")}) — ${i.describe()}`, extra);
      throw new ApiError(400, 50035, "Invalid Form Body", nestErrors([{ path: ["type"], code: "INTERACTION_RESPONSE_TYPE_INVALID", message: `Interaction response type ${String(type)} is not valid here.` }]));
    }
    const data = ctx.body.data;
    const channel = this.channels.get(i.channelId)!;
    let message: FakeMessage | null = null;
    let ephemeral = false;
    const failBody = (errors: FieldError[]) => {
      this.violate("invalid_body", `${i.describe()}: ${describeErrors(errors, ["data"])}`, extra);
      throw formError(errors, ["data"]);
    };
    switch (type) {
      case 4: {
        const errors = checkMessageBody(data, { isEdit: false, fileCount: ctx.files.length, allowEphemeral: true });
        if (errors.length) failBody(errors);
        ephemeral = (data.flags & MessageFlag.Ephemeral) !== 0;
        this.checkUploadSizes(ctx);
        message = this.createMessage(ctx, channel, data, {
          visibleTo: ephemeral ? i.user.id : null,
          interaction: i,
          type: i.kind === "command" ? 20 : 0,
        });
        i.originalMessageId = message.id;
        break;
      }
      case 5: {
        ephemeral = ((data?.flags ?? 0) & MessageFlag.Ephemeral) !== 0;
        message = this.createMessage(ctx, channel, {}, {
          visibleTo: ephemeral ? i.user.id : null,
          interaction: i,
          type: i.kind === "command" ? 20 : 0,
          loading: true,
        });
        i.originalMessageId = message.id;
        break;
      }
      case 6:
      case 7: {
        const source = this.messages.get(i.init.sourceMessageId ?? "");
        if (!source) throw new ApiError(404, 10008, "Unknown Message");
        ephemeral = source.ephemeral;
        if (type === 7) {
          if (source.deleted) throw new ApiError(404, 10008, "Unknown Message");
          const errors = checkMessageBody(data ?? {}, {
            isEdit: true,
            fileCount: ctx.files.length,
            existingAttachmentIds: source.attachments.map((a) => a.id),
            allowEphemeral: true,
            currentFlags: source.flags,
          });
          if (errors.length) failBody(errors);
          this.checkUploadSizes(ctx);
          this.editMessage(ctx, source, data ?? {});
          message = source;
        }
        i.originalMessageId = source.id;
        break;
      }
      case 8: {
        const errors = checkAutocompleteChoices(data);
        if (errors.length) {
          this.violate("invalid_body", `${i.describe()}: ${describeErrors(errors)}`, extra);
          throw formError(errors);
        }
        i.choices = data.choices;
        ctx.call.visibility = { kind: "ephemeral", userId: i.user.id };
        break;
      }
      case 9: {
        const errors: FieldError[] = [];
        if (typeof data?.custom_id !== "string" || data.custom_id.length > 100) errors.push({ path: ["custom_id"], code: "BASE_TYPE_BAD_LENGTH", message: "Must be between 1 and 100 in length." });
        if (typeof data?.title !== "string" || data.title.length > 45) errors.push({ path: ["title"], code: "BASE_TYPE_BAD_LENGTH", message: "Must be between 1 and 45 in length." });
        if (!Array.isArray(data?.components) || data.components.length < 1 || data.components.length > 5) errors.push({ path: ["components"], code: "BASE_TYPE_BAD_LENGTH", message: "Must be between 1 and 5 in length." });
        if (errors.length) failBody(errors);
        i.modal = data;
        ctx.call.visibility = { kind: "ephemeral", userId: i.user.id };
        break;
      }
      default:
        break;
    }
    if (message) {
      ctx.call.messageId = message.id;
      if (type !== 5) ctx.call.visibility = this.visibilityOf(message);
    }
    const ack: AckInfo = { type, latencyMs: latency, ephemeral, callSeq: ctx.call.seq };
    i.acknowledgement = ack;
    if (ctx.query.with_response !== "true") return { status: 204 };
    const original = i.originalMessageId ? this.messages.get(i.originalMessageId) : undefined;
    return {
      body: {
        interaction: {
          id: i.id,
          type: i.type,
          ...(original ? { response_message_id: original.id, response_message_loading: original.loading, response_message_ephemeral: original.ephemeral } : {}),
        },
        resource: { type, ...(message ? { message: this.messageObject(message) } : {}) },
      },
    };
  }

  private webhookInteraction(ctx: Ctx): FakeInteraction {
    if (ctx.params.appId !== this.applicationId) {
      this.violate("unknown_interaction", `webhook route with application id ${ctx.params.appId}, expected ${this.applicationId}`, { callSeq: ctx.call.seq });
      throw new ApiError(404, 10015, "Unknown Webhook");
    }
    const i = this.interactionByToken.get(ctx.params.token);
    if (!i) {
      this.violate("unknown_interaction", `webhook route with a token the fake never issued`, { callSeq: ctx.call.seq });
      throw new ApiError(401, 50027, "Invalid Webhook Token");
    }
    ctx.call.interactionId = i.id;
    ctx.call.userId = i.user.id;
    const age = this.tokenNow() - i.createdAtToken;
    if (age > this.tokenLifetimeMs) {
      this.violate("token_expired", `${i.describe()}: token used ${Math.round(age / 1000)} s after creation (lifetime ${this.tokenLifetimeMs / 1000} s) for ${ctx.call.method} ${ctx.call.route}`, {
        interactionId: i.id,
        userId: i.user.id,
        callSeq: ctx.call.seq,
      });
      throw new ApiError(401, 50027, "Invalid Webhook Token");
    }
    return i;
  }

  private webhookMessage(ctx: Ctx, i: FakeInteraction, idParam: string): FakeMessage {
    const extra = { interactionId: i.id, userId: i.user.id, callSeq: ctx.call.seq };
    let id: string;
    if (idParam === "@original") {
      if (!i.acknowledgement) {
        this.violate("before_ack", `${ctx.call.method} @original of ${i.describe()} before acknowledging it`, extra);
        throw new ApiError(404, 10008, "Unknown Message");
      }
      if (!i.originalMessageId) {
        this.violate("unknown_message", `${i.describe()} has no @original (acknowledged with type ${i.acknowledgement.type})`, extra);
        throw new ApiError(404, 10008, "Unknown Message");
      }
      id = i.originalMessageId;
    } else {
      id = idParam;
      if (id !== i.originalMessageId && !i.followUpIds.includes(id)) {
        this.violate("unknown_message", `message ${id} is neither @original nor a follow-up of ${i.describe()}`, extra);
        throw new ApiError(404, 10008, "Unknown Message");
      }
    }
    const m = this.messages.get(id);
    if (!m) throw new ApiError(404, 10008, "Unknown Message");
    if (m.deleted) {
      if (!m.deletedByFake) this.violate("unknown_message", `${ctx.call.method} of message ${m.id}, which the bot deleted earlier`, extra);
      throw new ApiError(404, 10008, "Unknown Message");
    }
    const channel = this.channels.get(m.channelId);
    if (!channel || channel.deleted) throw new ApiError(404, 10003, "Unknown Channel");
    return m;
  }

  private webhookExecute(ctx: Ctx): Reply {
    const i = this.webhookInteraction(ctx);
    const extra = { interactionId: i.id, userId: i.user.id, callSeq: ctx.call.seq };
    if (!i.acknowledgement) {
      this.violate("before_ack", `follow-up for ${i.describe()} before acknowledging it`, extra);
      throw new ApiError(404, 10015, "Unknown Webhook");
    }
    const channel = this.channels.get(i.channelId);
    if (!channel || channel.deleted) throw new ApiError(404, 10003, "Unknown Channel");
    const original = i.originalMessageId ? this.messages.get(i.originalMessageId) : undefined;
    // Discord quirk: the first follow-up after a deferred reply replaces the "thinking…" message
    // and keeps the deferral's visibility (its own EPHEMERAL flag is ignored).
    if (original && original.loading && !original.deleted) {
      const errors = checkMessageBody(ctx.body, { isEdit: false, fileCount: ctx.files.length, allowEphemeral: true });
      if (errors.length) {
        this.violate("invalid_body", `${i.describe()} follow-up: ${describeErrors(errors)}`, extra);
        throw formError(errors);
      }
      this.checkUploadSizes(ctx);
      const { flags: _ignored, ...rest } = ctx.body ?? {};
      this.editMessage(ctx, original, rest);
      ctx.call.messageId = original.id;
      ctx.call.visibility = this.visibilityOf(original);
      return { body: this.messageObject(original) };
    }
    const errors = checkMessageBody(ctx.body, { isEdit: false, fileCount: ctx.files.length, allowEphemeral: true });
    if (errors.length) {
      this.violate("invalid_body", `${i.describe()} follow-up: ${describeErrors(errors)}`, extra);
      throw formError(errors);
    }
    this.checkUploadSizes(ctx);
    const ephemeral = ((ctx.body?.flags ?? 0) & MessageFlag.Ephemeral) !== 0;
    const m = this.createMessage(ctx, channel, ctx.body, { visibleTo: ephemeral ? i.user.id : null, interaction: i, type: 0 });
    i.followUpIds.push(m.id);
    ctx.call.messageId = m.id;
    ctx.call.visibility = this.visibilityOf(m);
    if (ctx.query.wait !== "true") return { status: 204 };
    return { body: this.messageObject(m) };
  }

  private webhookEdit(ctx: Ctx): Reply {
    const i = this.webhookInteraction(ctx);
    const m = this.webhookMessage(ctx, i, ctx.params.messageId);
    const channel = this.channels.get(m.channelId)!;
    if (channel.archived && channel.kind !== "text") {
      if (channel.locked) throw new ApiError(400, 50083, "Thread is archived");
      this.unarchive(channel);
    }
    const errors = checkMessageBody(ctx.body ?? {}, {
      isEdit: true,
      fileCount: ctx.files.length,
      existingAttachmentIds: m.attachments.map((a) => a.id),
      allowEphemeral: true,
      currentFlags: m.flags,
    });
    if (errors.length) {
      this.violate("invalid_body", `${i.describe()} edit of ${ctx.params.messageId}: ${describeErrors(errors)}`, { interactionId: i.id, userId: i.user.id, callSeq: ctx.call.seq });
      throw formError(errors);
    }
    this.checkUploadSizes(ctx);
    this.editMessage(ctx, m, ctx.body ?? {});
    ctx.call.messageId = m.id;
    ctx.call.visibility = this.visibilityOf(m);
    return { body: this.messageObject(m) };
  }

  // ---- Channel routes --------------------------------------------------------------------------

  private liveChannel(id: string): FakeChannel {
    const c = this.channels.get(id);
    if (!c || c.deleted) throw new ApiError(404, 10003, "Unknown Channel");
    return c;
  }

  private liveThread(ctx: Ctx): FakeChannel {
    const c = this.liveChannel(ctx.params.channelId);
    if (c.kind !== "public_thread" && c.kind !== "private_thread") throw new ApiError(400, 50024, "Cannot execute action on this channel type");
    return c;
  }

  private requirePermissions(ctx: Ctx, channel: FakeChannel, names: PermissionName[]): void {
    if (!channel.guildId) return;
    const bits = this.permissionsIn(channel, this.bot.id);
    const missing = names.filter((n) => (bits & Permission[n]) === 0n);
    if (!missing.length) return;
    const target = channel.parentId ?? channel.id;
    const expected = this.revokedChannels.has(target);
    const what = `${ctx.call.method} ${ctx.call.route} in #${channel.name} needs ${missing.join(", ")}`;
    if (!expected) this.violate("missing_access", what, { callSeq: ctx.call.seq });
    else this.log(`403 (permissions revoked by the test): ${what}`);
    if (missing.includes("ViewChannel")) throw new ApiError(403, 50001, "Missing Access");
    throw new ApiError(403, 50013, "Missing Permissions");
  }

  private channelMessage(ctx: Ctx, c: FakeChannel): FakeMessage {
    const m = this.messages.get(ctx.params.messageId);
    if (!m || m.channelId !== c.id) {
      this.violate("unknown_message", `${ctx.call.method} ${ctx.call.path}: no such message in this channel`, { callSeq: ctx.call.seq });
      throw new ApiError(404, 10008, "Unknown Message");
    }
    if (m.ephemeral) {
      this.violate("ephemeral_via_channel_route", `${ctx.call.method} ${ctx.call.path}: message ${m.id} is ephemeral; only its interaction webhook can reach it`, { callSeq: ctx.call.seq });
      throw new ApiError(404, 10008, "Unknown Message");
    }
    if (m.deleted) {
      if (!m.deletedByFake) this.violate("unknown_message", `${ctx.call.method} of message ${m.id}, which the bot deleted earlier`, { callSeq: ctx.call.seq });
      throw new ApiError(404, 10008, "Unknown Message");
    }
    return m;
  }

  private channelPost(ctx: Ctx): Reply {
    const c = this.liveChannel(ctx.params.channelId);
    const isThread = c.kind === "public_thread" || c.kind === "private_thread";
    if (c.kind === "dm" && this.closedDms.has(c.recipientId!)) throw new ApiError(403, 50007, "Cannot send messages to this user");
    const needs: PermissionName[] = ["ViewChannel", isThread ? "SendMessagesInThreads" : "SendMessages"];
    if (ctx.files.length) needs.push("AttachFiles");
    this.requirePermissions(ctx, c, needs);
    if (isThread && c.archived) {
      if (c.locked) throw new ApiError(400, 50083, "Thread is locked");
      this.unarchive(c);
    }
    const body = ctx.body ?? {};
    const errors = checkMessageBody(body, { isEdit: false, fileCount: ctx.files.length, allowEphemeral: false });
    if (errors.length) {
      this.violate("invalid_body", `${ctx.call.method} ${ctx.call.route}: ${describeErrors(errors)}`, { callSeq: ctx.call.seq });
      throw formError(errors);
    }
    if ((body.flags ?? 0) & MessageFlag.Ephemeral) {
      this.violate("ephemeral_flag_in_channel", `EPHEMERAL flag on a channel message in #${c.name}: the message is public`, { callSeq: ctx.call.seq });
    }
    this.checkUploadSizes(ctx);
    if (body.enforce_nonce && body.nonce !== undefined) {
      const key = `${c.id}:${body.nonce}`;
      const seen = this.nonces.get(key);
      if (seen && Date.now() - seen.at < 5 * 60_000) {
        const m = this.messages.get(seen.messageId)!;
        ctx.call.messageId = m.id;
        return { body: this.messageObject(m) };
      }
    }
    if (body.message_reference?.message_id && body.message_reference.fail_if_not_exists !== false) {
      const ref = this.messages.get(body.message_reference.message_id);
      if (!ref || ref.deleted) throw new ApiError(400, 50035, "Invalid Form Body", nestErrors([{ path: ["message_reference"], code: "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", message: "Unknown message" }]));
    }
    const m = this.createMessage(ctx, c, body, { visibleTo: null, interaction: null, type: body.message_reference ? 19 : 0 });
    if (body.enforce_nonce && body.nonce !== undefined) this.nonces.set(`${c.id}:${body.nonce}`, { messageId: m.id, at: Date.now() });
    ctx.call.messageId = m.id;
    ctx.call.visibility = { kind: "public" };
    return { body: this.messageObject(m) };
  }

  private channelEdit(ctx: Ctx): Reply {
    const c = this.liveChannel(ctx.params.channelId);
    this.requirePermissions(ctx, c, ["ViewChannel"]);
    const m = this.channelMessage(ctx, c);
    if (m.authorId !== this.bot.id) {
      this.violate("foreign_message", `PATCH of message ${m.id} authored by ${this.userMap.get(m.authorId)?.username}`, { callSeq: ctx.call.seq });
      throw new ApiError(403, 50005, "Cannot edit a message authored by another user");
    }
    if (c.archived && c.kind !== "text") throw new ApiError(400, 50083, "Thread is archived");
    const body = ctx.body ?? {};
    const errors = checkMessageBody(body, {
      isEdit: true,
      fileCount: ctx.files.length,
      existingAttachmentIds: m.attachments.map((a) => a.id),
      allowEphemeral: false,
      currentFlags: m.flags,
    });
    if (errors.length) {
      this.violate("invalid_body", `${ctx.call.method} ${ctx.call.route}: ${describeErrors(errors)}`, { callSeq: ctx.call.seq });
      throw formError(errors);
    }
    if (ctx.files.length) this.requirePermissions(ctx, c, ["AttachFiles"]);
    this.checkUploadSizes(ctx);
    this.editMessage(ctx, m, body);
    ctx.call.messageId = m.id;
    ctx.call.visibility = { kind: "public" };
    return { body: this.messageObject(m) };
  }

  private patchChannel(ctx: Ctx): Reply {
    const c = this.liveChannel(ctx.params.channelId);
    const body = ctx.body ?? {};
    const isThread = c.kind === "public_thread" || c.kind === "private_thread";
    if (isThread) {
      const ownerOnly = Object.keys(body).every((k) => ["name", "archived", "auto_archive_duration"].includes(k));
      this.requirePermissions(ctx, c, c.ownerId === this.bot.id && ownerOnly ? ["ViewChannel"] : ["ViewChannel", "ManageThreads"]);
      if (c.locked && body.locked !== false) {
        this.requirePermissions(ctx, c, ["ViewChannel", "ManageThreads"]);
      }
      if (typeof body.name === "string") {
        if (!body.name.length || body.name.length > 100) throw new ApiError(400, 50035, "Invalid Form Body", nestErrors([{ path: ["name"], code: "BASE_TYPE_BAD_LENGTH", message: "Must be between 1 and 100 in length." }]));
        c.name = body.name;
      }
      if (typeof body.archived === "boolean") c.archived = body.archived;
      if (typeof body.locked === "boolean") c.locked = body.locked;
      if (typeof body.auto_archive_duration === "number") c.autoArchiveDuration = body.auto_archive_duration;
      this.gateway.dispatch("THREAD_UPDATE", this.channelObject(c), Intent.Guilds);
    } else {
      this.requirePermissions(ctx, c, ["ViewChannel", "ManageChannels"]);
      if (typeof body.name === "string") c.name = body.name;
      if ("topic" in body) c.topic = body.topic;
      this.gateway.dispatch("CHANNEL_UPDATE", this.channelObject(c), Intent.Guilds);
    }
    if (typeof body.name === "string") ctx.call.visibility = { kind: "public" };
    return { body: this.channelObject(c) };
  }

  private startThread(ctx: Ctx, fromMessage: boolean): Reply {
    const parent = this.liveChannel(ctx.params.channelId);
    if (parent.kind !== "text") throw new ApiError(400, 50024, "Cannot execute action on this channel type");
    const body = ctx.body ?? {};
    const type: number = fromMessage ? 11 : (body.type ?? 12);
    this.requirePermissions(ctx, parent, ["ViewChannel", type === 12 ? "CreatePrivateThreads" : "CreatePublicThreads"]);
    if (typeof body.name !== "string" || body.name.length < 1 || body.name.length > 100) {
      this.violate("invalid_body", `thread name must be 1-100 characters, got ${JSON.stringify(body.name)}`, { callSeq: ctx.call.seq });
      throw new ApiError(400, 50035, "Invalid Form Body", nestErrors([{ path: ["name"], code: "BASE_TYPE_BAD_LENGTH", message: "Must be between 1 and 100 in length." }]));
    }
    let starter: FakeMessage | null = null;
    if (fromMessage) {
      starter = this.channelMessage(ctx, parent);
      if (starter.threadId) throw new ApiError(400, 160004, "A thread has already been created for this message");
    }
    const guild = this.guildById(parent.guildId!);
    const thread = this.createChannel(guild, body.name, type === 12 ? "private_thread" : "public_thread", {
      id: starter?.id ?? snowflake(), // a thread started from a message shares the message's id
      parentId: parent.id,
      ownerId: this.bot.id,
      autoArchiveDuration: body.auto_archive_duration ?? 1440,
      starterMessageId: starter?.id ?? null,
      memberIds: new Set([this.bot.id]),
    });
    if (starter) {
      starter.threadId = thread.id;
      starter.flags |= MessageFlag.HasThread;
      this.gateway.dispatch("MESSAGE_UPDATE", this.messageObject(starter), Intent.GuildMessages);
    }
    this.gateway.dispatch("THREAD_CREATE", { ...this.channelObject(thread), newly_created: true }, Intent.Guilds);
    ctx.call.visibility = { kind: "public" };
    const member = { id: thread.id, user_id: this.bot.id, join_timestamp: isoNow(), flags: 0 };
    return { status: 201, body: { ...this.channelObject(thread), member } };
  }

  private unarchive(c: FakeChannel): void {
    c.archived = false;
    this.gateway.dispatch("THREAD_UPDATE", this.channelObject(c), Intent.Guilds);
  }

  private removeChannel(c: FakeChannel): void {
    c.deleted = true;
    const isThread = c.kind === "public_thread" || c.kind === "private_thread";
    if (isThread) {
      this.gateway.dispatch("THREAD_DELETE", { id: c.id, guild_id: c.guildId, parent_id: c.parentId, type: c.type }, Intent.Guilds);
    } else {
      this.gateway.dispatch("CHANNEL_DELETE", this.channelObject(c), Intent.Guilds);
      for (const t of this.threads(c.id)) this.removeChannel(t);
    }
    this.changed();
  }

  private markDeleted(m: FakeMessage, byFake: boolean): void {
    if (m.deleted) return;
    m.deleted = true;
    m.deletedByFake = byFake;
    if (!m.ephemeral) {
      const c = this.channels.get(m.channelId);
      this.gateway.dispatch(
        "MESSAGE_DELETE",
        { id: m.id, channel_id: m.channelId, ...(m.guildId ? { guild_id: m.guildId } : {}) },
        c?.kind === "dm" ? Intent.DirectMessages : Intent.GuildMessages,
      );
    }
    this.changed();
  }

  // ---- Messages ---------------------------------------------------------------------------------

  private visibilityOf(m: FakeMessage): Visibility {
    return m.visibleTo ? { kind: "ephemeral", userId: m.visibleTo } : { kind: "public" };
  }

  private checkUploadSizes(ctx: Ctx): void {
    const max = this.opts.maxUploadBytes ?? 10 * 1024 * 1024;
    const big = ctx.files.find((f) => f.size > max);
    if (big) throw new ApiError(413, 40005, `Request entity too large (${big.filename}: ${big.size} bytes > ${max})`);
  }

  private newAttachment(m: FakeMessage, file: UploadedFile, entry: any): FakeAttachment {
    const id = snowflake();
    const filename: string = typeof entry?.filename === "string" ? entry.filename : file.filename;
    const size = file.data ? imageSize(file.data) : null;
    const a: FakeAttachment = {
      id,
      filename,
      contentType: file.contentType,
      size: file.size,
      description: entry?.description ?? null,
      url: `${this.httpBase}/attachments/${m.channelId}/${id}/${encodeURIComponent(filename)}`,
      proxy_url: `${this.httpBase}/attachments/${m.channelId}/${id}/${encodeURIComponent(filename)}`,
      width: size?.width ?? null,
      height: size?.height ?? null,
    };
    if (this.opts.retainFiles !== false && file.data) a.data = file.data;
    this.attachmentMap.set(id, a);
    return a;
  }

  private buildAttachments(m: FakeMessage, field: unknown, files: UploadedFile[], existing: FakeAttachment[]): FakeAttachment[] {
    if (!Array.isArray(field)) return [...existing, ...files.map((f) => this.newAttachment(m, f, null))];
    const out: FakeAttachment[] = [];
    const used = new Set<number>();
    for (const entry of field) {
      const id = String(entry?.id);
      const kept = existing.find((a) => a.id === id);
      if (kept) {
        out.push(entry?.description !== undefined ? { ...kept, description: entry.description } : kept);
        continue;
      }
      const n = Number(id);
      if (Number.isInteger(n) && files[n] && !used.has(n)) {
        used.add(n);
        out.push(this.newAttachment(m, files[n], entry));
      }
    }
    files.forEach((f, n) => {
      if (!used.has(n)) out.push(this.newAttachment(m, f, null));
    });
    return out;
  }

  private checkPresentation(ctx: Ctx, m: FakeMessage, isNew: boolean): void {
    const extra = { callSeq: ctx.call.seq, interactionId: m.interactionId ?? undefined };
    for (const e of m.embeds) {
      for (const key of ["image", "thumbnail"]) {
        const url: unknown = e?.[key]?.url;
        if (typeof url === "string" && url.startsWith("attachment://")) {
          const name = url.slice("attachment://".length);
          if (!m.attachments.some((a) => a.filename === name)) {
            this.violate("embed_attachment_missing", `message ${m.id}: embed ${key} refers to attachment://${name} but the message has ${m.attachments.map((a) => a.filename).join(", ") || "no attachments"}`, extra);
          }
        }
      }
    }
    if (!isNew || m.visibleTo) return;
    const mentioned = mentionsIn(m.content);
    if (m.allowedMentions === undefined && (mentioned.users.length || mentioned.roles.length || mentioned.everyone)) {
      this.violate("unrestricted_mentions", `message ${m.id} mentions ${[...mentioned.users.map((u) => `<@${u}>`), ...mentioned.roles.map((r) => `<@&${r}>`), ...(mentioned.everyone ? ["@everyone/@here"] : [])].join(" ")} without allowed_mentions`, extra);
    }
    if (m.pings.everyone) this.violate("everyone_ping", `message ${m.id} pings @everyone/@here`, extra);
  }

  private storeMessage(channel: FakeChannel, m: FakeMessage): void {
    this.messages.set(m.id, m);
    channel.messageIds.push(m.id);
    if (!m.ephemeral) {
      channel.lastMessageId = m.id;
      const obj = this.messageObject(m);
      if (channel.kind === "dm") this.gateway.dispatch("MESSAGE_CREATE", obj, Intent.DirectMessages);
      else {
        const guild = this.guildById(channel.guildId!);
        const member = this.memberObject(guild, m.authorId);
        delete member.user;
        // Without the MessageContent intent, content is only delivered when the bot is mentioned or wrote it.
        const seesContent = this.gateway.hasIntent(Intent.MessageContent) || m.authorId === this.bot.id || m.pings.users.includes(this.bot.id);
        this.gateway.dispatch(
          "MESSAGE_CREATE",
          seesContent ? { ...obj, member } : { ...obj, member, content: "", embeds: [], attachments: [], components: [] },
          Intent.GuildMessages,
        );
      }
    }
  }

  private createMessage(
    ctx: Ctx,
    channel: FakeChannel,
    body: any,
    p: { visibleTo: string | null; interaction: FakeInteraction | null; type: number; loading?: boolean },
  ): FakeMessage {
    const m = new FakeMessage({
      id: snowflake(),
      channelId: channel.id,
      guildId: channel.guildId,
      authorId: this.bot.id,
      createdAt: Date.now(),
      callSeq: ctx.call.seq,
    });
    m.visibleTo = p.visibleTo;
    m.interactionId = p.interaction?.id ?? null;
    m.token = p.interaction?.token ?? null;
    m.viaWebhook = p.interaction !== null;
    m.type = p.type;
    const settable = MessageFlag.SuppressEmbeds | MessageFlag.SuppressNotifications | MessageFlag.IsComponentsV2;
    m.flags = ((body.flags ?? 0) & settable) | (p.visibleTo ? MessageFlag.Ephemeral : 0) | (p.loading ? MessageFlag.Loading : 0);
    m.content = typeof body.content === "string" ? body.content : "";
    m.embeds = Array.isArray(body.embeds) ? body.embeds : [];
    m.components = Array.isArray(body.components) ? body.components : [];
    m.attachments = this.buildAttachments(m, body.attachments, ctx.files, []);
    m.allowedMentions = body.allowed_mentions ?? undefined;
    m.nonce = body.nonce ?? null;
    m.referencedMessageId = body.message_reference?.message_id ?? null;
    if (!p.visibleTo && !p.loading) m.pings = computePings(m.content, m.allowedMentions);
    this.storeMessage(channel, m);
    if (!p.loading) this.checkPresentation(ctx, m, true);
    return m;
  }

  private editMessage(ctx: Ctx, m: FakeMessage, body: any): void {
    const wasLoading = m.loading;
    m.history.push(m.snapshot());
    if ("content" in body) m.content = typeof body.content === "string" ? body.content : "";
    if ("embeds" in body) m.embeds = Array.isArray(body.embeds) ? body.embeds : [];
    if ("components" in body) m.components = Array.isArray(body.components) ? body.components : [];
    if (typeof body.flags === "number") {
      const keep = MessageFlag.Ephemeral | MessageFlag.HasThread | MessageFlag.IsComponentsV2;
      const settable = MessageFlag.SuppressEmbeds | MessageFlag.SuppressNotifications | MessageFlag.IsComponentsV2;
      m.flags = (m.flags & keep) | (body.flags & settable);
    }
    m.flags &= ~MessageFlag.Loading;
    if ("attachments" in body || ctx.files.length) m.attachments = this.buildAttachments(m, body.attachments, ctx.files, m.attachments);
    if ("allowed_mentions" in body) m.allowedMentions = body.allowed_mentions ?? undefined;
    if (wasLoading) {
      // The deferred "thinking…" message becomes the real reply: mentions notify now.
      if (!m.visibleTo) m.pings = computePings(m.content, m.allowedMentions);
    } else m.editedAt = Date.now();
    m.versionCallSeq = ctx.call.seq;
    this.checkPresentation(ctx, m, wasLoading);
    if (!m.ephemeral) {
      const c = this.channels.get(m.channelId);
      this.gateway.dispatch("MESSAGE_UPDATE", this.messageObject(m), c?.kind === "dm" ? Intent.DirectMessages : Intent.GuildMessages);
    }
  }

  // ---- The first version's API (test/bot/harness.ts and bench/bot.ts use it) -------------------

  get botUserId(): string {
    return this.bot.id;
  }

  /** Same as listen(). */
  start(): Promise<this> {
    return this.listen();
  }

  /** Same as waitForBot(). */
  ready(timeoutMs = 20_000): Promise<void> {
    return this.waitForBot(timeoutMs);
  }

  /** The token clock (same as tokenNow()). */
  now(): number {
    return this.tokenNow();
  }

  /** Same as advanceTokenClock(). */
  advanceClock(ms: number): void {
    this.advanceTokenClock(ms);
  }

  /**
   * Older fault injection: the next `count` calls matching `${method} ${path}` (RegExp) or the
   * predicate get `status` (429 with retryAfter seconds, or any error with `code`).
   */
  failNext(
    match: RegExp | ((method: string, path: string) => boolean),
    fault: { status: number; retryAfter?: number; code?: number },
    count = 1,
  ): void {
    const m: RouteMatcher = match instanceof RegExp ? match : (call) => match(call.method, call.path);
    if (fault.status === 429) this.faults.rateLimit(m, { count, retryAfterMs: (fault.retryAfter ?? 0.1) * 1000 });
    else this.faults.error(m, { count, status: fault.status, code: fault.code ?? 0 });
  }

  /** Same as gateway.drop(): the client resumes. */
  dropGateway(): void {
    this.gateway.drop();
  }

  /** Denies the bot every permission in the channel (see denyBotPermissions for a chosen few). */
  denyPermissions(channelId: string): void {
    this.denyBotPermissions(channelId, permissionNames(ALL_PERMISSIONS));
  }

  /** Messages posted in the channel through channel routes (not interaction responses), not deleted. */
  channelMessages(channelId: string): FakeMessage[] {
    return this.listMessages({ channelId }).filter((m) => m.interactionId === null && !m.ephemeral);
  }

  /** Every message the user can see: public ones and their own ephemeral ones (deleted excluded). */
  visibleTo(userId: string): FakeMessage[] {
    return this.listMessages({ visibleTo: userId });
  }

  /** The first button or select of the message for which `pred` holds. */
  findComponent(message: FakeMessage, pred: (c: any) => boolean): any | null {
    for (const { c } of walkComponents(message.components)) if (pred(c)) return c;
    return null;
  }

  // ---- Shutdown --------------------------------------------------------------------------------

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.interactionTimers) clearTimeout(t);
    this.interactionTimers.clear();
    await this.gateway.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.events.removeAllListeners();
  }
}

/** The channel map; accepts raw Discord channel objects too (converted on the way in). */
export class ChannelRegistry extends Map<string, FakeChannel> {
  constructor(private readonly adopt?: (id: string, raw: any) => FakeChannel) {
    super();
  }

  override set(id: string, value: FakeChannel | Record<string, any>): this {
    const channel = "messageIds" in value && "kind" in value ? (value as FakeChannel) : this.adopt!(id, value);
    return super.set(id, channel);
  }
}

/** Discord answers an empty message with 50006, every other body problem with 50035 and details. */
function formError(errors: FieldError[], prefix: (string | number)[] = []): ApiError {
  if (errors.length && errors.every((e) => e.code === "EMPTY_MESSAGE")) return new ApiError(400, 50006, "Cannot send an empty message");
  return new ApiError(400, 50035, "Invalid Form Body", nestErrors(errors.filter((e) => e.code !== "EMPTY_MESSAGE"), prefix));
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function fileIndex(field: string): number {
  const m = /\[(\d+)\]$/.exec(field);
  return m ? Number(m[1]) : Number.MAX_SAFE_INTEGER;
}

function bucketHash(route: string): string {
  let h = 0;
  for (const ch of route) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return `fake${(h >>> 0).toString(16)}`;
}

/** Starts a fake Discord on 127.0.0.1. Close it with `await fake.close()`. */
export async function startFakeDiscord(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  return new FakeDiscord(options).listen();
}
