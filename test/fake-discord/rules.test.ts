/**
 * The fake's own rules, checked over plain HTTP and WebSocket (no discord.js): what a bot gets
 * when it breaks one of Discord's rules, and the gateway handshake details discord.js relies on.
 */
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { PNG } from "pngjs";
import { startFakeDiscord, type FakeDiscord, type FakeDiscordOptions } from "./index.js";

let fake: FakeDiscord;

afterEach(async () => {
  await fake?.close();
});

async function start(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  fake = await startFakeDiscord({ log: false, ...options });
  return fake;
}

interface Res {
  status: number;
  body: any;
  headers: Headers;
}

async function api(method: string, path: string, body?: unknown, o: { auth?: boolean; files?: { name: string; data: Buffer }[] } = {}): Promise<Res> {
  const headers: Record<string, string> = {};
  if (o.auth !== false) headers.Authorization = `Bot ${fake.token}`;
  let payload: FormData | string | undefined;
  if (o.files) {
    const form = new FormData();
    o.files.forEach((f, i) => form.append(`files[${i}]`, new Blob([f.data], { type: "image/png" }), f.name));
    form.append("payload_json", JSON.stringify(body ?? {}));
    payload = form;
  } else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${fake.apiBase}/v10${path}`, { method, headers, body: payload });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** Plays the bot's side of an interaction: the callback, then webhook calls with its token. */
const callback = (i: { id: string; token: string }, body: unknown, query = "") =>
  api("POST", `/interactions/${i.id}/${i.token}/callback${query}`, body, { auth: false });
const webhook = (method: string, i: { token: string }, suffix = "", body?: unknown) =>
  api(method, `/webhooks/${fake.applicationId}/${i.token}${suffix}`, body, { auth: false });

function png(width: number, height: number): Buffer {
  return PNG.sync.write(new PNG({ width, height }));
}

describe("REST basics", () => {
  it("requires the bot token, answers unknown routes with a JSON 404 and lists them", async () => {
    await start();
    expect((await api("GET", "/users/@me", undefined, { auth: false })).status).toBe(401);
    expect((await api("GET", "/users/@me")).body).toMatchObject({ id: fake.bot.id, bot: true });
    const missing = await api("GET", "/channels/123456789012345678/pins");
    expect(missing).toMatchObject({ status: 404, body: { message: "404: Not Found", code: 0 } });
    expect(fake.unhandled).toEqual(["GET /channels/123456789012345678/pins"]);
    expect(fake.violations.map((v) => v.kind)).toEqual(["unknown_route"]);
  });

  it("tells discord.js where the gateway is", async () => {
    await start();
    const { body } = await api("GET", "/gateway/bot");
    expect(body).toMatchObject({ url: fake.gatewayUrl, shards: 1, session_start_limit: { max_concurrency: 1 } });
  });

  it("validates message bodies like Discord (50035 with field errors, 50006 for an empty message)", async () => {
    await start();
    const post = (body: unknown) => api("POST", `/channels/${fake.channelId}/messages`, body);
    const row = (n: number) => ({ type: 1, components: Array.from({ length: n }, (_, i) => ({ type: 2, style: 1, custom_id: `b${i}`, label: "x" })) });
    expect((await post({})).body).toEqual({ message: "Cannot send an empty message", code: 50006 });
    expect((await post({ content: "x".repeat(2001) })).body.errors.content._errors[0].code).toBe("BASE_TYPE_MAX_LENGTH");
    expect((await post({ components: [row(6)] })).body.errors.components["0"].components._errors[0].code).toBe("BASE_TYPE_MAX_LENGTH");
    expect((await post({ components: Array.from({ length: 6 }, () => row(1)) })).status).toBe(400);
    expect((await post({ components: [{ type: 1, components: [{ type: 2, style: 1, custom_id: "x".repeat(101), label: "x" }] }] })).status).toBe(400);
    expect((await post({ components: [{ type: 1, components: [{ type: 2, style: 1, custom_id: "a", label: "x".repeat(81) }] }] })).status).toBe(400);
    expect((await post({ components: [{ type: 1, components: [{ type: 2, style: 1, custom_id: "a", label: "x" }, { type: 2, style: 1, custom_id: "a", label: "y" }] }] })).body.errors.components["0"].components["1"].custom_id._errors[0].code).toBe("COMPONENT_CUSTOM_ID_DUPLICATED");
    const options = Array.from({ length: 26 }, (_, i) => ({ label: `${i}`, value: `${i}` }));
    expect((await post({ components: [{ type: 1, components: [{ type: 3, custom_id: "s", options }] }] })).status).toBe(400);
    expect((await post({ embeds: Array.from({ length: 11 }, () => ({ title: "t" })) })).status).toBe(400);
    expect((await post({ content: "ok", components: [row(5)] })).status).toBe(200);
    expect(fake.violations.filter((v) => v.kind === "invalid_body")).toHaveLength(9);
  });

  it("checks allowed_mentions and records who was actually pinged", async () => {
    await start();
    const [ana, ben] = fake.users;
    const post = (body: unknown) => api("POST", `/channels/${fake.channelId}/messages`, body);
    expect((await post({ content: "x", allowed_mentions: { parse: ["users"], users: [ana.id] } })).status).toBe(400);
    const ok = await post({ content: `${ana.mention} to play, ${ben.mention} next`, allowed_mentions: { parse: [], users: [ana.id] } });
    expect(fake.messages.get(ok.body.id)!.pings.users).toEqual([ana.id]);
    expect(ok.body.mentions.map((u: any) => u.id)).toEqual([ana.id]);
    fake.clearViolations();
    await post({ content: `${ben.mention} wins` });
    expect(fake.violations.map((v) => v.kind)).toEqual(["unrestricted_mentions"]);
  });

  it("registers commands and refuses a localisation key Discord does not know", async () => {
    await start();
    const base = `/applications/${fake.applicationId}/guilds/${fake.guildId}/commands`;
    const cmd = { name: "hearts", description: "Play Hearts", description_localizations: { fr: "Jouer" }, options: [{ type: 1, name: "new", description: "Open a table" }] };
    const put = await api("PUT", base, [cmd]);
    expect(put.status).toBe(200);
    const again = await api("PUT", base, [cmd]);
    expect(again.body[0].id).toBe(put.body[0].id); // same name keeps its id, as on Discord
    const bad = await api("PUT", base, [{ ...cmd, description_localizations: { en: "Play" } }]);
    expect(bad.status).toBe(400);
    expect(bad.body.errors["0"].description_localizations.en._errors[0].code).toBe("LOCALE_INVALID");
    expect(fake.commands(fake.guildId)).toHaveLength(1);
  });
});

describe("interactions", () => {
  it("needs an acknowledgement in time, once; @original arrives URL-encoded", async () => {
    await start({ ackDeadlineMs: 300 });
    const [ana] = fake.users;
    const i = fake.slashCommand(ana, "hearts", { subcommand: "new" });
    expect(i.undelivered).toBe(true); // no bot connected: the test plays the bot
    const reply = await callback(i, { type: 4, data: { content: "Table open", flags: 64 } }, "?with_response=true");
    expect(reply.body).toMatchObject({
      interaction: { id: i.id, type: 2, response_message_ephemeral: true },
      resource: { type: 4, message: { content: "Table open", flags: 64 } },
    });
    expect((await callback(i, { type: 4, data: { content: "again" } })).body.code).toBe(40060);
    const edit = await webhook("PATCH", i, "/messages/%40original", { content: "Table open (1/4)" });
    expect(edit.status).toBe(200);
    expect(i.response()).toMatchObject({ content: "Table open (1/4)", visibleTo: ana.id, edits: 1 });

    const late = fake.slashCommand(ana, "hearts", { subcommand: "new" });
    await new Promise((r) => setTimeout(r, 350));
    expect((await callback(late, { type: 5 })).body.code).toBe(10062);
    expect(fake.violations.map((v) => v.kind)).toEqual(["double_ack", "ack_timeout", "late_ack"]);
  });

  it("refuses response types that do not fit, and webhook calls before the acknowledgement", async () => {
    await start();
    const i = fake.slashCommand(fake.users[0], "hearts", {});
    expect((await webhook("POST", i, "?wait=true", { content: "too early" })).body.code).toBe(10015);
    expect((await callback(i, { type: 7, data: { content: "x" } })).status).toBe(400);
    expect((await callback(i, { type: 5 })).status).toBe(204);
    expect(fake.violations.map((v) => v.kind)).toEqual(["before_ack", "bad_callback_type"]);
  });

  it("expires tokens after 15 minutes on the token clock", async () => {
    await start();
    const i = fake.slashCommand(fake.users[0], "hearts", {});
    await callback(i, { type: 4, data: { content: "hi" } });
    fake.advanceTokenClock(14 * 60_000);
    expect((await webhook("PATCH", i, "/messages/@original", { content: "still fine" })).status).toBe(200);
    fake.advanceTokenClock(60_001);
    expect((await webhook("PATCH", i, "/messages/@original", { content: "stale" })).body.code).toBe(50027);
    expect(fake.violations.map((v) => v.kind)).toEqual(["token_expired"]);
  });

  it("keeps ephemeral messages out of channel routes and marks who saw what", async () => {
    await start();
    const [ana, ben] = fake.users;
    const i = fake.slashCommand(ana, "hearts", { subcommand: "hand" });
    const r = await callback(i, { type: 4, data: { content: "Q♠ K♥", flags: 64 } }, "?with_response=true");
    const id = r.body.resource.message.id;
    expect((await api("PATCH", `/channels/${fake.channelId}/messages/${id}`, { content: "x" })).body.code).toBe(10008);
    expect(fake.violations.map((v) => v.kind)).toEqual(["ephemeral_via_channel_route"]);
    // A button on that menu clicked by someone else: sent (a forged click) and marked.
    const click = fake.clickButton(ben, id, "h1:play:x");
    expect(click.forged).toMatch(/ephemeral to player1.*no button/);
    await callback(click, { type: 4, data: { content: "That is not your menu.", flags: 64 } });
    const shown = fake.shownPayloads();
    expect(shown.map((p) => [p.visibleTo, p.strings.join(" ")])).toEqual([
      [ana.id, "Q♠ K♥"],
      [ben.id, "That is not your menu."],
    ]);
  });

  it("turns the first follow-up after a deferral into the reply, keeping the deferral's visibility", async () => {
    await start();
    const i = fake.slashCommand(fake.users[0], "hearts", {});
    await callback(i, { type: 5, data: { flags: 64 } });
    expect(i.response()!.loading).toBe(true);
    const f = await webhook("POST", i, "?wait=true", { content: "done" });
    expect(f.body).toMatchObject({ id: i.originalMessageId, content: "done", flags: 64 });
    const second = await webhook("POST", i, "?wait=true", { content: "public note" });
    expect(second.body.flags).toBe(0);
    expect(i.followUps().map((m) => m.content)).toEqual(["public note"]);
  });

  it("sends autocomplete with the typed text focused, and takes at most 25 choices back", async () => {
    await start();
    const i = fake.autocomplete(fake.users[0], "hearts", { subcommand: "new", options: { target: 50 }, focused: "rules", value: "omn" });
    expect(i.payload.data.options[0].options).toEqual([
      { name: "target", type: 4, value: 50 },
      { name: "rules", type: 3, value: "omn", focused: true },
    ]);
    const tooMany = Array.from({ length: 26 }, (_, n) => ({ name: `r${n}`, value: `r${n}` }));
    expect((await callback(i, { type: 8, data: { choices: tooMany } })).status).toBe(400);
    expect((await callback(i, { type: 8, data: { choices: [{ name: "Omnibus", value: "omnibus" }] } })).status).toBe(204);
    expect(i.choices).toEqual([{ name: "Omnibus", value: "omnibus" }]);
    expect(fake.shownPayloads().map((p) => p.visibleTo)).toEqual([fake.users[0].id]);
  });

  it("types slash options from the registered command and reports what a client could not send", async () => {
    await start();
    await api("PUT", `/applications/${fake.applicationId}/commands`, [
      { name: "hearts", description: "Hearts", options: [{ type: 1, name: "new", description: "new", options: [{ type: 4, name: "target", description: "t" }, { type: 6, name: "who", description: "w" }] }] },
    ]);
    const [ana, ben] = fake.users;
    const i = fake.slashCommand(ana, "hearts", { subcommand: "new", options: { target: 50, who: ben } });
    expect(i.forged).toBeNull();
    expect(i.payload.data.options[0].options).toEqual([
      { name: "target", type: 4, value: 50 },
      { name: "who", type: 6, value: ben.id },
    ]);
    expect(i.payload.data.resolved.users[ben.id].username).toBe("player2");
    expect(fake.slashCommand(ana, "hearts", { subcommand: "new", options: { colour: "red" } }).forged).toMatch(/no option "colour"/);
    expect(() => fake.slashCommand(ana, "hearts", { subcommand: "old" }, { strict: true })).toThrow(/no subcommand "old"/);
    await Promise.all(fake.interactions().map((x) => callback(x, { type: 5 })));
  });
});

describe("channels, threads, files and faults", () => {
  it("uploads files (multipart) and keeps or drops them on edit as Discord's attachments list says", async () => {
    await start();
    const a = await api("POST", `/channels/${fake.channelId}/messages`, { content: "table", attachments: [{ id: 0, description: "the table" }] }, { files: [{ name: "table.png", data: png(8, 6) }] });
    expect(a.body.attachments).toMatchObject([{ filename: "table.png", width: 8, height: 6, description: "the table", content_type: "image/png" }]);
    const img = await fetch(a.body.attachments[0].url);
    expect(Buffer.from(await img.arrayBuffer()).equals(png(8, 6))).toBe(true);
    const path = `/channels/${fake.channelId}/messages/${a.body.id}`;
    const kept = await api("PATCH", path, { content: "table v2", attachments: [{ id: a.body.attachments[0].id }, { id: 0 }] }, { files: [{ name: "trick.png", data: png(2, 2) }] });
    expect(kept.body.attachments.map((x: any) => x.filename)).toEqual(["table.png", "trick.png"]);
    const replaced = await api("PATCH", path, { attachments: [{ id: 0 }] }, { files: [{ name: "table.png", data: png(3, 3) }] });
    expect(replaced.body.attachments.map((x: any) => [x.filename, x.width])).toEqual([["table.png", 3]]);
    expect(fake.messages.get(a.body.id)!.history.map((v) => v.attachments.length)).toEqual([1, 2]);
  });

  it("starts one thread per message, with the message's id; a deleted thread is gone", async () => {
    await start();
    const msg = (await api("POST", `/channels/${fake.channelId}/messages`, { content: "table" })).body;
    const thread = await api("POST", `/channels/${fake.channelId}/messages/${msg.id}/threads`, { name: "Hearts #1", auto_archive_duration: 60 });
    expect(thread).toMatchObject({ status: 201, body: { id: msg.id, type: 11, parent_id: fake.channelId, name: "Hearts #1" } });
    expect((await api("POST", `/channels/${fake.channelId}/messages/${msg.id}/threads`, { name: "again" })).body.code).toBe(160004);
    expect((await api("POST", `/channels/${msg.id}/messages`, { content: "trick 1" })).status).toBe(200);
    fake.deleteChannel(msg.id);
    expect((await api("POST", `/channels/${msg.id}/messages`, { content: "trick 2" })).body.code).toBe(10003);
  });

  it("answers 403 for permissions the test revoked, and computes app_permissions from overwrites", async () => {
    await start();
    fake.denyBotPermissions(fake.channelId, ["CreatePublicThreads", "AttachFiles"]);
    const msg = await api("POST", `/channels/${fake.channelId}/messages`, { content: "table" });
    expect(msg.status).toBe(200);
    expect((await api("POST", `/channels/${fake.channelId}/messages/${msg.body.id}/threads`, { name: "t" })).body.code).toBe(50013);
    expect((await api("POST", `/channels/${fake.channelId}/messages`, { content: "pic" }, { files: [{ name: "a.png", data: png(1, 1) }] })).body.code).toBe(50013);
    const i = fake.slashCommand(fake.users[0], "hearts", {});
    const perms = BigInt(i.payload.app_permissions);
    expect(perms & (1n << 35n)).toBe(0n); // CreatePublicThreads
    expect(perms & (1n << 11n)).not.toBe(0n); // SendMessages
    expect(fake.violations).toEqual([]);
    await callback(i, { type: 5 });
  });

  it("injects 429s with headers @discordjs/rest understands, and 500s after the change happened", async () => {
    await start();
    fake.faults.rateLimit("POST /channels/:channelId/messages", { retryAfterMs: 1500 });
    const limited = await api("POST", `/channels/${fake.channelId}/messages`, { content: "x" });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ retry_after: 1.5, global: false });
    expect(Object.fromEntries([...limited.headers].filter(([k]) => k.startsWith("x-ratelimit") || k === "retry-after"))).toMatchObject({
      "retry-after": "1.5",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset-after": "1.5",
      "x-ratelimit-scope": "user",
    });
    fake.faults.serverError("POST /channels/:channelId/messages", { afterProcessing: true });
    expect((await api("POST", `/channels/${fake.channelId}/messages`, { content: "lost answer" })).status).toBe(500);
    expect(fake.channelMessages(fake.channelId).map((m) => m.content)).toEqual(["lost answer"]);
  });

  it("emulates Discord's per-channel limit when asked (5 posts per 5 s)", async () => {
    await start({ rateLimits: true });
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await api("POST", `/channels/${fake.channelId}/messages`, { content: `${n}` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(fake.stats().rateLimited).toBe(1);
  });

  it("deduplicates a retried post with enforce_nonce", async () => {
    await start();
    const body = { content: "once", nonce: "12345", enforce_nonce: true };
    const a = await api("POST", `/channels/${fake.channelId}/messages`, body);
    const b = await api("POST", `/channels/${fake.channelId}/messages`, body);
    expect(b.body.id).toBe(a.body.id);
    expect(fake.channelMessages(fake.channelId)).toHaveLength(1);
  });
});

describe("gateway", () => {
  /** A raw gateway client recording what it receives. */
  async function connect(): Promise<{ ws: WebSocket; got: any[]; next: (pred: (p: any) => boolean) => Promise<any>; closed: Promise<number> }> {
    const ws = new WebSocket(`${fake.gatewayUrl}?v=10&encoding=json`);
    const got: any[] = [];
    const waiters: { pred: (p: any) => boolean; resolve: (p: any) => void }[] = [];
    ws.on("message", (raw) => {
      const p = JSON.parse(raw.toString());
      got.push(p);
      for (const w of [...waiters]) if (w.pred(p)) waiters.splice(waiters.indexOf(w), 1) && w.resolve(p);
    });
    const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
    await new Promise((resolve) => ws.once("open", resolve));
    const next = (pred: (p: any) => boolean) =>
      new Promise<any>((resolve) => {
        const found = got.find(pred);
        if (found) resolve(found);
        else waiters.push({ pred, resolve });
      });
    return { ws, got, next, closed };
  }
  const identify = (token: string, intents = 1) => JSON.stringify({ op: 2, d: { token, intents, properties: {}, shard: [0, 1] } });

  it("says HELLO, acknowledges heartbeats, and sends READY then GUILD_CREATE", async () => {
    await start({ heartbeatIntervalMs: 1234 });
    const c = await connect();
    expect((await c.next((p) => p.op === 10)).d.heartbeat_interval).toBe(1234);
    c.ws.send(JSON.stringify({ op: 1, d: null }));
    await c.next((p) => p.op === 11);
    c.ws.send(identify(fake.token));
    const ready = await c.next((p) => p.t === "READY");
    expect(ready).toMatchObject({ op: 0, s: 1, d: { v: 10, user: { id: fake.bot.id }, guilds: [{ id: fake.guildId, unavailable: true }], resume_gateway_url: fake.gatewayUrl } });
    const guild = await c.next((p) => p.t === "GUILD_CREATE");
    expect(guild.s).toBe(2);
    expect(guild.d.channels.map((ch: any) => ch.name)).toEqual(["hearts", "general"]);
    expect(guild.d.members.map((m: any) => m.user.id)).toEqual([fake.bot.id]); // no GuildMembers intent
    c.ws.close();
  });

  it("closes with 4004 for a wrong token and 4014 for privileged intents the app does not have", async () => {
    await start();
    const a = await connect();
    a.ws.send(identify("nope"));
    expect(await a.closed).toBe(4004);
    const b = await connect();
    b.ws.send(identify(fake.token, 1 | (1 << 15)));
    expect(await b.closed).toBe(4014);
  });

  it("replays missed events on RESUME and refuses unknown sessions", async () => {
    await start();
    const a = await connect();
    a.ws.send(identify(fake.token));
    const ready = await a.next((p) => p.t === "READY");
    await a.next((p) => p.t === "GUILD_CREATE");
    a.ws.terminate();
    await a.closed;
    const missed = fake.slashCommand(fake.users[0], "hearts", {});
    const b = await connect();
    b.ws.send(JSON.stringify({ op: 6, d: { token: fake.token, session_id: ready.d.session_id, seq: 2 } }));
    const replayed = await b.next((p) => p.t === "INTERACTION_CREATE");
    expect(replayed).toMatchObject({ s: 3, d: { id: missed.id } });
    expect((await b.next((p) => p.t === "RESUMED")).s).toBe(4);
    const c = await connect();
    c.ws.send(JSON.stringify({ op: 6, d: { token: fake.token, session_id: "nope", seq: 1 } }));
    expect(await c.next((p) => p.op === 9)).toMatchObject({ op: 9, d: false });
    b.ws.close(4200);
    c.ws.close();
    await callback(missed, { type: 5 });
  });
});
