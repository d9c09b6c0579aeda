/**
 * The fake Discord's sharded gateway against real discord.js clients, one per shard (as two shard
 * processes would be): each gets only its own guilds, an interaction reaches only the shard owning
 * its guild, and a dropped shard resumes its own session without disturbing the other.
 */
import { Client, Events, GatewayIntentBits, MessageFlags, type Interaction } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shardOf } from "../../src/shard-of.js";
import { shardOf as fakeShardOf, startFakeDiscord, type FakeDiscord } from "../fake-discord/server.js";

let fake: FakeDiscord;
const clients: Client[] = [];
/** Interactions each shard's client received: "shard:guild:command". */
const seen: string[] = [];

beforeAll(async () => {
  fake = await startFakeDiscord({ guilds: 5, shards: 2, maxConcurrency: 2 });
  for (const id of [0, 1]) {
    const client = new Client({ intents: [GatewayIntentBits.Guilds], shards: [id], shardCount: 2, rest: { api: fake.apiBase } });
    client.on(Events.InteractionCreate, (i: Interaction) => {
      if (!i.isChatInputCommand()) return;
      seen.push(`${id}:${i.guildId}:${i.options.getSubcommand()}`);
      i.reply({ content: `shard ${id}`, flags: MessageFlags.Ephemeral }).catch((err: unknown) => seen.push(`reply failed: ${String(err)}`));
    });
    const ready = new Promise((r) => client.once(Events.ClientReady, r));
    await client.login(fake.token);
    await ready;
    clients.push(client);
  }
}, 30_000);

afterAll(async () => {
  for (const c of clients) await c.destroy();
  await fake?.close();
});

describe("the fake's sharded gateway", () => {
  it("recommends its shard count and routes guilds by Discord's formula", async () => {
    const info = await (await fetch(`${fake.apiBase}/v10/gateway/bot`, { headers: { authorization: `Bot ${fake.token}` } })).json();
    expect(info).toMatchObject({ shards: 2, session_start_limit: { max_concurrency: 2 } });
    // The same formula as the bot's: (guild_id >> 22) % shards.
    for (const g of fake.guilds) expect(fakeShardOf(g.id, 2)).toBe(shardOf(g.id, 2));
    expect(fake.liveShards()).toEqual([0, 1]);
  });

  it("gives each shard only its own guilds", () => {
    for (const [id, client] of clients.entries()) {
      const mine = fake.guilds
        .filter((g) => shardOf(g.id, 2) === id)
        .map((g) => g.id)
        .sort();
      expect(mine.length).toBeGreaterThan(0);
      expect([...client.guilds.cache.keys()].sort()).toEqual(mine);
      expect(client.channels.cache.has(fake.guilds.find((g) => g.id === mine[0])!.channelId)).toBe(true);
    }
  });

  it("sends an interaction only to the shard owning its guild", async () => {
    for (const g of fake.guilds) await fake.slashCommand(fake.users[0], "hearts", { subcommand: "scores" }, g.channelId).ack;
    expect(seen.sort()).toEqual(fake.guilds.map((g) => `${shardOf(g.id, 2)}:${g.id}:scores`).sort());
    expect(fake.violations).toEqual([]);
  });

  it("a guild added later appears on its shard only; a dropped shard resumes and gets what it missed", async () => {
    const late = fake.addGuild({ shard: [1, 2] });
    await fake.waitFor(() => clients[1].guilds.cache.has(late.id), 3000, "the new guild on shard 1");
    expect(clients[0].guilds.cache.has(late.id)).toBe(false);

    seen.length = 0;
    const resumes = fake.gateway.resumes;
    fake.dropGateway({ shard: 1 });
    expect(fake.liveShards()).toEqual([0]);
    // Sent while shard 1 is away: it arrives when the client resumes; shard 0 is not disturbed.
    const away = fake.slashCommand(fake.users[1], "hearts", { subcommand: "hand" }, late.channelId);
    const other = fake.guilds.find((g) => shardOf(g.id, 2) === 0)!;
    await fake.slashCommand(fake.users[1], "hearts", { subcommand: "hand" }, other.channelId).ack;
    await away.ack;
    expect(fake.gateway.resumes).toBe(resumes + 1);
    expect(fake.liveShards()).toEqual([0, 1]);
    expect(seen.sort()).toEqual([`0:${other.id}:hand`, `1:${late.id}:hand`].sort());
  }, 15_000);
});
