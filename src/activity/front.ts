/**
 * With SHARDS, the Activity's one public port per machine, in the ShardingManager's process. A
 * table lives in the memory of the shard that owns its server, so each shard runs its own Activity
 * server (server.ts) on 127.0.0.1 at a port of its choosing, never public, and tells the manager
 * that port over the IPC channel discord.js keeps to it. This front door serves the page itself
 * and, at each WebSocket upgrade, reads the server (guild) the page names in its URL
 * (`/ws?guild=…`, from the query Discord passes to the Activity), picks its shard with Discord's
 * formula and pipes the connection, bytes both ways, to that shard's server.
 *
 * Why the manager forwards rather than one port per shard behind the HTTPS proxy: Discord's URL
 * mapping names one address, and a stock proxy cannot compute (guild_id >> 22) % shards; the shard
 * count and the shards' ports change at runtime (SHARDS=auto, a restarted shard), which the manager
 * already knows. Why pipe rather than hand the socket to the shard over IPC: the shard's `ws`
 * server then sees an ordinary upgrade, with no hand-made request object; the frames are small and
 * the manager does nothing else.
 *
 * The guild in the URL comes from the page, so it is only routing: the shard still signs the
 * person in with Discord and accepts only a channel it knows (its own servers'), bound to that
 * channel's own table. A forged guild reaches a shard that does not know the channel and is closed
 * there ("not here"); it can never act on another server's table. A shard accepts only what this
 * front forwards: each connection carries the shard's secret key and the peer's address, the one
 * the shard would have seen without the manager.
 *
 * The front bounds what it holds as one process's door does (door.ts): sockets at once, counted
 * from the first byte (a crowd of half-open requests too), as many as its shards' doors take
 * together; the time to send a request and to get the shard's answer. Each shard's door then
 * counts the frames, the strangers and the sign-ins. It keeps no
 * per-address count of its own: every page reaches the bot through Discord's proxy (and usually
 * the operator's HTTPS proxy), so one address is everyone, and a count per address would throttle
 * the whole machine's reconnects after a restart.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { localeOf, messages, words } from "../i18n/index.js";
import type { Logger } from "../log.js";
import { shardOf } from "../shard-of.js";
import { buildApp, type AppFiles } from "./bundle.js";
import { closeReason, pathOf, servePage, urlOf } from "./http.js";
import { DOOR } from "./door.js";
import { CLOSE } from "./protocol.js";

/** Headers the front adds to a forwarded upgrade (and removes from the page's own). */
const KEY_HEADER = "x-hearts-forward-key";
const PEER_HEADER = "x-hearts-forwarded-for";

/** What a shard tells its manager once its Activity server listens. */
interface Listening {
  _heartsActivity: "listening";
  port: number;
  key: string;
}

/** A fresh secret for a shard's server: only the front, which it tells over IPC, can reach it. */
export function forwardKey(): string {
  return randomBytes(32).toString("base64url");
}

/** In a shard process: tells the manager (front.ts) where this shard's Activity server listens. */
export function announceToManager(port: number, key: string): void {
  process.send?.({ _heartsActivity: "listening", port, key } satisfies Listening);
}

/**
 * In a shard's server: the peer's address when the front forwarded this upgrade with the shard's
 * key, else null (a connection that did not come through the front is refused).
 */
export function forwardedAddress(req: IncomingMessage, key: string): string | null {
  const given = Buffer.from(String(req.headers[KEY_HEADER] ?? ""));
  const wanted = Buffer.from(key);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
  const peer = req.headers[PEER_HEADER];
  return typeof peer === "string" && peer ? peer : null;
}

export interface FrontDeps {
  clientId: string;
  host: string;
  port: number;
  /** The total shard count (Discord's routing formula needs it). */
  shardCount: number;
  /** The shards this machine runs (SHARD_IDS); the others' servers are out of its reach. */
  localShards: number[];
  log: Logger;
  /** Sockets at once (default: what the local shards' doors take together); tests set fewer. */
  maxConnections?: number;
}

/** How long a shard has to answer a forwarded upgrade, and a page to send its request. */
const HANDSHAKE_MS = 10_000;
const snowflake = /^\d{15,22}$/;

export class ActivityFront {
  private readonly http: Server;
  /** Completes upgrades the front refuses itself, to close them with a sentence as the shards do. */
  private readonly refusals = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  private readonly shards = new Map<number, { port: number; key: string }>();
  private readonly pipes = new Set<Duplex>();
  private app: AppFiles | null = null;
  private readonly maxConnections: number;

