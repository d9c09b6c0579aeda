/**
 * The picture process under faults (issue 13 §3) and its environment (issue 14): a hung or
 * killed child costs its picture only (the message goes out with text), it is replaced after a
 * backoff that grows while the fault lasts, pictures come back once the fault is gone, and the
 * child never sees the bot token or the database URL.
 */
import { readFileSync } from "node:fs";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createGame, presetRules } from "../../src/game/index.js";
import { Images, canvasRenderer } from "../../src/render/runtime/images.js";
import { Lane, Pacer } from "../../src/render/runtime/pacer.js";
import { PicturesUnavailable, RenderProcess, childEnv, type RenderProcessOptions } from "../../src/render/runtime/render-process.js";
import { tableMessage } from "../../src/discord/views/table.js";
import { tableView } from "../../src/table/live.js";
import type { TableView } from "../../src/table/types.js";
import { capturingLogger } from "../ai/log-capture.js";
import { faultyRenderChild, setRenderFault } from "./fixtures/render-faults.js";
import { tableRecord } from "../table/fixtures.js";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const hand = { cards: [0, 13, 26], legal: [], selected: [] };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const open: RenderProcess[] = [];
function picturesProcess(opts: RenderProcessOptions = {}) {
  const { log, lines } = capturingLogger();
  const rp = new RenderProcess(log, { entry: faultyRenderChild, restart: { initialMs: 20, maxMs: 80 }, ...opts });
  open.push(rp);
  return { rp, lines };
}
afterEach(async () => {
  setRenderFault("none");
  await Promise.all(open.splice(0).map((rp) => rp.close()));
});

/** Draws a picture, retrying while the process is restarting (it refuses pictures at once then). */
async function drawn(rp: RenderProcess, within = 10_000): Promise<Buffer> {
  const until = performance.now() + within;
  for (;;) {
    try {
      return await rp.render("renderHand", [hand], Lane.Answer);
    } catch (err) {
      if (!(err instanceof PicturesUnavailable) || performance.now() > until) throw err;
      await sleep(20);
    }
  }
}

/**
 * The time limits below, relative to this machine now: a warm child's picture (median of five),
 * measured in this run, and never under 1.5 s: alone on a quiet machine a picture takes 20-60 ms;
 * at a load average of 23 a cold first picture alone took over 400 ms, and in the whole suite, a
 * bot process starting in the file beside it, a new child's first picture took over 465 ms (ten
 * times that run's warm median). The tests are about what happens at the limit, not its figure
 * (the bot's is 5 s).
 */
const timing = { pictureMs: 0, limitMs: 1500, slackMs: 1600 };
beforeAll(async () => {
  const { rp } = picturesProcess();
  await drawn(rp, 60_000);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await drawn(rp);
    times.push(performance.now() - started);
  }
  timing.pictureMs = times.sort((a, b) => a - b)[2];
  timing.limitMs = Math.max(1500, Math.ceil(10 * timing.pictureMs));
  timing.slackMs = Math.max(1600, Math.ceil(20 * timing.pictureMs));
  console.log(`the picture process on this machine now: ${JSON.stringify(timing)}`);
  await rp.close();
}, 90_000);

const restartsLogged = (lines: Record<string, unknown>[]) => lines.filter((l) => "restartInMs" in l).map((l) => l.restartInMs);

function snapshot(): TableView {
  const state = createGame(presetRules("classic")!, 7);
  return tableView(tableRecord(state, { deal: { format: 1, seed: 7 }, status: "passing" }), state);
}

