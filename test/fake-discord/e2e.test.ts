/**
 * The fake Discord against the real discord.js 14 client, with a throwaway handler defined here
 * (not the bot): slash commands, buttons, deferral and edits, uploads, follow-ups, threads,
 * 429 and 500 recovery, and a dropped gateway resumed with the missed interaction replayed.
 */
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  Client,
  DiscordAPIError,
  GatewayIntentBits,
  MessageFlags,
  PermissionFlagsBits,
  Routes,
  type ChatInputCommandInteraction,
  type Interaction,
  type TextChannel,
} from "discord.js";
import { PNG } from "pngjs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeDiscord, type FakeDiscord } from "./index.js";

let fake: FakeDiscord;
let client: Client;
/** What the throwaway bot does per subcommand of /demo; set by each test. */
const commands = new Map<string, (i: ChatInputCommandInteraction) => Promise<void>>();
/** Errors thrown inside the handler (e.g. a DiscordAPIError the test expects). */
const handlerErrors: unknown[] = [];

function png(width: number, height: number): Buffer {
  return PNG.sync.write(new PNG({ width, height }));
}

async function onInteraction(i: Interaction): Promise<void> {
  if (i.isChatInputCommand()) {
    const run = commands.get(i.options.getSubcommand());
    if (run) await run(i);
  } else if (i.isButton() && i.customId === "demo:press") {
    await i.update({ content: `pressed by ${i.user.username}`, components: [] });
  } else if (i.isStringSelectMenu()) {
    await i.reply({ content: `picked ${i.values.join(",")}`, flags: MessageFlags.Ephemeral });
  }
}

const channel = () => client.channels.cache.get(fake.channelId) as TextChannel;

beforeAll(async () => {
  fake = await startFakeDiscord({ log: false });
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase } });
  client.on("interactionCreate", (i) => void onInteraction(i).catch((err) => handlerErrors.push(err)));
  const ready = new Promise<void>((resolve) => client.once("clientReady", () => resolve()));
  await client.login(fake.token);
  await ready;
  await client.application!.commands.set(
    [
      {
        name: "demo",
        description: "Throwaway commands for the fake's self-test",
        descriptionLocalizations: { fr: "Commandes jetables" },
        options: ["ping", "secret", "picture", "thread", "post", "menu"].map((name) => ({ type: 1, name, description: name })),
      },
    ],
    fake.guildId,
  );
});

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

beforeEach(() => {
  commands.clear();
  handlerErrors.length = 0;
  fake.clearViolations();
});

describe("discord.js logs in to the fake", () => {
  it("gets READY and the guild with its channels, roles and its own member", () => {
    expect(client.user!.id).toBe(fake.bot.id);
    const guild = client.guilds.cache.get(fake.guildId)!;
    expect(guild.available).toBe(true);
    expect(guild.channels.cache.get(fake.channelId)?.name).toBe("hearts");
    expect(guild.members.me?.id).toBe(fake.bot.id);
    const perms = channel().permissionsFor(client.user!)!;
    expect(perms.has(PermissionFlagsBits.SendMessages | PermissionFlagsBits.CreatePublicThreads | PermissionFlagsBits.AttachFiles)).toBe(true);
    expect(perms.has(PermissionFlagsBits.ManageGuild)).toBe(false);
  });

  it("registered the guild command, localisations included", () => {
    const [cmd] = fake.commands(fake.guildId);
    expect(cmd.name).toBe("demo");
    expect(cmd.description_localizations).toEqual({ fr: "Commandes jetables" });
    expect(cmd.options.map((o: any) => o.name)).toContain("picture");
  });
});

