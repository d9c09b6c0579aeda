/**
 * A calm table (issue 15): four people play through their private menus. The thread reads as one
 * post per trick and one per hand, nobody prompt is pinged, and someone who stays away is
 * mentioned once, alone, by a post that does not stay behind.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeMessage } from "../fake-discord/server.js";
import {
  Player,
  byVerb,
  findButton,
  findTableMessage,
  gamePosts,
  playUntil,
  quiet,
  startHarness,
  tableMessage,
  textOf,
  type Harness,
} from "./harness.js";

let h: Harness;
let people: Player[];
beforeAll(async () => {
  h = await startHarness();
  people = [0, 1, 2, 3].map((i) => new Player(h, h.fake.users[i]));
});
afterAll(async () => {
  await h?.close();
});

/**
 * A trick's post: its picture and its caption. (When posting falls behind the game, as it can at
 * test speed on a busy machine, the tricks waiting share one post instead of queueing.)
 */
const tricksIn = (m: FakeMessage) => m.content.split("\n").filter((l) => /^Trick \d+:/.test(l)).length;
const isTrickPost = (m: FakeMessage) =>
  tricksIn(m) > 0 &&
  m.content.split("\n").length === tricksIn(m) &&
  m.attachments.length === tricksIn(m) &&
  m.attachments.every((a) => /^trick-\d+\.png$/.test(a.filename));
const isScorePost = (m: FakeMessage) => /\*\*Hand \d+ scored\*\*/.test(m.content);

/** Everyone sits down; the host starts; the others open their menus from the start post's mention. */
async function seatAndStart(opts: { skip?: Player } = {}): Promise<void> {
  const [ann, ...others] = people;
  let table = findTableMessage(h.fake)!;
  if (!table || !findButton(table, byVerb("start"))) {
    await ann.answer(ann.slash("new", { target: 26 }));
    table = tableMessage(h.fake);
    for (const p of others) await p.answer(p.click(table.id, findButton(table, byVerb("join")).custom_id));
  }
  const started = await ann.answer(ann.click(table.id, findButton(table, byVerb("start")).custom_id));
  ann.menuId = started.id;
  for (const p of others) if (p !== opts.skip) await p.openHand();
}