describe("the picture process under faults", () => {
  it("a hung child: its picture is abandoned within the time limit, the child replaced, later pictures drawn", async () => {
    const { limitMs, slackMs } = timing;
    const { rp, lines } = picturesProcess({ timeoutMs: limitMs });
    expect((await drawn(rp)).subarray(0, 4)).toEqual(PNG);
    const started = performance.now();
    const hung = rp.render("renderHand", [{ ...hand, fault: "hang" }], Lane.Answer);
    const behind = rp.render("renderHand", [hand], Lane.Post);
    await expect(hung).rejects.toThrow(`took too long (over ${limitMs} ms)`);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(limitMs - 10);
    expect(waited).toBeLessThan(limitMs + slackMs);
    // The picture waiting behind it goes out as text rather than wait for the new child.
    await expect(behind).rejects.toBeInstanceOf(PicturesUnavailable);
    expect((await drawn(rp)).subarray(0, 4)).toEqual(PNG);
    expect(rp.available).toBe(true);
    expect(lines.some((l) => String(l.why).includes(`took over ${limitMs} ms`))).toBe(true);
  });

  it("a killed child: its picture is refused at once; restarts back off while the fault lasts and pictures return when it is removed", async () => {
    const { rp, lines } = picturesProcess({ restart: { initialMs: 20, maxMs: 80 } });
    await drawn(rp);
    const started = performance.now();
    await expect(rp.render("renderHand", [{ ...hand, fault: "crash" }], Lane.Answer)).rejects.toThrow(
      /picture process stopped: exit code 3/,
    );
    expect(performance.now() - started).toBeLessThan(Math.max(1000, timing.slackMs - 600));
    setRenderFault("crash");
    for (let i = 0; i < 3; i++) await expect(drawn(rp)).rejects.toThrow(/picture process stopped/);
    expect(restartsLogged(lines)).toEqual([20, 40, 80, 80]);
    setRenderFault("none");
    expect((await drawn(rp)).subarray(0, 4)).toEqual(PNG);
  });

  it("a message whose picture hangs goes out with text, on time; with the fault removed it has its picture again", async () => {
    const { limitMs, slackMs } = timing;
    const { rp } = picturesProcess({ timeoutMs: limitMs });
    await drawn(rp);
    // The table message has its picture in the lobby and at the end (during a hand it is text).
    const table = { ...snapshot(), record: { ...snapshot().record, status: "lobby" as const } };
    const { log, lines } = capturingLogger();
    const images = new Images(canvasRenderer, log, null, rp);
    const pacer = new Pacer(images);
    setRenderFault("hang");
    const started = performance.now();
    const text = await pacer.run(Lane.Table, () => tableMessage(table, images));
    expect(performance.now() - started).toBeLessThan(limitMs + slackMs);
    expect(text.files ?? []).toEqual([]);
    expect(text.content ?? JSON.stringify(text.embeds)).toMatch(/P1/);
    expect(lines.some((l) => l.msg === "could not draw an image; sending text only")).toBe(true);
    setRenderFault("none");
    await drawn(rp);
    const full = await pacer.run(Lane.Table, () => tableMessage(table, images));
    expect(full.files?.[0].data.subarray(0, 4)).toEqual(PNG);
  });
});

describe("the picture process's environment", () => {
  const saved = { token: process.env.DISCORD_TOKEN, db: process.env.DATABASE_URL };
  afterEach(() => {
    for (const [k, v] of [
      ["DISCORD_TOKEN", saved.token],
      ["DATABASE_URL", saved.db],
    ] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it("keeps only what the child needs", () => {
    const env = childEnv({
      PATH: "/usr/bin",
      HOME: "/home/h",
      LANG: "C.UTF-8",
      NODE_OPTIONS: "--max-old-space-size=256",
      DISCORD_TOKEN: "x",
      DATABASE_URL: "postgresql://u:p@h/db",
      DISCORD_CLIENT_ID: "1",
      GUILD_ID: "2",
      AWS_SECRET_ACCESS_KEY: "s",
    });
    expect(env).toEqual({ PATH: "/usr/bin", HOME: "/home/h", LANG: "C.UTF-8", NODE_OPTIONS: "--max-old-space-size=256" });
  });

  it.skipIf(process.platform !== "linux")("the running child has no bot token and no database URL (read from /proc)", async () => {
    process.env.DISCORD_TOKEN = "MTIzNDU2Nzg5.fake-token-for-the-env-test";
    process.env.DATABASE_URL = "postgresql://hearts:secret-password@db.example:5432/hearts";
    const rp = new RenderProcess(capturingLogger().log);
    open.push(rp);
    expect((await drawn(rp)).subarray(0, 4)).toEqual(PNG);
    const environ = readFileSync(`/proc/${rp.pid}/environ`, "utf8");
    const keys = environ
      .split("\0")
      .filter(Boolean)
      .map((kv) => kv.slice(0, kv.indexOf("=")));
    expect(keys).toContain("PATH");
    expect(keys).not.toContain("DISCORD_TOKEN");
    expect(keys).not.toContain("DATABASE_URL");
    expect(environ).not.toContain("fake-token-for-the-env-test");
    expect(environ).not.toContain("secret-password");
  });
});
