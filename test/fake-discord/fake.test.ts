/** The fake Discord against the real discord.js client, with a throwaway handler. */
import { AttachmentBuilder, ActionRowBuilder, ButtonBuilder, ButtonStyle, Client, GatewayIntentBits, MessageFlags, type Interaction } from "discord.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { EPHEMERAL, startFakeDiscord, type FakeDiscord } from "./server.js";

let fake: FakeDiscord;
let client: Client;

async function handle(i: Interaction): Promise<void> {
  if (i.isChatInputCommand()) {
    const sub = i.options.getSubcommand();
    if (sub === "ping") await i.reply({ content: "pong", components: [new ActionRowBuilder<ButtonBuilder>().addComponents(new ButtonBuilder().setCustomId("b1").setLabel("Press").setStyle(ButtonStyle.Primary))] });
    if (sub === "secret") await i.reply({ content: "only you", flags: MessageFlags.Ephemeral });
    if (sub === "picture") {
      await i.deferReply();
      await i.editReply({ content: "here", files: [new AttachmentBuilder(Buffer.alloc(1234, 1), { name: "x.png" })] });
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
  } else if (i.isButton()) await i.update({ content: `pressed by ${i.user.id}`, components: [] });
}

beforeAll(async () => {
  fake = await startFakeDiscord();
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase } });
  client.on("interactionCreate", (i) => void handle(i).catch((e) => console.error(e)));
  await client.login(fake.token);
  await fake.ready();
  await new Promise<void>((r) => (client.isReady() ? r() : client.once("clientReady", () => r())));
});
afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

it("a slash command is answered, and a click on its button updates the message", async () => {
  const h = fake.slashCommand(fake.users[0], "hearts", { subcommand: "ping" });
  expect((await h.ack).type).toBe(4);
  const msg = h.reply()!;
  expect(msg.content).toBe("pong");
  const click = fake.clickButton(fake.users[1], msg.id, "b1");
  expect((await click.ack).type).toBe(7);
  expect(fake.messages.get(msg.id)!.content).toBe(`pressed by ${fake.users[1].id}`);
});

it("ephemeral replies are visible to their user only", async () => {
  const h = fake.slashCommand(fake.users[2], "hearts", { subcommand: "secret" });
  await h.ack;
  expect(h.reply()!.flags & EPHEMERAL).toBe(EPHEMERAL);
  expect(fake.visibleTo(fake.users[2].id).map((m) => m.id)).toContain(h.reply()!.id);
  expect(fake.visibleTo(fake.users[0].id).map((m) => m.id)).not.toContain(h.reply()!.id);
});

it("deferral, an edit with an uploaded file, and a follow-up", async () => {
  const h = fake.slashCommand(fake.users[0], "hearts", { subcommand: "picture" });
  expect((await h.ack).type).toBe(5);
  await fake.waitFor(() => h.followUps().length === 1, 5000, "follow-up");
  expect(h.reply()).toMatchObject({ content: "here", attachments: [{ filename: "x.png", size: 1234 }] });
  expect(h.followUps()[0].content).toBe("and more");
});

it("threads, a 429 recovered from, and a gateway drop resumed", async () => {
  fake.failNext(/^POST \/channels\/\d+\/messages$/, { status: 429, retryAfter: 0.05 });
  const h = fake.slashCommand(fake.users[0], "hearts", { subcommand: "thread" });
  await h.ack;
  expect(fake.threads()).toHaveLength(1);
  expect(fake.channelMessages(fake.threads()[0].id)[0].content).toBe("hello thread");
  expect(fake.calls.some((c) => c.status === 429)).toBe(true);

  fake.dropGateway();
  await new Promise((r) => setTimeout(r, 200));
  const after = fake.slashCommand(fake.users[1], "hearts", { subcommand: "ping" });
  expect((await after.ack).type).toBe(4);
  expect(fake.violations).toEqual([]);
  expect(fake.unhandled).toEqual([]);
});
