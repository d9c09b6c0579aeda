/**
 * The fake Discord against the real discord.js client (a throwaway handler, not the bot): every
 * path the bot relies on works end to end, and the rules the fake enforces answer as Discord does.
 */
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  GatewayIntentBits,
  MessageFlags,
  StringSelectMenuBuilder,
  type Interaction,
} from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EPHEMERAL, startFakeDiscord, type FakeDiscord } from "./server.js";

let fake: FakeDiscord;
let client: Client;
const errors: unknown[] = [];

const button = (id: string, label = "Press") =>
  new ActionRowBuilder<ButtonBuilder>().addComponents(new ButtonBuilder().setCustomId(id).setLabel(label).setStyle(ButtonStyle.Primary));

/** What a tiny bot does with each test command. */
async function handle(i: Interaction): Promise<void> {
  if (i.isAutocomplete()) return void (await i.respond([{ name: `you typed ${i.options.getFocused()}`, value: "x" }]));
  if (i.isChatInputCommand()) {
    const sub = i.options.getSubcommand();
    if (sub === "ping") await i.reply({ content: `pong ${i.options.getString("word") ?? ""}`.trim(), components: [button("b1")] });
    if (sub === "secret") await i.reply({ content: "only you", flags: MessageFlags.Ephemeral, components: [button("private")] });
    if (sub === "picture") {
      await i.deferReply();
      await i.editReply({ content: "here", files: [new AttachmentBuilder(Buffer.alloc(1234, 1), { name: "table.png" })] });
      await i.followUp({ content: "and more" });
    }
    if (sub === "thread") {
      const channel = await i.client.channels.fetch(i.channelId);
      if (!channel?.isTextBased() || !("send" in channel)) throw new Error("no channel");
      const msg = await channel.send("table");
      const thread = await msg.startThread({ name: "game" });
      await thread.send("hello thread");
      await i.reply({ content: `thread ${thread.id}`, flags: MessageFlags.Ephemeral });
    }
    if (sub === "twice") {
      await i.reply("one");
      // A raw second acknowledgement, as a buggy bot would send.
      await i.client.rest
        .post(`/interactions/${i.id}/${i.token}/callback`, { body: { type: 4, data: { content: "two" } }, auth: false })
        .catch((e) => errors.push(e));
    }
    if (sub === "toolong") await i.reply({ content: "x".repeat(2001) }).catch((e) => errors.push(e));
    if (sub === "slow") {
      await new Promise((r) => setTimeout(r, 3200));
      await i.reply("too late").catch((e) => errors.push(e));
    }
    if (sub === "silent") return;
    if (sub === "fetched") {
      const r = await i.deferReply({ withResponse: true });
      await i.editReply(`deferred message ${r.resource?.message?.id}`);
    }
    if (sub === "form")
      await i.showModal({
        custom_id: "m",
        title: "Rules",
        components: [{ type: 1, components: [{ type: 4, custom_id: "target", label: "Target score", style: 1 }] }],
      });
  } else if (i.isButton()) {
    if (i.customId === "private")
      await i.update({ content: `private click by ${i.user.id}, ephemeral=${i.message.flags.has(MessageFlags.Ephemeral)}` });
    else await i.update({ content: `pressed by ${i.user.id}`, components: [] });
  } else if (i.isModalSubmit()) await i.reply({ content: `target ${i.fields.getTextInputValue("target")}`, flags: MessageFlags.Ephemeral });
  else if (i.isStringSelectMenu()) await i.reply({ content: `picked ${i.values.join(",")}`, flags: MessageFlags.Ephemeral });
}

beforeAll(async () => {
  fake = await startFakeDiscord();
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase } });
  client.on("interactionCreate", (i) => void handle(i).catch((e) => errors.push(e)));
  await client.login(fake.token);
  await fake.ready();
  await new Promise<void>((r) => (client.isReady() ? r() : client.once("clientReady", () => r())));
});
afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

