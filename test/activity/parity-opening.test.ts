/**
 * Door parity for opening a table: the same forbidden openings sent through the chat (the real bot
 * against the fake Discord) and through the Activity (the real web server, a WebSocket client as
 * the page makes them) get the same refusal, because the rules are the table service's, not the
 * doors': a Rematch in a channel where the server lets no table open, and a second table inside
 * the person's cooldown (a Rematch at either door, and /hearts new elsewhere).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeMessage } from "../fake-discord/server.js";
import { Player, byVerb, findButton, saidTo, startHarness, type Harness } from "../bot/harness.js";
import { signIn, simpleMove, type ActivityClient } from "./ws-client.js";
import { messages } from "../../src/i18n/index.js";

const COOLDOWN_S = 600;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    activity: true,
    renderer: null,
    users: 3,
    config: { rateLimits: { perUser: 0, perGuild: 0, openCooldownS: COOLDOWN_S } },
  });
});
afterAll(async () => {
  await h?.close();
});

const port = () => h.bot.activity!.port;
const en = messages("en");

async function channel(name: string): Promise<string> {
  const id = h.fake.addChannel(name);
  await h.fake.waitFor(() => h.bot.client.channels.cache.has(id) || null, 3000, "the channel in the bot's cache");
  return id;
}

const tableMessageIn = (ch: string): FakeMessage | null =>
  h.fake
    .channelMessages(ch)
    .filter((m) => m.embeds?.[0]?.title === "♥ Hearts")
    .at(-1) ?? null;

const refusals = (c: ActivityClient): string[] => c.frames.flatMap((f) => (f.t === "say" && f.tone === "refusal" ? [f.text] : []));

async function pageRefusal(c: ActivityClient, send: () => void): Promise<string> {
  const before = refusals(c).length;
  send();
  await c.until(() => refusals(c).length > before, 5000, "a refusal on the page");
  return refusals(c).at(-1)!;
}

async function chatRefusal(p: Player, handle: ReturnType<Player["click"]>): Promise<string> {
  await p.answer(handle);
  return saidTo(h, handle).trim();
}

/** The cooldown's sentence with its seconds left out (a few ms apart, the two doors may count a second apart). */
const anySeconds = (s: string) => s.replace(/\d+ s\b/, "N s");

describe("the same opening refused the same way at both doors", () => {
  it("a Rematch where the server allows no table, and a second table inside the cooldown: the chat's and the page's sentences are the same", async () => {
    const ch = await channel("parity-open");
    const [annU, bobU, adminU] = h.fake.users;
    const ann = new Player(h, annU);
    const bob = new Player(h, bobU);
    // Ann opens a short table (her cooldown now runs); Bob sits down from his page; they play it out.
    await ann.answer(ann.slash("new", { level: "easy", target: 1, bots: true }, ch));
    const annA = await signIn(port(), h.fake.oauthCode(annU), ch);
    const bobA = await signIn(port(), h.fake.oauthCode(bobU), ch);
    bobA.send({ t: "join" });
    await annA.until(() => annA.table?.seats.length === 2, 5000, "Bob seated");
    annA.send({ t: "start" });
    // Each page plays its own seat; polled, as one page's frame may come before the other's.
    const acted = new Map<ActivityClient, number>();
    const end = Date.now() + 30_000;
    while (annA.table?.game?.phase !== "game-over") {
      if (Date.now() > end) throw new Error("the game did not end in time");
      for (const c of [annA, bobA]) {
        const t = c.table;
        const move = t && simpleMove(t);
        if (move && t.game!.version !== acted.get(c)) {
          acted.set(c, t.game!.version);
          c.send(move);
        }
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    const finished = await h.fake.waitFor(
      () => {
        const m = tableMessageIn(ch);
        return m && findButton(m, byVerb("rematch")) ? m : null;
      },
      5000,
      "Rematch on the table message",
    );
    const rematchId = findButton(finished, byVerb("rematch")).custom_id as string;

    // The server now lets tables open elsewhere only: Bob's Rematch is refused alike at both doors.
    h.fake.grant(adminU, "ManageGuild");
    const admin = new Player(h, adminU);
    const elsewhere = await channel("parity-tables-here");
    await admin.answer(admin.slash("settings", { add_channel: { type: 7, value: elsewhere } } as never));
    const notHere = en.settings.channelNotAllowed({ channels: `<#${elsewhere}>` });
    const chatChannel = await chatRefusal(bob, bob.click(finished.id, rematchId));
    const pageChannel = await pageRefusal(bobA, () => bobA.send({ t: "rematch" }));
    expect(chatChannel).toBe(notHere);
    expect(pageChannel).toBe(chatChannel);
    expect(h.bot.service.system.tableIn(ch)).toBeNull();
    await admin.answer(admin.slash("settings", { reset: "channels" } as never));

    // Ann opened a table a moment ago: her Rematch (chat, page) and a new table elsewhere are refused
    // with the cooldown's sentence, the same at each door.
    const chatCooldown = await chatRefusal(ann, ann.click(finished.id, rematchId));
    const pageCooldown = await pageRefusal(annA, () => annA.send({ t: "rematch" }));
    const newElsewhere = await chatRefusal(ann, ann.slash("new", {}, elsewhere));
    expect(anySeconds(chatCooldown)).toBe(anySeconds(en.fairUse.openCooldown({ seconds: COOLDOWN_S })));
    expect(anySeconds(pageCooldown)).toBe(anySeconds(chatCooldown));
    expect(anySeconds(newElsewhere)).toBe(anySeconds(chatCooldown));
    expect(h.bot.service.system.tableIn(ch)).toBeNull();
    expect(h.bot.service.system.tableIn(elsewhere)).toBeNull();

    // Bob's refused attempts spent none of his cooldown: his Rematch from the page opens the next table.
    bobA.send({ t: "rematch" });
    await bobA.until(() => bobA.table?.status === "lobby", 5000, "the rematch on Bob's page");
    expect(h.bot.service.system.tableIn(ch)?.record.hostId).toBe(annU.id);
    for (const c of [annA, bobA]) c.close();
  }, 60_000);
});
