/**
 * What the Activity's two web servers share: the bot's own (server.ts) and, with SHARDS, the
 * ShardingManager's front door (front.ts), which serves the same page on the machine's one port.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { AppFiles } from "./bundle.js";
import { Paced } from "./door.js";

export const UNAVAILABLE = "HTTP/1.1 503 Service Unavailable\r\n\r\n";

/**
 * The server's WebSocket upgrades at /ws (those `allowed`), handed to `accept` a few per turn of the
 * event loop (door.ts Paced: a crowd arriving at once never holds the loop), `upgradeQueue` waiting
 * at most: past it, a 503 at once. A socket closed while it waited is let go.
 */
export function pacedUpgrades(
  http: Server,
  o: {
    upgradesPerTurn: number;
    upgradeQueue: number;
    allowed(req: IncomingMessage): boolean;
    accept(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  },
): void {
  const waiting = new Paced<{ req: IncomingMessage; socket: Duplex; head: Buffer }>(
    o.upgradesPerTurn,
    o.upgradeQueue,
    (u) => {
      if (!u.socket.destroyed) o.accept(u.req, u.socket, u.head);
    },
    // An upgrade that failed is let go; the page reconnects by itself.
    (u) => u.socket.destroy(),
  );
  http.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (pathOf(req) !== "/ws" || !o.allowed(req)) return void socket.end("HTTP/1.1 404 Not Found\r\n\r\n");
    // Node's HTTP server no longer listens for its errors, and ws does only from handleUpgrade on.
    socket.on("error", () => undefined);
    if (!waiting.add({ req, socket, head })) socket.end(UNAVAILABLE);
  });
}

/** The page and its script, from this origin only; anything else is a 404 (503 while the page builds). */
export function servePage(app: AppFiles | null, req: IncomingMessage, res: ServerResponse): void {
  const path = pathOf(req);
  const headers = {
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' ws: wss:",
  };
  if (req.method !== "GET" || !app) {
    res.writeHead(app ? 405 : 503, headers).end();
    return;
  }
  if (path === "/" || path === "/index.html") res.writeHead(200, { ...headers, "content-type": "text/html; charset=utf-8" }).end(app.html);
  else if (path === "/app.js") res.writeHead(200, { ...headers, "content-type": "text/javascript; charset=utf-8" }).end(app.js);
  else res.writeHead(404, headers).end();
}

export function pathOf(req: IncomingMessage): string {
  // Behind Discord's proxy the page's own requests may arrive under /.proxy/.
  return urlOf(req)?.pathname.replace(/^\/\.proxy(?=\/)/, "") ?? "";
}

/** The request's address, or null when it is not one (`//[`: URL would throw, in a listener). */
export function urlOf(req: IncomingMessage): URL | null {
  try {
    return new URL(req.url ?? "/", "http://x");
  } catch {
    return null;
  }
}

/** A WebSocket close reason is at most 123 bytes: whole characters only. */
export function closeReason(text: string): string {
  let out = text;
  while (Buffer.byteLength(out) > 123) out = out.slice(0, -1);
  return out;
}
