/**
 * What the Activity's two web servers share: the bot's own (server.ts) and, with SHARDS, the
 * ShardingManager's front door (front.ts), which serves the same page on the machine's one port.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppFiles } from "./bundle.js";

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
