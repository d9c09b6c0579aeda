/**
 * A local fake Discord for end-to-end tests: the REST routes and the Gateway WebSocket that the
 * real discord.js client uses, on 127.0.0.1 only. It records every REST call, enforces the rules a
 * bot must keep (3 s to acknowledge, one acknowledgement, 15-minute tokens, component limits)
 * and can inject faults (429, 500, a dropped gateway, deleted messages, missing permissions).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";

export interface FakeUser {
  id: string;
  username: string;
  globalName: string;
}

export interface RecordedCall {
  method: string;
  path: string;
  /** JSON body (or multipart payload_json). */
  body: any;
  files: Array<{ name: string; size: number }>;
  /** The interaction token the call belongs to, for interaction and webhook routes. */
  token: string | null;
  status: number;
  at: number;
}

export interface FakeMessage {
  id: string;
  channel_id: string;
  content: string;
  embeds: any[];
  components: any[];
  attachments: Array<{ id: string; filename: string; size: number; url: string; proxy_url: string }>;
  flags: number;
  /** The interaction token whose reply or follow-up this is (null for channel messages). */
  token: string | null;
  /** Ephemeral messages are only seen by this user. */
  visibleTo: string | null;
  edits: number;
  deleted: boolean;
}

export interface Ack {
  type: number;
  latencyMs: number;
}

export interface InteractionHandle {
  id: string;
  token: string;
  user: FakeUser;
  /** Resolves when the bot acknowledges (callback), rejects after 3 s. */
  ack: Promise<Ack>;
  /** The message the interaction's reply is (or, for component updates, the message updated). */
  reply(): FakeMessage | null;
  followUps(): FakeMessage[];
}

export const EPHEMERAL = 64;
const TOKEN_LIFETIME_MS = 15 * 60_000;
const ACK_DEADLINE_MS = 3_000;

type Fault = { match: (method: string, path: string) => boolean; status: number; retryAfter?: number; code?: number; count: number };

export class FakeDiscord {
  readonly token = "fake-bot-token";
  readonly applicationId = "900000000000000001";
  readonly botUserId = "900000000000000001";
  readonly guildId = "800000000000000001";
  readonly channelId = "700000000000000001";
  readonly users: FakeUser[];
  readonly calls: RecordedCall[] = [];
  readonly violations: string[] = [];
  readonly unhandled: string[] = [];
  readonly messages = new Map<string, FakeMessage>();
  readonly channels = new Map<string, any>();
  port = 0;

  private http!: Server;
  private wss!: WebSocketServer;
  private sockets = new Set<WebSocket>();
  private seq = 0;
  private nextId = 1_000_000n;
  private clockOffset = 0;
  private faults: Fault[] = [];
  private denied = new Set<string>();
  private sessionId = "fake-session";
  private missed: any[] = [];
  private interactions = new Map<string, { id: string; token: string; user: FakeUser; createdAt: number; acked: boolean; ack: (a: Ack) => void; originalId: string | null; followUps: string[]; sourceMessage: string | null }>();
  private identified = false;
  private readyWaiters: Array<() => void> = [];

