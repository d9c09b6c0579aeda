// The Gateway WebSocket as discord.js 14 (@discordjs/ws) drives it:
// HELLO -> IDENTIFY -> READY (+ GUILD_CREATE per guild) or RESUME -> replay -> RESUMED,
// heartbeats acknowledged, opcode 7 (reconnect) and 9 (invalid session), and drops on demand.
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, WebSocket, type RawData } from "ws";
import { randomBytes } from "node:crypto";

export const Intent = {
  Guilds: 1 << 0,
  GuildMembers: 1 << 1,
  GuildPresences: 1 << 8,
  GuildMessages: 1 << 9,
  DirectMessages: 1 << 12,
  MessageContent: 1 << 15,
} as const;

const PRIVILEGED = Intent.GuildMembers | Intent.GuildPresences | Intent.MessageContent;
const PRIVILEGED_NAMES: [number, string][] = [
  [Intent.GuildMembers, "GuildMembers"],
  [Intent.GuildPresences, "GuildPresences"],
  [Intent.MessageContent, "MessageContent"],
];

const Op = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  PresenceUpdate: 3,
  VoiceStateUpdate: 4,
  Resume: 6,
  Reconnect: 7,
  RequestGuildMembers: 8,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
} as const;

/** Events kept per session for RESUME replay. */
const REPLAY_BUFFER = 5000;

export interface GatewayHost {
  readonly token: string;
  readonly heartbeatIntervalMs: number;
  readonly allowPrivilegedIntents: boolean;
  gatewayUrl(): string;
  readyPayload(sessionId: string, resumeUrl: string): any;
  guildCreatePayloads(intents: number): any[];
  guildMembersChunk(request: any): any;
  log(line: string): void;
  changed(): void;
}

interface Session {
  id: string;
  intents: number;
  seq: number;
  events: { s: number; t: string; d: any }[];
  ws: WebSocket | null;
  resumable: boolean;
  /** Guild creates have been sent: the client is fully ready. */
  ready: boolean;
}

interface Conn {
  ws: WebSocket;
  session: Session | null;
}

export interface GatewayStats {
  connections: number;
  identifies: number;
  resumes: number;
  invalidSessions: number;
  heartbeats: number;
  dispatched: number;
  /** Dispatches dropped because no bot session existed. */
  undelivered: number;
}

export class FakeGateway {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sessions = new Map<string, Session>();
  private current: Session | null = null;
  private readonly conns = new Set<Conn>();
  private heartbeatAcks = true;
  private readonly waiters = new Set<{ kind: "ready" | "resumed" | "back"; resolve: (v: "ready" | "resumed") => void }>();
  readonly stats: GatewayStats = {
    connections: 0,
    identifies: 0,
    resumes: 0,
    invalidSessions: 0,
    heartbeats: 0,
    dispatched: 0,
    undelivered: 0,
  };

  constructor(private readonly host: GatewayHost) {}

