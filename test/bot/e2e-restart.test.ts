/**
 * Through the fake Discord: the bot restarts mid-hand on the same database and the old buttons keep
 * working; an expired interaction token is never used; a deleted table message, rate limits and a
 * channel without permissions do not stop the game or the bot.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeId } from "../../src/discord/interactions/ids.js";
import {
  Player,
  answeredPrivately,
  findTableMessage,
  quiet,
  byVerb,
  components,
  findButton,
  gamePosts,
  playUntil,
  saidTo,
  startHarness,
  tableIdOf,
  tableMessage,
  textOf,
  type Harness,
} from "./harness.js";

let h: Harness;
let ann: Player;
let bob: Player;
let tableId: string;

beforeAll(async () => {
  h = await startHarness({ renderer: null });
  [ann, bob] = [0, 1].map((i) => new Player(h, h.fake.users[i]));
  await ann.answer(ann.slash("new", { target: 75 }));
  const table = tableMessage(h.fake);
  tableId = tableIdOf(table);
  await bob.answer(bob.click(table.id, findButton(table, byVerb("join")).custom_id));
  ann.menuId = (await ann.answer(ann.click(table.id, findButton(table, byVerb("start")).custom_id))).id;
  await bob.openHand();
});
afterAll(async () => {
  await h?.close();
});

const annToPlay = () =>
  textOf(ann.menu()).includes("Your turn") &&
  components(ann.menu()).some((c) => decodeId(c.custom_id ?? "")?.verb === "play" && !c.disabled);

describe("restart and faults", () => {
  it("a restart mid-hand resumes the table, and a button shown before it still plays", async () => {
    await playUntil(h, [ann, bob], () => annToPlay() && (textOf(ann.menu()).match(/trick (\d+) of 13/)?.[1] ?? "0") >= "3", 15_000);
    const menu = ann.menu()!;
    const button = components(menu).find((c) => decodeId(c.custom_id ?? "")?.verb === "play" && !c.disabled)!;
    const actionsBefore = (await h.store.loadActions(tableId)).length;

    const editsBefore = menu.edits;
    await h.restart();
    // No silent restart: the menu Ann still has open is brought up to date at once (without her
    // pressing anything), and the thread says once that the bot is back.
    await h.fake.waitFor(
      () => (h.fake.messages.get(menu.id)?.edits ?? 0) > editsBefore,
      3000,
      "Ann's open menu refreshed after the restart",
    );
    await h.fake.waitFor(
      () => gamePosts(h.fake).some((m) => m.content.includes("I'm back after a restart")),
      3000,
      "the back-after-a-restart notice",
    );
    expect(gamePosts(h.fake).filter((m) => m.content.includes("I'm back after a restart"))).toHaveLength(1);
    expect(textOf(h.fake.messages.get(menu.id))).toContain("Your turn");
    const click = ann.click(menu.id, button.custom_id);
    await click.ack;
    await h.fake.waitFor(() => saidTo(h, click), 3000, "an answer");
    expect(saidTo(h, click)).toContain(`✅ You played ${button.label}`);
    expect((await h.store.loadActions(tableId)).length).toBeGreaterThan(actionsBefore);
    // The game goes on to the end of the hand with the new process.
    await playUntil(h, [ann, bob], () => gamePosts(h.fake).some((m) => m.content.includes("scored")), 15_000);
  }, 40_000);

  it("after 15 minutes an old menu token is left alone; My hand opens a working one", async () => {
    await quiet(h);
    h.fake.advanceClock(16 * 60_000);
    // Whatever happens next, the bot may not edit menus through the expired tokens.
    await playUntil(h, [bob], () => annToPlay() || textOf(ann.menu()).includes("Pass 3"), 4000).catch(() => undefined);
    await ann.openHand();
    await bob.openHand();
    await playUntil(
      h,
      [ann, bob],
      () =>
        gamePosts(h.fake).filter((m) => m.content.includes("scored")).length >= 2 ||
        gamePosts(h.fake).some((m) => m.content.includes("Game over")),
      20_000,
    );
    expect(h.fake.violations).toEqual([]);
  }, 40_000);

  it("a deleted table message is put up again and the game goes on", async () => {
    const old = tableMessage(h.fake);
    h.fake.deleteMessage(old.id);
    await playUntil(h, [ann, bob], () => findTableMessage(h.fake)?.id !== undefined && findTableMessage(h.fake)!.id !== old.id, 15_000);
    expect(findButton(tableMessage(h.fake), byVerb("hand"))).toBeTruthy();
    // The new message's buttons work.
    await ann.openHand();
  }, 30_000);

  it("rate limits on posts are waited out; nothing is lost", async () => {
    const thread = h.fake.threads()[0];
    const posts = gamePosts(h.fake).length;
    h.fake.failNext(
      (method, path) => method === "POST" && path === `/channels/${thread.id}/messages`,
      { status: 429, retryAfter: 0.05 },
      3,
    );
    await playUntil(h, [ann, bob], () => gamePosts(h.fake).length >= posts + 4, 15_000);
    expect(h.fake.calls.filter((c) => c.status === 429).length).toBeGreaterThanOrEqual(1);
  }, 30_000);

  it("in a channel where it may not post, /hearts new says which permissions are missing", async () => {
    const other = "700000000000000099";
    h.fake.channels.set(other, { id: other, type: 0, guild_id: h.fake.guildId, name: "locked", position: 1, permission_overwrites: [] });
    h.fake.denyPermissions(other);
    const carl = new Player(h, h.fake.users[2]);
    const handle = carl.slash("new", {}, other);
    await handle.ack;
    await h.fake.waitFor(() => saidTo(h, handle), 3000, "an answer");
    expect(saidTo(h, handle)).toMatch(
      /I can't run a table here: I am missing the (View Channel, )?Send Messages, Embed Links, Attach Files permissions in this channel/,
    );
    expect(answeredPrivately(h, handle)).toBe(true);
  });

  it("a deleted channel closes its table; the other tables go on", async () => {
    const doomed = h.fake.addChannel("doomed");
    const dee = new Player(h, h.fake.users[3]);
    await h.fake.waitFor(() => h.bot.client.channels.cache.has(doomed), 3000, "the new channel in the bot's cache");
    const opened = dee.slash("new", {}, doomed);
    await h.fake.waitFor(() => saidTo(h, opened).includes("Your table is open"), 3000, "Dee's table");
    const doomedId = (await h.store.findOpenTable(doomed))!.id;
    h.fake.deleteChannel(doomed);
    await h.fake.waitFor(() => h.bot.service.system.tableIn(doomed) === null, 3000, "the doomed table to close");
    expect((await h.store.getTable(doomedId))!.status).toBe("abandoned");
  });

  it("the game still finishes, and Discord's rules were kept", async () => {
    await playUntil(h, [ann, bob], () => gamePosts(h.fake).some((m) => m.content.includes("Game over")), 60_000);
    expect((await h.store.getTable(tableId))!.status).toBe("finished");
    expect(h.fake.violations).toEqual([]);
    expect(h.fake.unhandled).toEqual([]);
  }, 40_000);
});