describe("interactions", () => {
  it("answers a slash command, then a click on its button updates that message", async () => {
    commands.set("ping", async (i) => {
      const row = new ActionRowBuilder<ButtonBuilder>().addComponents(new ButtonBuilder().setCustomId("demo:press").setLabel("Press").setStyle(ButtonStyle.Primary));
      await i.reply({ content: "pong", components: [row] });
    });
    const ana = fake.user("ana");
    const cmd = fake.slashCommand(ana, "demo", { subcommand: "ping" });
    const ack = await cmd.ack;
    expect(ack.type).toBe(4);
    expect(ack.latencyMs).toBeLessThan(3000);
    const reply = await cmd.waitForResponse();
    expect(reply.content).toBe("pong");
    expect(reply.visibleTo).toBeNull();
    expect(reply.button("Press")?.customId).toBe("demo:press");

    const click = fake.clickButton(fake.user("ben"), reply, { label: "Press" });
    expect((await click.ack).type).toBe(7);
    expect(click.forged).toBeNull();
    expect(reply.content).toBe("pressed by player2");
    expect(reply.components).toEqual([]);
    expect(reply.history.map((v) => v.content)).toEqual(["pong"]);
    expect(click.response()).toBe(reply);
  });

  it("defers, edits the reply with an uploaded picture, and follows up, all ephemeral", async () => {
    commands.set("picture", async (i) => {
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      await i.editReply({ content: "your hand", files: [new AttachmentBuilder(png(4, 3), { name: "hand.png", description: "cards" })] });
      await i.followUp({ content: "and a note", flags: MessageFlags.Ephemeral });
    });
    const cy = fake.user("cy");
    const cmd = fake.slashCommand(cy, "demo", { subcommand: "picture" });
    expect((await cmd.ack).type).toBe(5);
    const reply = await cmd.waitForResponse((m) => m.content === "your hand");
    expect(reply.ephemeral).toBe(true);
    expect(reply.visibleTo).toBe(cy.id);
    expect(reply.attachments).toMatchObject([{ filename: "hand.png", description: "cards", contentType: "image/png", width: 4, height: 3 }]);
    expect(reply.attachments[0].data?.subarray(1, 4).toString()).toBe("PNG");
    const note = await cmd.waitForFollowUp();
    expect(note).toMatchObject({ content: "and a note", visibleTo: cy.id });

    const upload = cmd.calls().find((c) => c.files.length)!;
    expect(upload.route).toBe("PATCH /webhooks/:appId/:token/messages/:messageId");
    expect(upload.path).toContain("/messages/@original");
    expect(upload.files[0]).toMatchObject({ field: "files[0]", filename: "hand.png" });
    // Secrecy input: everything this interaction showed was seen by Cy only.
    const shown = fake.shownPayloads().filter((p) => p.interactionId === cmd.id);
    expect(shown.length).toBe(2);
    expect(shown.every((p) => p.visibleTo === cy.id)).toBe(true);
  });

  it("a follow-up right after a deferral replaces the thinking message and keeps its visibility", async () => {
    commands.set("secret", async (i) => {
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      await i.followUp({ content: "meant to be public" });
    });
    const cmd = fake.slashCommand(fake.user("dee"), "demo", { subcommand: "secret" });
    const reply = await cmd.waitForResponse();
    expect(reply.content).toBe("meant to be public");
    expect(reply.ephemeral).toBe(true);
    expect(cmd.followUps()).toEqual([]);
  });

  it("starts a thread from a channel message and posts in it", async () => {
    commands.set("thread", async (i) => {
      const msg = await channel().send("table");
      const thread = await msg.startThread({ name: "Hearts game" });
      await thread.send("first trick");
      await i.reply({ content: `thread ${thread.id}`, flags: MessageFlags.Ephemeral });
    });
    const cmd = fake.slashCommand(fake.user("ana"), "demo", { subcommand: "thread" });
    await cmd.waitForResponse();
    expect(handlerErrors).toEqual([]);
    const [thread] = fake.threads(fake.channelId);
    expect(thread).toMatchObject({ name: "Hearts game", kind: "public_thread", ownerId: fake.bot.id });
    const starter = fake.messages.get(thread.id)!;
    expect(starter.content).toBe("table");
    expect(starter.threadId).toBe(thread.id);
    expect(fake.channelMessages(thread.id).map((m) => m.content)).toEqual(["first trick"]);
    expect(client.channels.cache.get(thread.id)?.type).toBe(ChannelType.PublicThread);
  });

  it("a select menu choice arrives with its values", async () => {
    commands.set("menu", async (i) => {
      await i.reply({
        content: "pick",
        flags: MessageFlags.Ephemeral,
        components: [{ type: 1, components: [{ type: 3, custom_id: "demo:pick", min_values: 2, max_values: 2, options: ["A", "B", "C"].map((v) => ({ label: v, value: v })) }] }],
      });
    });
    const ben = fake.user("ben");
    const menu = await fake.slashCommand(ben, "demo", { subcommand: "menu" }).waitForResponse();
    const pick = fake.selectMenu(ben, menu, "demo:pick", ["A", "C"]);
    expect((await pick.waitForResponse()).content).toBe("picked A,C");
    // Someone else's ephemeral menu: sent anyway (a forged request), and marked as such.
    const forged = fake.selectMenu(fake.user("cy"), menu, "demo:pick", ["B"]);
    await forged.ack;
    expect(forged.forged).toMatch(/ephemeral to player2.*select menu "demo:pick" takes 2\.\.2 values/);
  });
});