describe("a calm table of four people", () => {
  it("a hand reads as 13 trick posts and a score post, and nobody answering promptly is pinged", async () => {
    await seatAndStart();
    await playUntil(h, people, () => gamePosts(h.fake).some((m) => m.content.includes("Game over")), 30_000);
    await quiet(h);
    const posts = gamePosts(h.fake);
    // SHOW_THREAD=1: the thread as a player reads it (mentions as @names).
    if (process.env.SHOW_THREAD) {
      const names = new Map(h.fake.users.map((u) => [u.id, u.globalName]));
      console.log(
        posts
          .map(
            (m) =>
              `${m.content.replace(/<@(\d+)>/g, (_, id: string) => `@${names.get(id) ?? id}`)}${m.attachments.length ? `  [${m.attachments.map((a) => a.filename).join(", ")}]` : ""}${m.pings.length ? `  (notifies ${m.pings.map((id) => names.get(id)).join(", ")})` : ""}`,
          )
          .join("\n"),
      );
    }
    // The first post starts the game and mentions the people who had no menu open yet (all but the host).
    expect(posts[0].content).toContain("Game on!");
    expect(posts[0].pings.sort()).toEqual(
      people
        .slice(1)
        .map((p) => p.user.id)
        .sort(),
    );
    const over = posts.at(-1)!;
    expect(over.content).toContain("Game over");
    // Everything between is a trick (its picture and who took what) or a hand's score: no turn posts, no pings.
    const middle = posts.slice(1, -1);
    expect(middle.filter((m) => !isTrickPost(m) && !isScorePost(m)).map((m) => m.content)).toEqual([]);
    expect(middle.flatMap((m) => m.pings)).toEqual([]);
    const hands = posts.filter(isScorePost).length;
    expect(hands).toBeGreaterThanOrEqual(1);
    // A hand: its tricks in order, each once, then its score; the game over rides on the last score post.
    let trick = 0;
    for (const m of posts.slice(1)) {
      if (isTrickPost(m)) for (const line of m.content.split("\n")) expect(line).toMatch(new RegExp(`^Trick ${++trick}:`));
      else if (isScorePost(m)) {
        expect(trick).toBeLessThanOrEqual(13);
        trick = 0;
      }
    }
    const tricks = posts.filter(isTrickPost);
    expect(tricks.filter((m) => tricksIn(m) === 1).length).toBeGreaterThan(tricks.length * 0.6);
    expect(isScorePost(over)).toBe(true);
    // Nobody had to reopen their menu: it told them every turn.
    expect(people.map((p) => p.reopened)).toEqual([0, 0, 0, 0]);
    // Menus: an edit that keeps the picture lists its attachment by id and uploads nothing; a person
    // gets a new picture about once a trick (their hand changed), not at every edit of their menu.
    const menuEdits = h.fake.calls.filter((c) => c.method === "PATCH" && c.path.startsWith("/webhooks/") && c.status < 300);
    const kept = menuEdits.filter(
      (c) => !c.files.length && (c.body?.attachments ?? []).some((a: { id: unknown }) => String(a.id).length > 5),
    );
    expect(kept.length).toBeGreaterThan(hands * 4);
    for (const p of people) {
      const uploads = h.fake.calls.filter((c) => c.files.some((f) => f.name === "hand.png") && h.sent.get(c.token!)?.user.id === p.user.id);
      const edits = h.fake.calls.filter(
        (c) =>
          c.token &&
          h.sent.get(c.token)?.user.id === p.user.id &&
          c.status < 300 &&
          /^(POST \/interactions|PATCH \/webhooks)/.test(`${c.method} ${c.path}`),
      );
      expect(uploads.length).toBeLessThanOrEqual(18 * hands);
      expect(uploads.length).toBeLessThan(edits.length * 0.75);
    }
    // Nothing was posted and then deleted.
    expect([...h.fake.messages.values()].filter((m) => m.deleted && m.visibleTo === null)).toEqual([]);
    expect(h.fake.violations).toEqual([]);
  }, 60_000);

  it("someone who stays away is mentioned once, alone, and the mention does not stay behind", async () => {
    const [ann, bob, cat, dan] = people;
    // A rematch: everyone is seated again.
    const finished = tableMessage(h.fake);
    await ann.answer(ann.click(finished.id, findButton(finished, byVerb("rematch")).custom_id));
    await h.fake.waitFor(() => (findButton(tableMessage(h.fake), byVerb("start")) ? true : null), 3000, "the new table");
    await seatAndStart();
    // Everyone passes and play begins; then, while another seat is to play, Dan's menu goes quiet
    // for 15 minutes (its token runs out) while the others keep theirs alive by using them.
    const danWaits = () =>
      /playing/.test(textOf(tableMessage(h.fake))) &&
      /waiting for/.test(textOf(dan.menu())) &&
      !findButton(dan.menu(), (c) => c.custom_id?.startsWith("h1:play:") && !c.disabled);
    await playUntil(h, people, danWaits, 10_000);
    await quiet(h);
    const before = BigInt([...h.fake.messages.keys()].at(-1)!);
    h.fake.advanceClock(15 * 60_000);
    for (const p of [ann, bob, cat]) await p.openHand();
    dan.reopened = 0;
    const danMentioned = () => [...h.fake.messages.values()].some((m) => BigInt(m.id) > before && m.pings.includes(dan.user.id));
    await playUntil(h, [ann, bob, cat], danMentioned, 10_000);
    await playUntil(h, people, () => gamePosts(h.fake).some((m) => isScorePost(m) && BigInt(m.id) > before), 30_000);
    await quiet(h);
    const since = [...h.fake.messages.values()].filter((m) => BigInt(m.id) > before && m.visibleTo === null);
    // (If this hand ends the game, its last post calls everyone to the Rematch: that is not a turn.)
    const pinging = since.filter((m) => m.pings.length && !m.content.includes("Game over"));
    // One mention, of Dan alone; he answered it once.
    expect(
      pinging.map((m) => m.pings),
      pinging.map((m) => m.content).join(" | "),
    ).toEqual([[dan.user.id]]);
    expect(dan.reopened).toBe(1);
    // A mention on its own was taken down once Dan had played; folded into a trick post it is that post.
    const mention = pinging[0];
    expect(mention.deleted || isTrickPost(mention)).toBe(true);
    expect(
      gamePosts(h.fake)
        .filter((m) => BigInt(m.id) > before)
        .every((m) => isTrickPost(m) || isScorePost(m) || m.content.includes("Game over")),
    ).toBe(true);
    expect(h.fake.violations).toEqual([]);
  }, 60_000);
});