  attach(server: Server): void {
    server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      if (!url.pathname.startsWith("/gateway")) {
        socket.destroy();
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws, url));
    });
  }

  /** True when a bot session is connected, identified and has received its guilds. */
  get connected(): boolean {
    return Boolean(this.current?.ready && this.current.ws?.readyState === WebSocket.OPEN);
  }

  get sessionId(): string | null {
    return this.current?.id ?? null;
  }

  get intents(): number | null {
    return this.current?.intents ?? null;
  }

  hasIntent(intent: number): boolean {
    return this.current ? (this.current.intents & intent) !== 0 : false;
  }

  /** Sends a dispatch to the current bot session (buffered for RESUME when disconnected). */
  dispatch(t: string, d: any, requiredIntent = 0): boolean {
    const session = this.current;
    if (!session) {
      this.stats.undelivered += 1;
      if (t === "INTERACTION_CREATE") this.host.log(`gateway: no bot session, ${t} was not delivered`);
      return false;
    }
    if (requiredIntent && (session.intents & requiredIntent) === 0) return false;
    this.push(session, t, d);
    return true;
  }

  private push(session: Session, t: string, d: any): void {
    session.seq += 1;
    const event = { s: session.seq, t, d };
    session.events.push(event);
    if (session.events.length > REPLAY_BUFFER) session.events.splice(0, session.events.length - REPLAY_BUFFER);
    this.stats.dispatched += 1;
    if (session.ws?.readyState === WebSocket.OPEN) {
      session.ws.send(JSON.stringify({ op: Op.Dispatch, s: event.s, t, d }));
    }
  }

  /** Simulates a network drop of the bot's connection (the client then RESUMEs). */
  drop(options: { code?: number } = {}): void {
    const ws = this.current?.ws;
    if (!ws) {
      this.host.log("gateway: drop() with no connected bot");
      return;
    }
    if (options.code === undefined) ws.terminate();
    else ws.close(options.code, "closed by the fake");
  }

  /** Sends opcode 7 Reconnect: the client closes and RESUMEs. */
  requestReconnect(): void {
    this.sendOp(Op.Reconnect, null);
  }

  /** Sends opcode 9. Not resumable: the client IDENTIFYs again (discord.js waits ~5 s between identifies). */
  invalidateSession(resumable = false): void {
    const session = this.current;
    if (!session) return;
    if (!resumable) session.resumable = false;
    this.stats.invalidSessions += 1;
    this.sendOp(Op.InvalidSession, resumable);
  }

  /** Stop answering heartbeats: discord.js then treats the link as a zombie and resumes. */
  setHeartbeatAcks(enabled: boolean): void {
    this.heartbeatAcks = enabled;
  }

  /** Resolves at the next READY (with guilds sent) or RESUMED, whichever comes first. */
  waitForReconnect(timeoutMs = 15_000): Promise<"ready" | "resumed"> {
    return this.waitKind("back", timeoutMs);
  }

  waitForResume(timeoutMs = 15_000): Promise<"ready" | "resumed"> {
    return this.waitKind("resumed", timeoutMs);
  }

  /** Resolves once a bot session is connected and ready (immediately if it already is). */
  waitForConnected(timeoutMs = 15_000): Promise<void> {
    if (this.connected) return Promise.resolve();
    return this.waitKind("back", timeoutMs).then(() => undefined);
  }

  private waitKind(kind: "ready" | "resumed" | "back", timeoutMs: number): Promise<"ready" | "resumed"> {
    return new Promise((resolve, reject) => {
      const waiter = {
        kind,
        resolve: (v: "ready" | "resumed") => {
          clearTimeout(timer);
          resolve(v);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`fake-discord: the bot did not ${kind === "resumed" ? "resume" : "come back to"} the gateway within ${timeoutMs} ms (stats ${JSON.stringify(this.stats)})`));
      }, timeoutMs);
      timer.unref();
      this.waiters.add(waiter);
    });
  }

  private notify(what: "ready" | "resumed"): void {
    for (const w of [...this.waiters]) {
      if (w.kind === "back" || w.kind === what) {
        this.waiters.delete(w);
        w.resolve(what);
      }
    }
    this.host.changed();
  }

  private sendOp(op: number, d: unknown): void {
    const ws = this.current?.ws;
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ op, d }));
  }

  private onConnection(ws: WebSocket, url: URL): void {
    this.stats.connections += 1;
    const conn: Conn = { ws, session: null };
    this.conns.add(conn);
    if (url.searchParams.get("v") !== "10") {
      this.host.log(`gateway: client asked for API version ${url.searchParams.get("v")}, only v10 exists here`);
      ws.close(4012, "Invalid API version");
      return;
    }
    if (url.searchParams.get("compress")) {
      this.host.log("gateway: client asked for zlib-stream compression; the fake sends plain JSON (uninstall zlib-sync)");
    }
    ws.on("message", (data: RawData) => this.onMessage(conn, data));
    ws.on("close", (code: number) => {
      this.conns.delete(conn);
      const session = conn.session;
      if (session && session.ws === ws) {
        session.ws = null;
        // Discord invalidates a session the client closes normally; discord.js closes with 4200 to keep it.
        if (code === 1000 || code === 1001) session.resumable = false;
      }
      this.host.changed();
    });
    ws.on("error", () => undefined);
    ws.send(JSON.stringify({ op: Op.Hello, d: { heartbeat_interval: this.host.heartbeatIntervalMs } }));
  }

  private onMessage(conn: Conn, data: RawData): void {
    let payload: any;
    try {
      payload = JSON.parse(data.toString());
    } catch {
      conn.ws.close(4002, "Decode error");
      return;
    }
    switch (payload?.op) {
      case Op.Heartbeat:
        this.stats.heartbeats += 1;
        if (this.heartbeatAcks) conn.ws.send(JSON.stringify({ op: Op.HeartbeatAck }));
        return;
      case Op.Identify:
        this.identify(conn, payload.d ?? {});
        return;
      case Op.Resume:
        this.resume(conn, payload.d ?? {});
        return;
      case Op.PresenceUpdate:
      case Op.VoiceStateUpdate:
        if (!conn.session) conn.ws.close(4003, "Not authenticated");
        return;
      case Op.RequestGuildMembers:
        if (!conn.session) {
          conn.ws.close(4003, "Not authenticated");
          return;
        }
        this.push(conn.session, "GUILD_MEMBERS_CHUNK", this.host.guildMembersChunk(payload.d ?? {}));
        return;
      default:
        this.host.log(`gateway: unknown opcode ${String(payload?.op)}`);
        conn.ws.close(4001, "Unknown opcode");
    }
  }

  private identify(conn: Conn, d: any): void {
    if (conn.session) {
      conn.ws.close(4005, "Already authenticated");
      return;
    }
    if (d.token !== this.host.token) {
      this.host.log("gateway: IDENTIFY with a wrong token, closing with 4004 Authentication failed");
      conn.ws.close(4004, "Authentication failed");
      return;
    }
    const intents = Number(d.intents ?? 0);
    if (!this.host.allowPrivilegedIntents && intents & PRIVILEGED) {
      const names = PRIVILEGED_NAMES.filter(([bit]) => intents & bit).map(([, n]) => n);
      this.host.log(
        `gateway: IDENTIFY asked for privileged intents ${names.join(", ")} which this application has not enabled ` +
          `(like a new Discord app); closing with 4014. Pass allowPrivilegedIntents: true if the bot really needs them.`,
      );
      conn.ws.close(4014, "Disallowed intent(s)");
      return;
    }
    const session: Session = {
      id: randomBytes(16).toString("hex"),
      intents,
      seq: 0,
      events: [],
      ws: conn.ws,
      resumable: true,
      ready: false,
    };
    this.stats.identifies += 1;
    this.sessions.set(session.id, session);
    this.current = session;
    conn.session = session;
    this.push(session, "READY", this.host.readyPayload(session.id, this.host.gatewayUrl()));
    // discord.js waits (15 s by default) for a GUILD_CREATE per guild listed in READY: send them at once.
    setImmediate(() => {
      if (session.intents & Intent.Guilds) {
        for (const guild of this.host.guildCreatePayloads(session.intents)) this.push(session, "GUILD_CREATE", guild);
      }
      session.ready = true;
      this.notify("ready");
    });
  }

  private resume(conn: Conn, d: any): void {
    const session = this.sessions.get(d.session_id);
    const seq = Number(d.seq ?? 0);
    const oldest = session?.events[0]?.s ?? 1;
    if (d.token !== this.host.token) {
      conn.ws.close(4004, "Authentication failed");
      return;
    }
    if (!session || !session.resumable || seq > session.seq || seq < oldest - 1) {
      this.stats.invalidSessions += 1;
      conn.ws.send(JSON.stringify({ op: Op.InvalidSession, d: false }));
      return;
    }
    if (session.ws && session.ws !== conn.ws) session.ws.terminate();
    session.ws = conn.ws;
    conn.session = session;
    this.current = session;
    for (const e of session.events) {
      if (e.s > seq) conn.ws.send(JSON.stringify({ op: Op.Dispatch, s: e.s, t: e.t, d: e.d }));
    }
    this.stats.resumes += 1;
    this.push(session, "RESUMED", {});
    session.ready = true;
    this.notify("resumed");
  }

  async close(): Promise<void> {
    for (const w of this.waiters) w.resolve("ready");
    this.waiters.clear();
    for (const conn of this.conns) conn.ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
