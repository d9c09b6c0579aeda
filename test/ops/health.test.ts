/**
 * The metrics port of the real bot process (METRICS_PORT) during a game through the fake Discord:
 * /healthz answers, /readyz is 200 once connected, 503 with the reason while the store is down (the
 * store fault suites' full disk) and 200 again once it is back; /metrics parses strictly as
 * Prometheus' text format, and its acknowledgement histogram counts exactly the interactions made.
 */
import { spawnSync } from "node:child_process";
import { unlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createRng } from "../../src/game/index.js";
import { STORE_DOWN_MESSAGE } from "../../src/table/store-health.js";
import { startFakeDiscord, type FakeDiscord } from "../fake-discord/server.js";
import { TableDriver } from "../reliability/driver.js";
import { tmpfs, tmpfsUnavailable, type Tmpfs } from "../reliability/tmpfs.js";
import { get, startBotProcess, until, type BotProcess } from "./bot-process.js";
import { parsePrometheusText, total } from "./prom-text.js";

const why = tmpfsUnavailable();
if (why) console.warn(`metrics port test skipped: ${why}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!!why)("the metrics port during a game", () => {
  let fake: FakeDiscord | null = null;
  let bot: BotProcess | null = null;
  let disk: Tmpfs | null = null;
  afterAll(async () => {
    if (bot && bot.proc.exitCode === null) bot.proc.kill("SIGKILL");
    await fake?.close();
    disk?.close();
  });

  it("/healthz, /readyz (503 while the store is down, 200 once back) and /metrics as Prometheus reads them", async () => {
    disk = tmpfs(8) as Tmpfs;
    fake = await startFakeDiscord({ users: 2 });
    bot = await startBotProcess(fake, `file:${join(disk.dir, "hearts.db")}`);
    const early = bot.exited.then((code) => {
      throw new Error(`the bot exited (${code}):\n${bot!.out()}`);
    });
    await Promise.race([fake.ready(), early]);
    expect((await get(`${bot.ops}/healthz`)).status).toBe(200);
    // Ready once the bot says its tables resumed (its last start-up line), not a moment later.
    await fake.waitFor(() => bot!.out().includes("resumed open tables"), 10_000, "the resumed tables' line");
    expect((await get(`${bot.ops}/readyz`)).status).toBe(200);

    let sent = 0;
    const driver = new TableDriver(fake, fake.channelId, fake.users.slice(0, 2), createRng(5), { target: 20, onSend: () => sent++ });
    expect(await driver.open()).toBe(true);
    for (let i = 0; i < 8; i++) await driver.step();

    const scrape = await get(`${bot.ops}/metrics`);
    expect(scrape.status).toBe(200);
    const m = parsePrometheusText(scrape.body);
    // Every interaction the people made was acknowledged once, and counted once.
    expect(total(m, "hearts_interaction_ack_seconds", "hearts_interaction_ack_seconds_count")).toBe(sent);
    expect(total(m, "hearts_interaction_handling_seconds", "hearts_interaction_handling_seconds_count")).toBe(sent);
    expect(total(m, "hearts_interaction_handling_seconds", "hearts_interaction_handling_seconds_count", { kind: "/new" })).toBe(1);
    // Discord's 3 s: every acknowledgement was in time, as the fake Discord saw it too.
    expect(total(m, "hearts_interaction_ack_seconds", "hearts_interaction_ack_seconds_bucket", { le: "3" })).toBe(sent);
    // One table open, its game under way; moves committed by people and computer players.
    const phases = m.get("hearts_open_tables")!.samples.filter((s) => s.value > 0);
    expect(phases.map((s) => s.labels.phase)).toEqual([expect.stringMatching(/^(passing|playing|moon-choice)$/)]);
    expect(total(m, "hearts_actions_committed_total", "hearts_actions_committed_total", { source: "player" })).toBeGreaterThan(0);
    expect(total(m, "hearts_actions_committed_total", "hearts_actions_committed_total", { source: "bot" })).toBeGreaterThan(0);
    expect(total(m, "hearts_store_write_seconds", "hearts_store_write_seconds_count", { op: "appendAction" })).toBeGreaterThan(0);
    expect(total(m, "hearts_store_up")).toBe(1);
    // Discord's REST answers by route, ids and interaction tokens out of the labels.
    const routes = new Set(m.get("hearts_discord_rest_responses_total")!.samples.map((s) => s.labels.route));
    expect(routes).toContain("/interactions/:id/:token/callback");
    expect([...routes].every((r) => !/\d{5,}/.test(r))).toBe(true);
    expect(
      [...routes].filter((r) => r.includes("%")),
      "routes as Discord's documentation writes them",
    ).toEqual([]);
    // Node's own metrics under their usual names, as dashboards expect them.
    expect(m.has("process_resident_memory_bytes") && m.has("nodejs_eventloop_lag_seconds")).toBe(true);
    expect([...m.keys()].filter((k) => k.startsWith("hearts_process_") || k.startsWith("hearts_nodejs_"))).toEqual([]);
    expect(scrape.body).not.toContain(fake.token);
    expect(total(m, "hearts_discord_rest_429_total")).toBe(0);
    for (const name of [
      "hearts_ai_queue_depth",
      "hearts_pictures_queue",
      "hearts_pictures_text_only_total",
      "hearts_fair_use_refusals_total",
    ])
      expect(m.has(name), name).toBe(true);

    // The disk fills up: the next moves find the store down, and /readyz says so.
    const filler = join(disk.dir, "filler");
    spawnSync("sh", ["-c", `dd if=/dev/zero of=${filler} bs=64k 2>/dev/null; true`]);
    const told = () => fake!.calls.filter((c) => c.token && JSON.stringify(c.body ?? "").includes(STORE_DOWN_MESSAGE)).length;
    for (let i = 0; i < 400 && told() < 1; i++) if (!(await driver.step())) await sleep(50);
    expect(told()).toBeGreaterThanOrEqual(1);
    const down = await get(`${bot.ops}/readyz`);
    expect(down.status).toBe(503);
    expect(down.body).toMatch(/store/);
    expect((await get(`${bot.ops}/healthz`)).status).toBe(200); // the process still answers
    const m2 = parsePrometheusText((await get(`${bot.ops}/metrics`)).body);
    expect(total(m2, "hearts_store_up")).toBe(0);

    // Room again: the bot finds out by itself and is ready again.
    unlinkSync(filler);
    await until(`${bot.ops}/readyz`, 200, 70_000);
    driver.stop();

    bot.proc.kill("SIGTERM");
    expect(await bot.exited).toBe(0);
    expect(bot.out()).not.toMatch(/unhandled|reached the top/);
  }, 180_000);
});