describe("faults", () => {
  it("waits out an injected 429 and retries transparently", async () => {
    fake.faults.rateLimit("POST /channels/:channelId/messages", { retryAfterMs: 300 });
    const started = Date.now();
    const msg = await channel().send("after the rate limit");
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    const calls = fake.callsTo("POST /channels/:channelId/messages").slice(-2);
    expect(calls.map((c) => c.status)).toEqual([429, 200]);
    expect(fake.messages.get(msg.id)?.content).toBe("after the rate limit");
  });

  it("retries a 500 (discord.js retries 3 times) and gives up on the 4th", async () => {
    fake.faults.serverError("POST /channels/:channelId/messages", { count: 2 });
    await expect(channel().send("through two 500s")).resolves.toBeTruthy();
    fake.faults.serverError("POST /channels/:channelId/messages", { count: 4 });
    await expect(channel().send("never")).rejects.toThrow(/Internal Server Error/);
    expect(fake.channelMessages(fake.channelId).filter((m) => m.content === "never")).toEqual([]);
  });

  it("answers 403 Missing Permissions once the bot's permissions are revoked, and discord.js sees it", async () => {
    const other = fake.addChannel("locked");
    await fake.waitFor(() => client.channels.cache.get(other), "CHANNEL_CREATE to reach discord.js");
    fake.denyBotPermissions(other, ["SendMessages"]);
    const locked = client.channels.cache.get(other) as TextChannel;
    await fake.waitFor(() => !locked.permissionsFor(client.user!)!.has(PermissionFlagsBits.SendMessages), "CHANNEL_UPDATE");
    const err = await locked.send("hi").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DiscordAPIError);
    expect((err as DiscordAPIError).code).toBe(50013);
    expect(fake.violations).toEqual([]); // revoked by the test: an expected refusal, not a bot bug
  });

  it("answers 10008 for an edit of a message deleted by a moderator", async () => {
    const msg = await channel().send("soon gone");
    fake.deleteMessage(msg.id);
    const err = await msg.edit("too late").catch((e: unknown) => e);
    expect((err as DiscordAPIError).code).toBe(10008);
  });

  it("a dropped gateway is resumed, and an interaction sent meanwhile is replayed", async () => {
    commands.set("ping", async (i) => void (await i.reply("still here")));
    const back = fake.gateway.waitForReconnect();
    fake.gateway.drop();
    const during = fake.slashCommand(fake.user("ana"), "demo", { subcommand: "ping" });
    expect(await back).toBe("resumed");
    expect((await during.waitForResponse()).content).toBe("still here");
    expect(fake.gateway.stats).toMatchObject({ identifies: 1, resumes: 1 });
  });

  it("opcode 7 (reconnect) is also resumed", async () => {
    const back = fake.gateway.waitForReconnect();
    fake.gateway.requestReconnect();
    expect(await back).toBe("resumed");
    commands.set("ping", async (i) => void (await i.reply("after op 7")));
    expect((await fake.slashCommand(fake.user("ben"), "demo", { subcommand: "ping" }).waitForResponse()).content).toBe("after op 7");
  });
});

