/**
 * With SHARDS, one metrics port per machine: the ShardingManager's process serves every local
 * shard's metrics, each series labelled by shard, and /readyz is 503 naming a shard that is down
 * until the manager has started it again.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeDiscord, type FakeDiscord } from "../fake-discord/server.js";
import { freePort, get, until } from "./bot-process.js";
import { compiled } from "./compiled.js";
import { parsePrometheusText } from "./prom-text.js";

describe("the metrics port with SHARDS", () => {
  const dir = mkdtempSync(join(tmpdir(), "hearts-shards-metrics-"));
  let fake: FakeDiscord | null = null;
  afterAll(async () => {
    await fake?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("one port reports both shards, labelled; a shard killed makes /readyz 503 naming it until it is back", async () => {
    fake = await startFakeDiscord({ guilds: 2, shards: 2, maxConcurrency: 2 });
    const port = await freePort();
    const child = spawn(process.execPath, compiled("src/app/main.ts"), {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: dir,
        ENV_FILE: "none",
        DISCORD_API_BASE: fake.apiBase,
        DISCORD_TOKEN: fake.token,
        LOG_FORMAT: "json",
        DATABASE_URL: `file:${join(dir, "hearts.db")}`,
        SHARDS: "2",
        METRICS_PORT: String(port),
      },
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    const ops = `http://127.0.0.1:${port}`;
    try {
      await fake.waitFor(() => out.includes("every shard is connected") || child.exitCode !== null, 60_000, "every shard connected");
      expect(out, out.slice(-2000)).toContain("every shard is connected");
      await until(`${ops}/readyz`, 200, 20_000);
      const m = parsePrometheusText((await get(`${ops}/metrics`)).body);
      const shards = (name: string) =>
        m
          .get(name)!
          .samples.map((s) => s.labels.shard)
          .sort();
      expect(shards("hearts_store_up")).toEqual(["0", "1"]);
      expect(new Set(shards("process_resident_memory_bytes"))).toEqual(new Set(["0", "1"]));

      // Shard 1's process dies: the machine is not ready, and says which shard.
      const pid = out
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { msg?: string; shard?: number; shardPid?: number })
        .find((l) => l.msg === "shard connected" && l.shard === 1)?.shardPid;
      expect(pid).toBeTypeOf("number");
      process.kill(pid!, "SIGKILL");
      const down = await until(`${ops}/readyz`, 503, 10_000);
      expect(down.body).toContain("shard 1");
      // The manager starts it again after its pause; then ready again.
      await until(`${ops}/readyz`, 200, 60_000);
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }, 150_000);
});
