/**
 * The operator's HTTP port (METRICS_PORT, on METRICS_HOST, 127.0.0.1 by default): /healthz (the
 * process answers), /readyz (200, or 503 with the reason) and /metrics (Prometheus' text format).
 * The same server for one bot process and for a ShardingManager reporting its shards.
 */
import { createServer, type Server } from "node:http";
import type { Logger } from "../log.js";

export interface OpsSource {
  /** Why the bot is not ready to serve, or null when it is. */
  notReady(): Promise<string | null>;
  /** The metrics in Prometheus' text format, and their content type. */
  metrics(): Promise<{ contentType: string; body: string }>;
}

export interface OpsServer {
  /** The port it listens on (the one asked for, or the one given for port 0). */
  port: number;
  close(): Promise<void>;
}

export async function startOpsServer(source: OpsSource, opts: { port: number; host: string; log: Logger }): Promise<OpsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const send = (status: number, body: string, type = "text/plain; charset=utf-8") => {
      res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
      res.end(req.method === "HEAD" ? undefined : body);
    };
    if (req.method !== "GET" && req.method !== "HEAD") return send(405, "GET only\n");
    const answer = async (): Promise<void> => {
      if (path === "/healthz") return send(200, "ok\n");
      if (path === "/readyz") {
        const why = await source.notReady();
        return why ? send(503, `not ready: ${why}\n`) : send(200, "ready\n");
      }
      if (path === "/metrics") {
        const m = await source.metrics();
        return send(200, m.body, m.contentType);
      }
      send(404, "/healthz, /readyz or /metrics\n");
    };
    answer().catch((err: unknown) => {
      opts.log.error({ err: err instanceof Error ? err.message : String(err), path }, "the metrics port could not answer");
      if (!res.headersSent) send(500, "could not answer; see the bot's log\n");
      else res.end();
    });
  });
  // A scraper that keeps its connection open must not hold the process up at exit.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as { port: number }).port;
  opts.log.info({ host: opts.host, port }, "metrics and health checks: /healthz, /readyz, /metrics");
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
