/**
 * `npm run rest-proxy`: the REST proxy every bot process sends through (DISCORD_REST_PROXY), one per
 * bot token, beside the bot. REST_PROXY_PORT (default 8080) and REST_PROXY_HOST (default
 * 127.0.0.1); it forwards to DISCORD_API_BASE when set (the tests' fake Discord), else to Discord.
 * REST_PROXY_SECRET (required) is the secret the bot's processes present; DISCORD_TOKEN, the one
 * token it forwards.
 */
import "../load-env.js";
import { createLogger } from "../log.js";
import { startRestProxy } from "../ops/rest-proxy.js";

const env = process.env;
const log = createLogger({ level: env.LOG_LEVEL?.trim() || "info", format: env.LOG_FORMAT === "json" ? "json" : "pretty" });
const port = Number(env.REST_PROXY_PORT?.trim() || 8080);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`\nREST_PROXY_PORT must be a port number from 0 to 65535 (it is "${env.REST_PROXY_PORT}").\n`);
  process.exit(1);
}
const secret = env.REST_PROXY_SECRET?.trim() ?? "";
if (secret.length < 32) {
  console.error(
    "\nREST_PROXY_SECRET must be set to a random secret of 32 characters or more (openssl rand -hex 32), the same for the proxy and every bot process: the proxy takes requests only from callers that present it.\n",
  );
  process.exit(1);
}
const token = env.DISCORD_TOKEN?.trim() || null;
try {
  const proxy = await startRestProxy({
    secret,
    token,
    upstream: env.DISCORD_API_BASE?.trim() || null,
    host: env.REST_PROXY_HOST?.trim() || "127.0.0.1",
    port,
    log,
  });
  if (!token) log.warn("DISCORD_TOKEN is not set here: the proxy forwards any token its callers present (set it to take only the bot's)");
  log.info({ url: proxy.url }, `REST proxy listening: set DISCORD_REST_PROXY=${proxy.url} for every bot process of this token`);
  const stop = (signal: string) => {
    log.info({ signal, answered: Object.fromEntries(proxy.answered) }, "REST proxy stopping");
    proxy.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
} catch (err) {
  log.fatal({ err: err instanceof Error ? err.message : String(err) }, "the REST proxy could not start (is the port in use?)");
  process.exit(1);
}