describe("what a bot does", () => {
  it("logs in through the gateway and sees the guild with its channel and members", () => {
    const guild = client.guilds.cache.get(fake.guildId)!;
    expect(guild.channels.cache.has(fake.channelId)).toBe(true);
    expect(guild.members.cache.has(fake.users[0].id)).toBe(true);
    expect(fake.gateway.identifies).toBe(1);
  });

  it("a slash command answered with a reply, and a click on its button updating the message", async () => {
    const h = fake.slashCommand(fake.users[0], "hearts", { subcommand: "ping", options: { word: "hi" } });
    expect((await h.ack()).type).toBe(4);
    const msg = h.response()!;
    expect(msg).toMatchObject({ content: "pong hi", visibleTo: null, type: 20 });
    expect(fake.channelMessages(fake.channelId).map((m) => m.id)).toContain(msg.id);
    const click = fake.clickButton(fake.users[1], msg.id, "b1");
    expect((await click.ack).type).toBe(7);
    expect(fake.messages.get(msg.id)).toMatchObject({ content: `pressed by ${fake.users[1].id}`, components: [], edits: 1 });
    expect(fake.messages.get(msg.id)!.history.map((v) => v.content)).toEqual(["pong hi", `pressed by ${fake.users[1].id}`]);
  });

  it("an ephemeral reply is its user's only, and a click on it carries the ephemeral message", async () => {
    const h = fake.slashCommand(fake.users[2], "hearts", { subcommand: "secret" });
    await h.ack;
    const msg = h.reply()!;
    expect(msg.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(fake.visibleTo(fake.users[2].id).map((m) => m.id)).toContain(msg.id);
    expect(fake.visibleTo(fake.users[0].id).map((m) => m.id)).not.toContain(msg.id);
    expect(fake.channelMessages(fake.channelId).map((m) => m.id)).not.toContain(msg.id);
    expect(h.calls()[0]).toMatchObject({ route: "POST /interactions/:id/:token/callback", ephemeral: true, userId: fake.users[2].id });
    const click = fake.clickButton(fake.users[2], msg.id, "private");
    expect((await click.ack).type).toBe(7);
    expect(fake.messages.get(msg.id)!.content).toBe(`private click by ${fake.users[2].id}, ephemeral=true`);
  });

  it("deferral, an edit with an uploaded file (multipart), and a follow-up", async () => {
    const h = fake.slashCommand(fake.users[0], "hearts", { subcommand: "picture" });
    expect((await h.ack).type).toBe(5);
    const reply = await h.waitForResponse((m) => m.attachments.length > 0);
    expect(reply).toMatchObject({ content: "here", attachments: [{ filename: "table.png", size: 1234, content_type: "image/png" }] });
    await fake.waitFor(() => h.followUps().length === 1, 3000, "the follow-up");
    expect(h.followUps()[0].content).toBe("and more");
    const edit = fake.calls.find((c) => c.token === h.token && c.method === "PATCH")!;
    expect(edit.route).toBe("PATCH /webhooks/:id/:token/messages/@original");
    expect(edit.files).toEqual([{ name: "table.png", size: 1234, contentType: expect.any(String) }]);
  });

  it("a select menu and autocomplete reach the handler with their values", async () => {
    const post = await ((await client.channels.fetch(fake.channelId)) as any).send({
      content: "pick",
      components: [
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId("s")
            .setMinValues(2)
            .setMaxValues(2)
            .addOptions({ label: "A", value: "a" }, { label: "B", value: "b" }, { label: "C", value: "c" }),
        ),
      ],
    });
    const sel = fake.selectMenu(fake.users[3], post.id, "s", ["a", "c"]);
    expect((await sel.waitForResponse()).content).toBe("picked a,c");
    const ac = fake.autocomplete(fake.users[0], "hearts", { subcommand: "new", focused: "rules", options: { rules: "omn" } });
    expect((await ac.ack).type).toBe(8);
    expect(ac.choices()).toEqual([{ name: "you typed omn", value: "x" }]);
  });

  it("a thread started from a message, with a post in it, even after a 429", async () => {
    fake.failNext("POST /channels/:id/messages", { status: 429, retryAfter: 0.05 });
    const started = Date.now();
    const h = fake.slashCommand(fake.users[0], "hearts", { subcommand: "thread" });
    await h.waitForResponse();
    const [thread] = fake.threads();
    expect(thread).toMatchObject({ type: 11, parent_id: fake.channelId, name: "game" });
    expect(fake.messages.get(thread.id)?.content).toBe("table");
    expect(fake.channelMessages(thread.id).map((m) => m.content)).toEqual(["hello thread"]);
    expect(fake.calls.filter((c) => c.status === 429)).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("a dropped gateway is resumed, and an interaction sent while it was down arrives", async () => {
    fake.dropGateway();
    const during = fake.slashCommand(fake.users[1], "hearts", { subcommand: "ping" });
    expect((await during.ack).type).toBe(4);
    expect(fake.gateway.resumes).toBe(1);
    expect(fake.gateway.identifies).toBe(1);
    const after = fake.slashCommand(fake.users[1], "hearts", { subcommand: "ping" });
    expect((await after.ack).type).toBe(4);
  });

  it("withResponse gets the message back, and a modal is shown and submitted", async () => {
    const h = fake.slashCommand(fake.users[0], "hearts", { subcommand: "fetched" });
    const reply = await h.waitForResponse();
    expect(reply.content).toBe(`deferred message ${reply.id}`);
    const form = fake.slashCommand(fake.users[1], "hearts", { subcommand: "form" });
    expect((await form.ack).type).toBe(9);
    expect(form.modal()).toMatchObject({ custom_id: "m", title: "Rules" });
    const sent = fake.submitModal(fake.users[1], "m", { target: "75" });
    expect((await sent.waitForResponse()).content).toBe("target 75");
  });

  it("a reconnect request (op 7) and a resumable close (4000) are resumed too", async () => {
    fake.requestReconnect();
    await fake.waitFor(() => fake.gateway.resumes === 2, 5000, "the resume after op 7");
    fake.dropGateway({ code: 4000 });
    await fake.waitFor(() => fake.gateway.resumes === 3, 5000, "the resume after 4000");
    expect((await fake.slashCommand(fake.users[2], "hearts", { subcommand: "ping" }).ack).type).toBe(4);
    expect(fake.gateway.identifies).toBe(1);
  });

  it("nothing broke a rule and every route existed", () => {
    expect(fake.violations).toEqual([]);
    expect(fake.unhandled).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe("Discord's rules, enforced", () => {
  it("a second acknowledgement is refused with 40060", async () => {
    const h = fake.slashCommand(fake.users[0], "hearts", { subcommand: "twice" });
    await h.ack;
    await fake.waitFor(() => fake.violations.length > 0, 2000, "the violation");
    expect(fake.violations).toEqual([expect.objectContaining({ kind: "double-ack" })]);
    expect(fake.calls.filter((c) => c.token === h.token).map((c) => c.code)).toEqual([null, 40060]);
    expect(h.reply()!.content).toBe("one");
  });

  it("content over 2000 characters is refused with 50035", async () => {
    fake.violations.length = 0;
    const h = fake.slashCommand(fake.users[0], "hearts", { subcommand: "toolong" });
    await fake.waitFor(() => fake.violations.length > 0, 2000, "the violation");
    expect(fake.violations[0]).toMatchObject({
      kind: "schema",
      detail: expect.stringContaining("data.content: Must be 2000 or fewer in length (it has 2001 characters)"),
    });
    expect(h.calls()[0]).toMatchObject({ status: 400, code: 50035 });
    expect(fake.invalidRequests).toEqual([expect.objectContaining({ kind: "schema", interaction: "/hearts toolong" })]);
    fake.invalidRequests.length = 0;
  });

  it("an expired token (15 minutes) is refused with 50027", async () => {
    fake.violations.length = 0;
    const h = fake.slashCommand(fake.users[0], "hearts", { subcommand: "ping" });
    await h.ack;
    fake.advanceClock(16 * 60_000);
    await expect(
      client.rest.patch(`/webhooks/${fake.applicationId}/${h.token}/messages/@original`, { body: { content: "late" }, auth: false }),
    ).rejects.toMatchObject({ code: 50027 });
    expect(fake.violations).toEqual([expect.objectContaining({ kind: "expired-token" })]);
  });

  it("deleted messages, deleted channels and denied permissions answer 10008, 10003 and 50013", async () => {
    const channel = (await client.channels.fetch(fake.channelId)) as any;
    const msg = await channel.send("soon gone");
    fake.deleteMessage(fake.channelId, msg.id);
    await expect(channel.messages.edit(msg.id, "x")).rejects.toMatchObject({ code: 10008 });
    const other = fake.addChannel("locked");
    await fake.waitFor(() => client.channels.cache.get(other), 2000, "the new channel in the cache");
    fake.denyPermissions(other);
    const locked = (await client.channels.fetch(other)) as any;
    await expect(locked.send("hi")).rejects.toMatchObject({ code: 50013 });
    await fake.waitFor(() => locked.permissionsFor(client.user!)?.has("SendMessages") === false, 2000, "the overwrite in the cache");
    fake.deleteChannel(other);
    await expect(client.rest.post(`/channels/${other}/messages`, { body: { content: "hi" } })).rejects.toMatchObject({ code: 10003 });
  });

  it("a guild scheduled event is created, edited and deleted; without Manage Events it is refused with 50013", async () => {
    const guild = await client.guilds.fetch(fake.guildId);
    const start = new Date(Date.now() + 3_600_000);
    const event = await guild.scheduledEvents.create({
      name: "Friday Hearts Night",
      scheduledStartTime: start,
      scheduledEndTime: new Date(start.getTime() + 7_200_000),
      privacyLevel: 2,
      entityType: 3,
      entityMetadata: { location: "#hearts" },
      description: "Sign up in #hearts",
    });
    expect(fake.scheduledEvents.get(event.id)).toMatchObject({ name: "Friday Hearts Night", entity_type: 3, creator_id: fake.botUserId });
    await guild.scheduledEvents.edit(event.id, { name: "Friday Hearts Night (round 1)" });
    expect(fake.scheduledEvents.get(event.id)?.name).toBe("Friday Hearts Night (round 1)");
    await guild.scheduledEvents.delete(event.id);
    expect(fake.scheduledEvents.has(event.id)).toBe(false);
    // An external event without its end time is refused, as Discord refuses it.
    await expect(
      client.rest.post(`/guilds/${fake.guildId}/scheduled-events`, {
        body: {
          name: "x",
          scheduled_start_time: start.toISOString(),
          privacy_level: 2,
          entity_type: 3,
          entity_metadata: { location: "#hearts" },
        },
      }),
    ).rejects.toMatchObject({ code: 50035 });
    fake.denyGuildPermissions(["ManageEvents", "CreateEvents"]);
    await expect(
      guild.scheduledEvents.create({
        name: "No permission",
        scheduledStartTime: start,
        scheduledEndTime: new Date(start.getTime() + 7_200_000),
        privacyLevel: 2,
        entityType: 3,
        entityMetadata: { location: "#hearts" },
      }),
    ).rejects.toMatchObject({ code: 50013 });
  });
  it("a 500 is retried by @discordjs/rest and unknown routes are listed", async () => {
    fake.failNext(/^GET \/channels\/\d+$/, { status: 500 });
    await client.rest.get(`/channels/${fake.channelId}`);
    expect(fake.calls.filter((c) => c.injected && c.status === 500)).toHaveLength(1);
    await expect(client.rest.get("/guilds/1/emojis")).rejects.toMatchObject({ status: 404 });
    expect(fake.unhandled).toEqual(["GET /guilds/1/emojis"]);
    fake.unhandled.length = 0;
  });

  it("an unanswered interaction rejects its ack after 3 s; a late acknowledgement gets 10062", async () => {
    fake.violations.length = 0;
    // Both at once: the 3 s wait is shared.
    const silent = fake.slashCommand(fake.users[0], "hearts", { subcommand: "silent" });
    const slow = fake.slashCommand(fake.users[1], "hearts", { subcommand: "slow" });
    await expect(silent.ack).rejects.toThrow(/not acknowledged within 3 s/);
    await expect(slow.ack).rejects.toThrow();
    await fake.waitFor(() => slow.calls().length, 2000, "the late callback");
    expect(slow.calls()[0]).toMatchObject({ status: 404, code: 10062 });
    expect(fake.violations.filter((v) => v.token === silent.token).map((v) => v.kind)).toEqual(["not-acknowledged"]);
    expect(
      fake.violations
        .filter((v) => v.token === slow.token)
        .map((v) => v.kind)
        .sort(),
    ).toEqual(["deadline", "not-acknowledged"]);
  });
});

describe("Discord's published API", () => {
  const post = (body: unknown, files?: Array<{ name: string; data: Buffer }>) =>
    client.rest.post(`/channels/${fake.channelId}/messages`, { body, files });
  /** The request's refusal: Discord's error body, and what the fake recorded (then forgotten, so close() passes). */
  async function refused(request: Promise<unknown>): Promise<{ status: number; code: number; errors: any; recorded: any }> {
    const e: any = await request.then(
      () => null,
      (err: unknown) => err,
    );
    expect(e, "the request should have been refused").not.toBeNull();
    expect(fake.invalidRequests).toHaveLength(1);
    const recorded = fake.invalidRequests.pop();
    fake.violations.length = 0;
    return { status: e.status, code: e.code, errors: e.rawError?.errors, recorded };
  }

  it("a body that does not match Discord's OpenAPI schema is refused with 50035, naming the field (multipart payload_json too)", async () => {
    const r = await refused(
      post({ content: "picture", attachments: [{ id: 0, filename: "a.png" }] }, [{ name: "a.png", data: Buffer.from("png") }]),
    );
    expect(r).toMatchObject({ status: 400, code: 50035 });
    expect(r.errors).toEqual({
      attachments: { "0": { id: { _errors: [{ code: "STRING_TYPE_CONVERT", message: "Could not interpret number 0 as string." }] } } },
    });
    expect(r.recorded).toMatchObject({
      kind: "schema",
      route: "POST /channels/{channel_id}/messages",
      fields: ["attachments[0].id: Could not interpret number 0 as string."],
    });
    // The same upload with the id as a string, as discord.js itself sends it, is accepted.
    await post({ content: "picture", attachments: [{ id: "0", filename: "a.png" }] }, [{ name: "a.png", data: Buffer.from("png") }]);
    expect(fake.invalidRequests).toEqual([]);
  });

  it("a component is checked against the schema of its type", async () => {
    const r = await refused(post({ components: [{ type: 1, components: [{ type: 2, label: "No style", custom_id: "a" }] }] }));
    expect(r.recorded.fields).toEqual(["components[0].components[0].style: This field is required"]);
    const six = await refused(
      post({
        components: [
          { type: 1, components: Array.from({ length: 6 }, (_, i) => ({ type: 2, style: 1, label: `${i}`, custom_id: `b${i}` })) },
        ],
      }),
    );
    expect(six.recorded.fields).toEqual(["components[0].components: Must be 5 or fewer in length (it has 6 items)."]);
  });

  it("routes outside Discord's API get 404 or 405, ids that are not snowflakes and unknown query parameters 50035", async () => {
    expect(await refused(client.rest.get("/hearts/scores"))).toMatchObject({
      status: 404,
      recorded: { kind: "unknown-route", fields: ["no route GET /hearts/scores in Discord's API"] },
    });
    expect(await refused(client.rest.put(`/channels/${fake.channelId}`))).toMatchObject({
      status: 405,
      recorded: { kind: "unknown-route" },
    });
    expect(await refused(client.rest.get("/channels/hearts"))).toMatchObject({
      status: 400,
      code: 50035,
      errors: { channel_id: { _errors: [{ code: "NUMBER_TYPE_COERCE" }] } },
    });
    const q = await refused(
      client.rest.post(`/channels/${fake.channelId}/messages`, { body: { content: "x" }, query: new URLSearchParams({ wait: "true" }) }),
    );
    expect(q.recorded.fields).toEqual([expect.stringContaining('takes no query parameter "wait"')]);
  });

  it("an id that is not a snowflake is refused with 50035, in a path (a thread member) and in a body (a mention allowed), as Discord does", async () => {
    const made = "former:3f2a9c1d0b7e4a65";
    expect(await refused(client.rest.put(`/channels/${fake.channelId}/thread-members/${made}`))).toMatchObject({
      status: 400,
      code: 50035,
      errors: { user_id: { _errors: [{ code: "NUMBER_TYPE_COERCE" }] } },
    });
    const mention = await refused(post({ content: `<@${made}>`, allowed_mentions: { parse: [], users: [made] } }));
    expect(mention).toMatchObject({ status: 400, code: 50035 });
    expect(mention.recorded.fields).toEqual([
      expect.stringMatching(/^allowed_mentions\.users\[0\]: Value "former:3f2a9c1d0b7e4a65" is not snowflake/),
    ]);
  });

  it("the documented limits the schema cannot express: 5 rows, a select alone in its row, unique custom_ids, 2,000 characters, flags per endpoint", async () => {
    const row = (id: string) => ({ type: 1, components: [{ type: 2, style: 1, label: id, custom_id: id }] });
    const select = { type: 3, custom_id: "s", options: [{ label: "a", value: "a" }] };
    const cases: Array<[unknown, string]> = [
      [{ components: ["a", "b", "c", "d", "e", "f"].map(row) }, "components: Must be 5 or fewer in length (6 action rows)."],
      [
        { components: [{ type: 1, components: [select, row("b").components[0]] }] },
        "components[0].components: The specified component exceeds the maximum width (a select menu fills its row).",
      ],
      [
        { components: [row("same"), row("same")] },
        'components[1].components[0].custom_id: Component custom id cannot be duplicated ("same").',
      ],
      [{ content: "x".repeat(2001) }, "content: Must be 2000 or fewer in length (it has 2001 characters)."],
      [
        { content: "only you", flags: 64 },
        "flags: Only SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE, IS_COMPONENTS_V2 can be set here (got EPHEMERAL).",
      ],
    ];
    for (const [body, field] of cases) {
      const r = await refused(post(body));
      expect(r).toMatchObject({ status: 400, code: 50035, recorded: { kind: "limits", fields: [field] } });
    }
    expect(await refused(post({ content: "" }))).toMatchObject({ status: 400, code: 50006 });
  });

  it("close() fails when a request did not match, naming it", async () => {
    const other = await startFakeDiscord();
    await fetch(`${other.apiBase}/v10/channels/${other.channelId}/messages`, {
      method: "POST",
      headers: { authorization: `Bot ${other.token}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "x", attachments: [{ id: 1 }] }),
    });
    expect(other.requestsChecked).toBe(1);
    await expect(other.close()).rejects.toThrow(
      /POST \/channels\/\d+\/messages .*attachments\[0\]\.id: Could not interpret number 1 as string/,
    );
  });
});

describe("options for load and soak runs", () => {
  it("rateLimits announces Discord's per-channel limit, which @discordjs/rest then keeps without a 429", async () => {
    const limited = await startFakeDiscord({ rateLimits: true, recordCalls: false });
    const seen: string[] = [];
    limited.onCall((c) => seen.push(`${c.route} ${c.status}`));
    const bot = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: limited.apiBase } });
    try {
      await bot.login(limited.token);
      await limited.ready();
      const channel = (await bot.channels.fetch(limited.channelId)) as any;
      const started = Date.now();
      for (let k = 0; k < 6; k++) await channel.send(`post ${k}`);
      // The sixth post waited for the 5-second window instead of being refused.
      expect(Date.now() - started).toBeGreaterThan(4000);
      expect(limited.rateLimitHits).toBe(0);
      expect(limited.calls).toEqual([]);
      expect(seen.filter((x) => x.startsWith("POST /channels/:id/messages"))).toHaveLength(6);
      // A second client on the same bucket, unaware of the first's budget, is refused.
      await fetch(`${limited.apiBase}/v10/channels/${limited.channelId}/messages`, {
        method: "POST",
        headers: { authorization: `Bot ${limited.token}`, "content-type": "application/json" },
        body: '{"content":"a"}',
      });
      const many = await Promise.all(
        Array.from({ length: 6 }, () =>
          fetch(`${limited.apiBase}/v10/channels/${limited.channelId}/messages`, {
            method: "POST",
            headers: { authorization: `Bot ${limited.token}`, "content-type": "application/json" },
            body: '{"content":"b"}',
          }),
        ),
      );
      expect(many.map((r) => r.status)).toContain(429);
      expect(limited.rateLimitHits).toBeGreaterThan(0);
    } finally {
      await bot.destroy();
      await limited.close();
    }
  }, 15_000);
});
