/**
 * The thread tells a game in its order even when posting falls behind: a hand's last trick, then
 * its score, then the next hand's tricks. Under load the next hand's first trick is already waiting
 * beside the unposted score (e2e-calm saw "Trick 1" of hand 2 in the post of hand 1's last trick,
 * before the score); here that lag is made on purpose, with no clock and no Discord.
 */
import { expect, it } from "vitest";
import {
  awaiting,
  createGame,
  presetRules,
  publicAction,
  publicEvent,
  step,
  viewFor,
  type GameEvent,
  type GameState,
  type Seat,
} from "../../src/game/index.js";
import { silentLogger } from "../../src/log.js";
import { Images } from "../../src/render/runtime/images.js";
import { Pacer } from "../../src/render/runtime/pacer.js";
import { composePost } from "../../src/discord/presenting/thread-compose.js";
import { ThreadNews } from "../../src/discord/presenting/thread-news.js";
import { firstLegalAction } from "../../src/table/players.js";
import { tableView } from "../../src/table/live.js";
import { tableRecord } from "../table/fixtures.js";

const deps = { images: new Images(null, silentLogger()), pacer: new Pacer(), away: { dueMentions: () => [], waitsOf: () => [] } };

it("a hand's score is posted before the next hand's tricks that waited beside it", async () => {
  // Every trick played out (no claim), a picture per trick (the default).
  const rules = { ...presetRules("classic")!, autoClaim: "off" as const, target: 100 };
  const state: GameState = createGame(rules, 5);
  const record = tableRecord(state, { people: 1 });
  const news = new ThreadNews(() => undefined);
  const posts: string[] = [];
  const told: ({ from: number; to: number } | null)[] = [];
  const drain = async () => {
    for (let i = 0; i < 10; i++) {
      const n = news.get(record.id);
      if (!n || news.drained(n)) return;
      const p = await composePost(n, n.table, deps);
      if (p) posts.push(p.out.content ?? "");
      if (p) told.push(p.told);
    }
  };
  let tricksOfHand2 = 0;
  while (tricksOfHand2 < 2) {
    const seat = awaiting(state)[0] as Seat;
    const action = firstLegalAction(viewFor(state, seat));
    const events: GameEvent[] = [];
    expect(step(state, action, events)).toBeNull();
    news.action(tableView({ ...record, actionCount: state.actionCount }, state), {
      seq: state.actionCount - 1,
      seat,
      action: publicAction(action),
      events: events.map(publicEvent),
      source: "player",
    });
    if (state.handIndex === 1 && state.phase === "playing" && state.trick.length === 0) tricksOfHand2 = state.trickNumber;
    // Posting keeps up through hand 1's twelfth trick, then lags: hand 1's last trick, its score
    // and hand 2's first trick all wait for the next post.
    const lagging = state.handIndex === 1 || (state.handIndex === 0 && state.trickNumber === 12 && state.trick.length > 0);
    if (!lagging) await drain();
  }
  const before = posts.length;
  await drain();
  const after = posts.slice(before);
  const at = (re: RegExp) => after.findIndex((p) => re.test(p));
  const last = at(/^Trick 13:/m);
  const score = at(/\*\*Hand 1 scored\*\*/);
  const next = at(/^Trick 1:/m);
  // Three posts, in the game's order: hand 1's last trick, its score, hand 2's first trick.
  expect([last, score, next].every((k) => k >= 0)).toBe(true);
  expect(last).toBeLessThan(score);
  expect(score).toBeLessThan(next);
  // The places each post tells (src/table/catch-up.ts), stored before it goes so a restart sends it
  // again: every post with news tells some, none tells a place twice, and the three that waited
  // together split one action at its half (the last trick, then its score) and follow on exactly.
  expect(told.every((t) => t && t.from < t.to)).toBe(true);
  for (let i = 1; i < told.length; i++) expect(told[i - 1]!.to).toBeLessThanOrEqual(told[i]!.from);
  const [a, b, c] = told.slice(before);
  expect(a!.to % 2).toBe(1);
  expect([b!.from, c!.from]).toEqual([a!.to, b!.to]);
});
