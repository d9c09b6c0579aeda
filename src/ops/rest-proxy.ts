/**
 * One REST budget for every process of the bot: Discord allows a token about 50 requests a second
 * in all (interaction responses aside), shared by every shard on every machine. Each process that
 * keeps its own count can only take a fixed share of it; sent through this proxy instead
 * (DISCORD_REST_PROXY), they draw on one budget that @discordjs/rest keeps here, with Discord's
 * per-route buckets and its 429 answers (waited out and retried here, not passed on).
 *
 * The proxy is the discord.js project's own (@discordjs/rest and @discordjs/proxy's answers): it
 * forwards each request with the caller's Authorization header, so one proxy serves one token: it
 * takes only callers that present its shared secret (PROXY_SECRET_HEADER, REST_PROXY_SECRET; 401
 * without it) and, given the bot's token, only that token (403 for another: its rate-limit state is
 * that token's, and someone else's global 429 would hold the bot's requests). Unlike @discordjs/proxy's own handler, which hands Discord the caller's
 * request stream, it reads the body first: a request waited out behind a 429 is sent again, and a
 * stream is empty the second time (Discord answers "Cannot send an empty message"); and a caller
 * that gives up before its body is in (a paused or killed process) sends nothing to Discord.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { populateErrorResponse, populateSuccessfulResponse } from "@discordjs/proxy";
import { REST, type RequestMethod } from "@discordjs/rest";
import type { Logger } from "../log.js";

/** Discord's largest request: 25 MiB of attachments, and the JSON around them. */
const MAX_BODY = 26 * 1024 * 1024;

/** The caller's whole body (null for none), or a rejection if it goes away or sends too much. */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy(new Error("request body too large"));
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(size ? Buffer.concat(chunks) : null));
    req.on("error", reject);
    req.on("aborted", () => reject(new Error("the caller went away before its body was in")));
  });
}

/** Forwards one request through `rest` (its buckets and the global limit), with its body read first. */
function forwarder(rest: REST) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readBody(req);
    const url = new URL(req.url ?? "/", "http://noop");
    const headers: Record<string, string> = {};
    if (req.headers["content-type"]) headers["Content-Type"] = req.headers["content-type"];
    if (req.headers.authorization) headers.authorization = req.headers.authorization;
    const reason = req.headers["x-audit-log-reason"];
    if (typeof reason === "string") headers["x-audit-log-reason"] = reason;
    try {
      const answer = await rest.queueRequest({
        fullRoute: url.pathname.replace(/^\/api(\/v\d+)?/, "") as `/${string}`,
        // Discord itself answers a method it does not take (405), as it would without the proxy.
        method: (req.method ?? "GET") as RequestMethod,
        body,
        passThroughBody: true,
        auth: false,
        query: url.searchParams,
        headers,
      });
      await populateSuccessfulResponse(res, answer);
    } catch (error) {
      if (!populateErrorResponse(res, error)) throw error;
    } finally {
      res.end();
    }
  };
}

export interface RestProxyOptions {
  /** Discord's REST base, or the tests' fake (DISCORD_API_BASE); default discord.com. */
  upstream: string | null;
  /** Default 127.0.0.1: only processes of this machine (or those a tunnel lets in) may use it. */
  host?: string;
  /** 0: any free port (the tests). */
  port: number;
  log: Logger;
  /** The secret every caller presents (REST_PROXY_SECRET, in PROXY_SECRET_HEADER). */
  secret: string;
  /** The bot's token (DISCORD_TOKEN): requests with another are refused. Null: any token (not advised). */
  token: string | null;
}

export interface RestProxy {
  /** What DISCORD_REST_PROXY is set to, e.g. http://127.0.0.1:8080/api. */
  url: string;
  /** Requests answered, by status; `429` counts rate limits passed on to a bot process. */
  readonly answered: Map<number, number>;
  close(): Promise<void>;
}

/** Seen by Discord (and the fake) in the User-Agent of what the proxy sends. */
export const PROXY_USER_AGENT = "hearts-rest-proxy";
/** The header a bot process presents the proxy's secret in (never forwarded to Discord). */
export const PROXY_SECRET_HEADER = "x-hearts-proxy-secret";

const digest = (text: string) => createHash("sha256").update(text).digest();
/** Whether `given` is `wanted`, in time that does not depend on where they differ. */
const same = (given: string | string[] | undefined, wanted: Buffer) => typeof given === "string" && timingSafeEqual(digest(given), wanted);

export async function startRestProxy(opts: RestProxyOptions): Promise<RestProxy> {
  const { log } = opts;
  const rest = new REST({
    version: "10",
    ...(opts.upstream ? { api: opts.upstream } : {}),
    // Discord's figure for a bot token; one process counts it for all of them.
    globalRequestsPerSecond: 50,
    userAgentAppendix: `${PROXY_USER_AGENT} Node.js ${process.version}`,
    handlerSweepInterval: 60_000,
  });
  rest.on("rateLimited", (info) =>
    log.debug({ route: info.route, global: info.global, waitMs: info.timeToReset }, "waiting out a rate limit before sending"),
  );
  const forward = forwarder(rest);
  const answered = new Map<number, number>();
  const secret = digest(opts.secret);
  const authorization = opts.token ? digest(`Bot ${opts.token}`) : null;
  const refuse = (res: ServerResponse, status: number, message: string) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify({ message, code: 0 }));
  };
  const server: Server = createServer((req, res) => {
    res.on("finish", () => {
      answered.set(res.statusCode, (answered.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode === 429)
        log.warn({ method: req.method, route: req.url?.split("?")[0] }, "a rate limit passed on to a bot process");
    });
    if (!same(req.headers[PROXY_SECRET_HEADER], secret)) {
      req.resume();
      return refuse(res, 401, "The REST proxy takes requests only from the bot's processes (REST_PROXY_SECRET).");
    }
    // (Interaction callbacks carry no token: their own token is in the path.)
    if (authorization && req.headers.authorization !== undefined && !same(req.headers.authorization, authorization)) {
      req.resume();
      return refuse(res, 403, "The REST proxy serves one bot token, and this is not it.");
    }
    Promise.resolve(forward(req, res)).catch((err: unknown) => {
      // Not an answer from Discord (the network, say): the bot's REST client retries a 5xx.
      log.warn({ err: err instanceof Error ? err.message : String(err) }, "could not forward a request to Discord");
      if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "The REST proxy could not reach Discord.", code: 0 }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host ?? "127.0.0.1", () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/api`,
    answered,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
    },
  };
}