  constructor(userCount = 4) {
    this.users = Array.from({ length: userCount }, (_, i) => ({ id: `60000000000000000${i + 1}`, username: `player${i + 1}`, globalName: ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"][i] ?? `Player ${i + 1}` }));
    this.channels.set(this.channelId, { id: this.channelId, type: 0, guild_id: this.guildId, name: "hearts", position: 0, permission_overwrites: [], parent_id: null, nsfw: false });
  }

  get apiBase(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  async start(): Promise<this> {
    this.http = createServer((req, res) => void this.handle(req, res));
    this.wss = new WebSocketServer({ noServer: true });
    this.http.on("upgrade", (req, socket, head) => this.wss.handleUpgrade(req, socket, head, (ws) => this.onSocket(ws)));
    await new Promise<void>((r) => this.http.listen(0, "127.0.0.1", r));
    this.port = (this.http.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    for (const ws of this.sockets) ws.terminate();
    this.wss.close();
    await new Promise<void>((r) => this.http.close(() => r()));
    this.http.closeAllConnections?.();
  }

  /** Resolves once a client has identified and received READY and GUILD_CREATE. */
  ready(): Promise<void> {
    return this.identified ? Promise.resolve() : new Promise((r) => this.readyWaiters.push(r));
  }

  // ---- the test's controls ----------------------------------------------------------------

  now(): number {
    return Date.now() + this.clockOffset;
  }
  /** Moves the fake's clock (token lifetimes) forward. */
  advanceClock(ms: number): void {
    this.clockOffset += ms;
  }
  failNext(match: RegExp | ((method: string, path: string) => boolean), fault: { status: number; retryAfter?: number; code?: number }, count = 1): void {
    const fn = typeof match === "function" ? match : (m: string, p: string) => match.test(`${m} ${p}`);
    this.faults.push({ match: fn, ...fault, count });
  }
  /** Closes the gateway connection abruptly: the client must reconnect and resume. */
  dropGateway(): void {
    for (const ws of this.sockets) ws.terminate();
  }
  deleteMessage(id: string): void {
    const m = this.messages.get(id);
    if (m) m.deleted = true;
  }
  deleteChannel(id: string): void {
    this.channels.delete(id);
  }
  denyPermissions(channelId: string): void {
    this.denied.add(channelId);
  }

  channelMessages(channelId: string): FakeMessage[] {
    return [...this.messages.values()].filter((m) => m.channel_id === channelId && !m.deleted && m.token === null);
  }
  /** Every message a user can see: public ones, and their own ephemeral ones. */
  visibleTo(userId: string): FakeMessage[] {
    return [...this.messages.values()].filter((m) => !m.deleted && (m.visibleTo === null || m.visibleTo === userId));
  }
  threads(): any[] {
    return [...this.channels.values()].filter((c) => c.type === 11);
  }

  async waitFor<T>(probe: () => T | null | undefined | false, timeoutMs = 5_000, what = "condition"): Promise<T> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const v = probe();
      if (v) return v;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  // ---- interactions ------------------------------------------------------------------------

  slashCommand(user: FakeUser, name: string, sub: { subcommand?: string; options?: Record<string, string | number | boolean> } = {}, channelId = this.channelId): InteractionHandle {
    const options = Object.entries(sub.options ?? {}).map(([n, value]) => ({ name: n, type: typeof value === "number" ? 4 : typeof value === "boolean" ? 5 : 3, value }));
    const data = { id: "500000000000000001", name, type: 1, options: sub.subcommand ? [{ name: sub.subcommand, type: 1, options }] : options };
    return this.dispatchInteraction(user, 2, data, channelId, null);
  }

  clickButton(user: FakeUser, messageId: string, customId: string): InteractionHandle {
    return this.dispatchInteraction(user, 3, { custom_id: customId, component_type: 2 }, null, messageId);
  }

  selectMenu(user: FakeUser, messageId: string, customId: string, values: string[]): InteractionHandle {
    return this.dispatchInteraction(user, 3, { custom_id: customId, component_type: 3, values }, null, messageId);
  }

  /** Finds a component (button or select) by a predicate over its custom_id or label. */
  findComponent(message: FakeMessage, pred: (c: any) => boolean): any | null {
    for (const row of message.components ?? []) for (const c of row.components ?? []) if (pred(c)) return c;
    return null;
  }

  private dispatchInteraction(user: FakeUser, type: number, data: any, channelId: string | null, messageId: string | null): InteractionHandle {
    const id = this.snowflake();
    const token = `itoken-${id}`;
    const source = messageId ? this.messages.get(messageId) : null;
    const channel = this.channels.get(source?.channel_id ?? channelId ?? this.channelId) ?? { id: channelId, type: 0, guild_id: this.guildId };
    let resolveAck!: (a: Ack) => void;
    let rejectAck!: (e: Error) => void;
    const ack = new Promise<Ack>((res, rej) => {
      resolveAck = res;
      rejectAck = rej;
    });
    const started = Date.now();
    const timer = setTimeout(() => {
      this.violations.push(`interaction ${id} (${JSON.stringify(data).slice(0, 80)}) not acknowledged within 3 s`);
      rejectAck(new Error("not acknowledged within 3 s"));
    }, ACK_DEADLINE_MS);
    ack.catch(() => undefined);
    this.interactions.set(token, {
      id,
      token,
      user,
      createdAt: this.now(),
      acked: false,
      ack: (a) => {
        clearTimeout(timer);
        resolveAck({ ...a, latencyMs: Date.now() - started });
      },
      originalId: null,
      followUps: [],
      sourceMessage: messageId,
    });
    const payload: any = {
      id,
      application_id: this.applicationId,
      type,
      data,
      guild_id: this.guildId,
      channel_id: channel.id,
      channel,
      member: { user: this.userObject(user), roles: [], permissions: "2251799813685247", joined_at: new Date().toISOString(), deaf: false, mute: false, flags: 0, nick: null, avatar: null },
      token,
      version: 1,
      app_permissions: this.denied.has(channel.id) ? "0" : "2251799813685247",
      locale: "en-US",
      guild_locale: "en-US",
      entitlements: [],
      authorizing_integration_owners: { "0": this.guildId },
      context: 0,
    };
    if (source) payload.message = this.messageObject(source);
    this.dispatch("INTERACTION_CREATE", payload);
    const self = this;
    return {
      id,
      token,
      user,
      ack,
      reply() {
        const it = self.interactions.get(token)!;
        return it.originalId ? (self.messages.get(it.originalId) ?? null) : null;
      },
      followUps() {
        return self.interactions.get(token)!.followUps.map((m) => self.messages.get(m)!);
      },
    };
  }

  // ---- gateway -----------------------------------------------------------------------------

  private onSocket(ws: WebSocket): void {
    this.sockets.add(ws);
    ws.on("close", () => this.sockets.delete(ws));
    ws.send(JSON.stringify({ op: 10, d: { heartbeat_interval: 30_000 }, s: null, t: null }));
    ws.on("message", (raw) => {
      const msg = JSON.parse(raw.toString());
      if (msg.op === 1) ws.send(JSON.stringify({ op: 11 }));
      else if (msg.op === 2) {
        if (msg.d?.token !== this.token && msg.d?.token !== `Bot ${this.token}`) {
          ws.close(4004, "Authentication failed.");
          return;
        }
        this.send(ws, "READY", {
          v: 10,
          user: this.botUser(),
          guilds: [{ id: this.guildId, unavailable: true }],
          session_id: this.sessionId,
          resume_gateway_url: `ws://127.0.0.1:${this.port}`,
          shard: [0, 1],
          application: { id: this.applicationId, flags: 0 },
        });
        this.send(ws, "GUILD_CREATE", this.guildObject());
        this.identified = true;
        this.readyWaiters.splice(0).forEach((r) => r());
      } else if (msg.op === 6) {
        for (const m of this.missed.splice(0)) this.send(ws, m.t, m.d);
        this.send(ws, "RESUMED", {});
      }
    });
  }

  private send(ws: WebSocket, t: string, d: unknown): void {
    ws.send(JSON.stringify({ op: 0, t, s: ++this.seq, d }));
  }

  private dispatch(t: string, d: unknown): void {
    const open = [...this.sockets].filter((s) => s.readyState === s.OPEN);
    if (!open.length) this.missed.push({ t, d });
    for (const ws of open) this.send(ws, t, d);
  }

  // ---- REST --------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const path = decodeURIComponent(url.pathname).replace(/^\/api(\/v\d+)?/, "");
    const method = req.method ?? "GET";
    let body: any = null;
    const files: RecordedCall["files"] = [];
    const type = req.headers["content-type"] ?? "";
    if (type.startsWith("multipart/form-data")) {
      const form = await new Request("http://x", { method: "POST", headers: { "content-type": type }, body: raw }).formData();
      for (const [key, value] of form.entries()) {
        if (key === "payload_json") body = JSON.parse(String(value));
        else if (typeof value !== "string") files.push({ name: value.name, size: value.size });
      }
    } else if (raw.length) body = JSON.parse(raw.toString());
    const token = /\/(?:interactions\/\d+|webhooks\/\d+)\/([^/]+)/.exec(path)?.[1] ?? null;
    const call: RecordedCall = { method, path, body, files, token, status: 200, at: Date.now() };
    this.calls.push(call);
    const reply = (status: number, json?: unknown, headers: Record<string, string> = {}) => {
      call.status = status;
      res.writeHead(status, json === undefined ? headers : { "content-type": "application/json", ...headers });
      res.end(json === undefined ? undefined : JSON.stringify(json));
    };
    const error = (status: number, code: number, message: string) => reply(status, { message, code });

    const fault = this.faults.find((f) => f.count > 0 && f.match(method, path));
    if (fault) {
      fault.count--;
      if (fault.status === 429) {
        const after = fault.retryAfter ?? 0.1;
        return reply(429, { message: "You are being rate limited.", retry_after: after, global: false }, { "retry-after": String(after), "x-ratelimit-scope": "user", "x-ratelimit-remaining": "0", "x-ratelimit-reset-after": String(after), "x-ratelimit-limit": "5", "x-ratelimit-bucket": "fake" });
      }
      return error(fault.status, fault.code ?? 0, "Injected fault");
    }
    const auth = req.headers.authorization;
    const needsAuth = !path.startsWith("/interactions/") && !path.startsWith("/webhooks/");
    if (needsAuth && auth !== `Bot ${this.token}`) return error(401, 0, "401: Unauthorized");

    let m: RegExpExecArray | null;
    if (method === "GET" && path === "/gateway/bot") {
      return reply(200, { url: `ws://127.0.0.1:${this.port}`, shards: 1, session_start_limit: { total: 1000, remaining: 999, reset_after: 0, max_concurrency: 1 } });
    }
    if (method === "GET" && path === "/users/@me") return reply(200, this.botUser());
    if (method === "GET" && path === "/applications/@me") return reply(200, { id: this.applicationId, name: "Hearts", flags: 0, bot_public: true, owner: this.botUser() });
    if ((m = /^\/applications\/\d+(?:\/guilds\/\d+)?\/commands$/.exec(path))) return reply(200, method === "PUT" ? (body ?? []).map((c: any) => ({ ...c, id: this.snowflake(), application_id: this.applicationId, version: "1" })) : []);
    if (method === "GET" && (m = /^\/guilds\/(\d+)$/.exec(path))) return reply(200, this.guildObject());
    if (method === "GET" && (m = /^\/guilds\/(\d+)\/members\/(\d+)$/.exec(path))) {
      const u = this.users.find((x) => x.id === m![2]);
      return u ? reply(200, this.memberObject(u)) : error(404, 10007, "Unknown Member");
    }

    if (method === "POST" && (m = /^\/interactions\/(\d+)\/([^/]+)\/callback$/.exec(path))) {
      const it = this.interactions.get(m[2]);
      if (!it || this.now() - it.createdAt > ACK_DEADLINE_MS) {
        this.violations.push(`late or unknown interaction callback ${path}`);
        return error(404, 10062, "Unknown interaction");
      }
      if (it.acked) {
        this.violations.push(`interaction ${it.id} acknowledged twice`);
        return error(400, 40060, "Interaction has already been acknowledged.");
      }
      const problem = this.checkLimits(body?.data);
      if (problem) return error(400, 50035, problem);
      it.acked = true;
      const data = body?.data ?? {};
      if (body.type === 4 || body.type === 5) {
        const msg = this.storeMessage(it.sourceMessage ? this.messages.get(it.sourceMessage)!.channel_id : this.channelId, { ...data, content: body.type === 5 ? "" : data.content }, files, it.token, (data.flags ?? 0) & EPHEMERAL ? it.user.id : null);
        it.originalId = msg.id;
      } else if (body.type === 7 && it.sourceMessage) {
        this.editMessage(this.messages.get(it.sourceMessage)!, data, files);
        it.originalId = it.sourceMessage;
      } else if (body.type === 6 && it.sourceMessage) it.originalId = it.sourceMessage;
      it.ack({ type: body.type, latencyMs: 0 });
      const withResponse = url.searchParams.get("with_response") === "true";
      if (!withResponse) return reply(204);
      const msg = it.originalId ? this.messages.get(it.originalId) : null;
      return reply(200, { interaction: { id: it.id, type: 2, response_message_id: msg?.id, response_message_loading: body.type === 5, response_message_ephemeral: Boolean((data.flags ?? 0) & EPHEMERAL) }, resource: msg ? { type: body.type, message: this.messageObject(msg) } : { type: body.type } });
    }

    if ((m = /^\/webhooks\/(\d+)\/([^/]+)(?:\/messages\/([^/]+))?$/.exec(path))) {
      const it = this.interactions.get(m[2]);
      if (!it) return error(404, 10015, "Unknown Webhook");
      if (this.now() - it.createdAt > TOKEN_LIFETIME_MS) {
        this.violations.push(`webhook call with an expired interaction token (${method} ${path})`);
        return error(401, 50027, "Invalid Webhook Token");
      }
      const problem = this.checkLimits(body);
      if (problem) return error(400, 50035, problem);
      if (!m[3] && method === "POST") {
        const msg = this.storeMessage(this.messages.get(it.originalId ?? "")?.channel_id ?? this.channelId, body ?? {}, files, it.token, (body?.flags ?? 0) & EPHEMERAL ? it.user.id : null);
        it.followUps.push(msg.id);
        return reply(200, this.messageObject(msg));
      }
      const target = this.messages.get(m[3] === "@original" ? (it.originalId ?? "") : m[3]);
      if (!target || target.deleted) return error(404, 10008, "Unknown Message");
      if (method === "GET") return reply(200, this.messageObject(target));
      if (method === "DELETE") {
        target.deleted = true;
        return reply(204);
      }
      this.editMessage(target, body ?? {}, files);
      return reply(200, this.messageObject(target));
    }

    if ((m = /^\/channels\/(\d+)(\/.*)?$/.exec(path))) {
      const channel = this.channels.get(m[1]);
      if (!channel) return error(404, 10003, "Unknown Channel");
      const rest = m[2] ?? "";
      if (method !== "GET" && this.denied.has(channel.id)) return error(403, 50013, "Missing Permissions");
      if (method === "GET" && rest === "") return reply(200, channel);
      if (method === "POST" && rest === "/messages") {
        const problem = this.checkLimits(body);
        if (problem) return error(400, 50035, problem);
        return reply(200, this.messageObject(this.storeMessage(channel.id, body ?? {}, files, null, null)));
      }
      let mm: RegExpExecArray | null;
      if ((mm = /^\/messages\/(\d+)$/.exec(rest))) {
        const msg = this.messages.get(mm[1]);
        if (!msg || msg.deleted || msg.channel_id !== channel.id) return error(404, 10008, "Unknown Message");
        if (method === "GET") return reply(200, this.messageObject(msg));
        if (method === "DELETE") {
          msg.deleted = true;
          return reply(204);
        }
        const problem = this.checkLimits(body);
        if (problem) return error(400, 50035, problem);
        this.editMessage(msg, body ?? {}, files);
        return reply(200, this.messageObject(msg));
      }
      if (method === "POST" && ((mm = /^\/messages\/(\d+)\/threads$/.exec(rest)) || rest === "/threads")) {
        const thread = { id: this.snowflake(), type: 11, guild_id: this.guildId, parent_id: channel.id, name: body?.name ?? "thread", owner_id: this.botUserId, message_count: 0, member_count: 1, thread_metadata: { archived: false, auto_archive_duration: body?.auto_archive_duration ?? 1440, archive_timestamp: new Date().toISOString(), locked: false }, permission_overwrites: [] };
        this.channels.set(thread.id, thread);
        this.dispatch("THREAD_CREATE", { ...thread, newly_created: true });
        return reply(201, thread);
      }
      if (method === "PATCH" && rest === "") {
        Object.assign(channel, body ?? {});
        return reply(200, channel);
      }
    }
    this.unhandled.push(`${method} ${path}`);
    return error(404, 0, `404: Not Found (fake Discord has no route ${method} ${path})`);
  }

  /** Discord's message limits; a breach is a violation and a 400, as Discord answers. */
  private checkLimits(data: any): string | null {
    if (!data) return null;
    const problems: string[] = [];
    if (typeof data.content === "string" && data.content.length > 2000) problems.push("content over 2000 characters");
    if ((data.embeds ?? []).length > 10) problems.push("more than 10 embeds");
    const rows = data.components ?? [];
    if (rows.length > 5) problems.push("more than 5 action rows");
    for (const row of rows) {
      const cs = row.components ?? [];
      if (cs.length > 5) problems.push("more than 5 components in a row");
      for (const c of cs) {
        if (c.custom_id && c.custom_id.length > 100) problems.push(`custom_id over 100 characters: ${c.custom_id}`);
        if (c.label && c.label.length > 80) problems.push("label over 80 characters");
        if (c.options && c.options.length > 25) problems.push("more than 25 select options");
        if (c.type === 3 && cs.length > 1) problems.push("a select menu must be alone in its row");
      }
    }
    if (problems.length) {
      this.violations.push(...problems);
      return problems.join("; ");
    }
    return null;
  }

  private storeMessage(channelId: string, data: any, files: RecordedCall["files"], token: string | null, visibleTo: string | null): FakeMessage {
    const msg: FakeMessage = { id: this.snowflake(), channel_id: channelId, content: "", embeds: [], components: [], attachments: [], flags: 0, token, visibleTo, edits: 0, deleted: false };
    this.applyData(msg, data, files);
    msg.edits = 0;
    this.messages.set(msg.id, msg);
    return msg;
  }

  private editMessage(msg: FakeMessage, data: any, files: RecordedCall["files"]): void {
    this.applyData(msg, data, files);
  }

  private applyData(msg: FakeMessage, data: any, files: RecordedCall["files"]): void {
    if ("content" in data) msg.content = data.content ?? "";
    if ("embeds" in data) msg.embeds = data.embeds ?? [];
    if ("components" in data) msg.components = data.components ?? [];
    if (data.flags !== undefined && msg.edits === 0 && msg.flags === 0) msg.flags = data.flags;
    if ("attachments" in data || files.length) {
      const kept = (data.attachments ?? []).filter((a: any) => msg.attachments.some((x) => x.id === a.id));
      const added = files.map((f) => {
        const id = this.snowflake();
        return { id, filename: f.name, size: f.size, url: `http://127.0.0.1:${this.port}/attachments/${id}/${f.name}`, proxy_url: `http://127.0.0.1:${this.port}/attachments/${id}/${f.name}` };
      });
      msg.attachments = [...msg.attachments.filter((a) => kept.some((k: any) => k.id === a.id)), ...added];
    }
    msg.edits++;
  }

  private messageObject(m: FakeMessage): any {
    return {
      id: m.id,
      type: m.token ? 19 : 0,
      channel_id: m.channel_id,
      guild_id: this.guildId,
      author: this.botUser(),
      content: m.content,
      embeds: m.embeds,
      components: m.components,
      attachments: m.attachments,
      flags: m.flags,
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      pinned: false,
      application_id: this.applicationId,
      webhook_id: m.token ? this.applicationId : undefined,
    };
  }

  private botUser() {
    return { id: this.botUserId, username: "Hearts", discriminator: "0", global_name: "Hearts", avatar: null, bot: true };
  }
  private userObject(u: FakeUser) {
    return { id: u.id, username: u.username, discriminator: "0", global_name: u.globalName, avatar: null };
  }
  private memberObject(u: FakeUser) {
    return { user: this.userObject(u), roles: [], joined_at: new Date().toISOString(), deaf: false, mute: false, flags: 0 };
  }
  private guildObject() {
    return {
      id: this.guildId,
      name: "Fake Guild",
      owner_id: this.users[0].id,
      icon: null,
      unavailable: false,
      joined_at: new Date().toISOString(),
      large: false,
      member_count: this.users.length + 1,
      features: [],
      emojis: [],
      stickers: [],
      roles: [{ id: this.guildId, name: "@everyone", permissions: "2251799813685247", position: 0, color: 0, hoist: false, managed: false, mentionable: false }],
      channels: [...this.channels.values()].filter((c) => c.type !== 11),
      threads: [],
      members: [{ ...this.memberObject({ id: this.botUserId, username: "Hearts", globalName: "Hearts" }), user: this.botUser() }, ...this.users.map((u) => this.memberObject(u))],
      voice_states: [],
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      premium_tier: 0,
      preferred_locale: "en-US",
      system_channel_flags: 0,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      mfa_level: 0,
      nsfw_level: 0,
    };
  }

  private snowflake(): string {
    return String(++this.nextId + 1_000_000_000_000_000n);
  }
}

export async function startFakeDiscord(opts: { users?: number } = {}): Promise<FakeDiscord> {
  return new FakeDiscord(opts.users ?? 4).start();
}