  constructor(private readonly deps: FrontDeps) {
    this.maxConnections = deps.maxConnections ?? (DOOR.maxConnections + DOOR.maxUnsigned) * Math.max(1, deps.localShards.length);
    const timeouts = { headersTimeout: HANDSHAKE_MS, requestTimeout: HANDSHAKE_MS, connectionsCheckingInterval: 1000 };
    this.http = createServer(timeouts, (req, res) => servePage(this.app, req, res));
    // Every socket counts from its first byte: past the cap Node drops a new one at once (a flood cannot take the manager's memory).
    this.http.maxConnections = this.maxConnections;
    this.http.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head));
  }

  /** Builds the page and listens; resolves with the port. */
  async start(): Promise<number> {
    this.app = await buildApp(this.deps.clientId);
    await new Promise<void>((resolve, reject) => {
      this.http.once("error", reject);
      this.http.listen(this.deps.port, this.deps.host, () => resolve());
    });
    const port = this.port;
    this.deps.log.info({ host: this.deps.host, port }, "Activity web server listening; each connection goes to its server's shard");
    return port;
  }

  get port(): number {
    const a = this.http.address() as AddressInfo | null;
    return a ? a.port : 0;
  }

  /** A message from shard `id`'s process: its Activity server's port (other messages are not ours). */
  fromShard(id: number, msg: unknown): void {
    const m = msg as Listening | null;
    if (m?._heartsActivity !== "listening" || !Number.isInteger(m.port) || typeof m.key !== "string") return;
    this.shards.set(id, { port: m.port, key: m.key });
    this.deps.log.info({ shard: id, port: m.port }, "shard's Activity server ready");
  }

  /** Shard `id`'s process stopped: its connections end with it, new ones wait for its next start. */
  shardGone(id: number): void {
    this.shards.delete(id);
  }

  async stop(): Promise<void> {
    for (const s of this.pipes) s.destroy();
    for (const ws of this.refusals.clients) ws.terminate();
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on("error", () => socket.destroy());
    if (pathOf(req) !== "/ws" || this.pipes.size / 2 + this.refusals.clients.size >= this.maxConnections) {
      socket.end("HTTP/1.1 404 Not Found\r\n\r\n");
      return;
    }
    try {
      this.route(req, socket, head, req.socket.remoteAddress ?? "?");
    } catch (err) {
      // Nothing a page sends may stop the manager (and with it every shard).
      this.deps.log.error({ err: err instanceof Error ? err.message : String(err) }, "forwarding an Activity connection failed");
      socket.destroy();
    }
  }

  private route(req: IncomingMessage, socket: Duplex, head: Buffer, address: string): void {
    const guild = urlOf(req)?.searchParams.get("guild") ?? "";
    // Not in a server (a direct message), or no valid id: no shard has a table for it.
    if (!snowflake.test(guild)) return this.refuse(req, socket, head, CLOSE.notHere, "notHere");
    const shard = shardOf(guild, this.deps.shardCount);
    if (!this.deps.localShards.includes(shard)) return this.refuse(req, socket, head, CLOSE.otherMachine, "otherMachine");
    const to = this.shards.get(shard);
    // Starting or restarting: 1013 "try again later", and the page reconnects by itself.
    if (!to) return this.refuse(req, socket, head, 1013, "shardDown");
    this.pipe(req, socket, head, to, address, shard);
  }

  private pipe(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    to: { port: number; key: string },
    address: string,
    shard: number,
  ): void {
    const upstream: Socket = connect(to.port, "127.0.0.1");
    // Frames go on at once, both ways (no Nagle wait for the small ones), as ws does on its sockets.
    upstream.setNoDelay(true);
    if ("setNoDelay" in socket && typeof socket.setNoDelay === "function") (socket as Socket).setNoDelay(true);
    let connected = false;
    const end = () => {
      clearTimeout(timer);
      this.pipes.delete(socket);
      this.pipes.delete(upstream);
      socket.destroy();
      upstream.destroy();
    };
    const timer = setTimeout(end, HANDSHAKE_MS);
    this.pipes.add(socket);
    this.pipes.add(upstream);
    upstream.on("error", () => {
      // The shard's server went away between its last message and this connection.
      if (!connected && !socket.destroyed) {
        this.pipes.delete(socket);
        this.pipes.delete(upstream);
        clearTimeout(timer);
        this.refuse(req, socket, head, 1013, "shardDown");
      } else end();
    });
    socket.on("close", end);
    upstream.on("close", () => connected && end());
    upstream.once("data", () => clearTimeout(timer));
    upstream.on("connect", () => {
      connected = true;
      if (socket.destroyed) return end();
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i + 1 < req.rawHeaders.length; i += 2)
        if (!/^x-hearts-/i.test(req.rawHeaders[i])) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      lines.push(`${KEY_HEADER}: ${to.key}`, `${PEER_HEADER}: ${address}`);
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length) upstream.write(head);
      socket.pipe(upstream);
      upstream.pipe(socket);
      this.deps.log.debug({ shard }, "Activity connection forwarded to its shard");
    });
  }

  /** Completes the upgrade and closes it with a sentence in the page's language (its Accept-Language). */
  private refuse(req: IncomingMessage, socket: Duplex, head: Buffer, code: number, key: "notHere" | "otherMachine" | "shardDown"): void {
    const lang = String(req.headers["accept-language"] ?? "").split(",")[0];
    const text = words(messages(localeOf(lang)), { area: "activity", key });
    this.refusals.handleUpgrade(req, socket, head, (ws) => ws.close(code, closeReason(text)));
  }
}