describe("rules", () => {
  it("a late acknowledgement gets 10062 and both the timeout and the late call are reported", async () => {
    commands.set("ping", async (i) => {
      await new Promise((r) => setTimeout(r, 3100));
      await i.reply("too late");
    });
    const late = fake.slashCommand(fake.user("ben"), "demo", { subcommand: "ping" });
    await expect(late.ack).rejects.toThrow(/acknowledgement/);
    await fake.waitFor(() => handlerErrors.length > 0, "the late reply to fail");
    expect((handlerErrors[0] as DiscordAPIError).code).toBe(10062);
    expect(late.failed).toBe(true);
    expect(fake.violations.map((v) => v.kind)).toEqual(["ack_timeout", "late_ack"]);
  }, 10_000);

  it("a second acknowledgement gets 40060 and is reported", async () => {
    commands.set("post", async (i) => {
      await i.reply("first");
      await client.rest.post(Routes.interactionCallback(i.id, i.token), { body: { type: 4, data: { content: "again" } }, auth: false });
    });
    const twice = fake.slashCommand(fake.user("ana"), "demo", { subcommand: "post" });
    await fake.waitFor(() => handlerErrors.length > 0, "the second acknowledgement to fail");
    expect((handlerErrors[0] as DiscordAPIError).code).toBe(40060);
    expect(twice.acknowledgement?.type).toBe(4);
    expect(fake.violations.map((v) => v.kind)).toEqual(["double_ack"]);
  });

  it("expires interaction tokens after 15 minutes on the fake's clock", async () => {
    commands.set("ping", async (i) => void (await i.reply("fresh")));
    const cmd = fake.slashCommand(fake.user("ana"), "demo", { subcommand: "ping" });
    await cmd.waitForResponse();
    fake.advanceTokenClock(15 * 60_000 + 1);
    const err = await client.rest
      .patch(Routes.webhookMessage(fake.applicationId, cmd.token, "@original"), { body: { content: "stale" }, auth: false })
      .catch((e: unknown) => e);
    expect((err as DiscordAPIError).code).toBe(50027);
    expect(cmd.response()!.content).toBe("fresh");
    expect(fake.violations.at(-1)?.kind).toBe("token_expired");
  });

  it("refuses a reply over Discord's component limits with 50035 and reports it", async () => {
    commands.set("ping", async (i) => {
      const rows = Array.from({ length: 6 }, (_, r) => ({ type: 1, components: [{ type: 2, style: 1, custom_id: `b${r}`, label: "x" }] }));
      await i.reply({ content: "too many rows", components: rows }).catch(async (err: unknown) => {
        handlerErrors.push(err);
        await i.reply({ content: "fixed", components: rows.slice(0, 5) });
      });
    });
    const cmd = fake.slashCommand(fake.user("ana"), "demo", { subcommand: "ping" });
    await fake.waitFor(() => handlerErrors.length > 0, "the reply to be refused");
    expect((handlerErrors[0] as DiscordAPIError).code).toBe(50035);
    expect((handlerErrors[0] as DiscordAPIError).rawError).toMatchObject({ errors: { data: { components: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH" }] } } } });
    // The refused reply did not acknowledge; the corrected one did.
    expect((await cmd.waitForResponse()).content).toBe("fixed");
    expect(cmd.calls().map((c) => c.status)).toEqual([400, 204]);
    expect(fake.violations.map((v) => v.kind)).toEqual(["invalid_body"]);
  });
});

// Last: discord.js throttles identifies to one per 5 s, so this runs long after the first login.
describe("sessions", () => {
  it("an invalid session makes discord.js identify again and get its guilds again", async () => {
    const back = fake.gateway.waitForReconnect(12_000);
    fake.gateway.invalidateSession(false);
    expect(await back).toBe("ready");
    expect(fake.gateway.stats.identifies).toBe(2);
    await fake.waitFor(() => client.isReady() && client.guilds.cache.get(fake.guildId)?.available, "the guild after re-identifying");
    commands.set("ping", async (i) => void (await i.reply("new session")));
    expect((await fake.slashCommand(fake.user("cy"), "demo", { subcommand: "ping" }).waitForResponse()).content).toBe("new session");
  }, 15_000);
});
