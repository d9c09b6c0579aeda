/**
 * `npm run bench:tournament [-- --people 64] [--check]`
 *
 * A tournament's round at scale, through the real bot (in this process, on a temporary SQLite file)
 * and the fake Discord with Discord's rate limits (5 posts per 5 s per channel, 50 requests a second
 * per bot token): someone with Manage Server plans it, `--people` people (64: 16 tables) press Join,
 * the organiser starts it, and everyone plays the round's hand on the buttons.
 *
 * - `ackP99Ms`: the 99th percentile of interaction-to-acknowledgement times over every click and
 *   command of the night (measured by the fake Discord);
 * - `roundStartMs`: from the organiser's Start to every person's private hand menu shown (every
 *   table's message posted and each person's My hand answered);
 * - `standingsMs`: computing the standings of a round of that many people and drawing their picture
 *   (the scoring and the renderer the bot uses; warm, the median of 5);
 * - `roundMs`: the whole round, Start to the standings post in the channel.
 * `--check` exits 1 when ackP99Ms > 100, roundStartMs > 15,000 or standingsMs > 500. Last line: JSON.
 */
import { renderTournamentStandings } from "../src/render/index.js";
import { standingsPicture } from "../src/discord/presenting/tournament-pictures.js";
import { standings } from "../src/table/tournament/scoring.js";
import { Player, byVerb, findButton, playUntil, startHarness, tableMessagesAnywhere, textOf, type Harness } from "../test/bot/harness.js";
import { playedTournament } from "../test/render/tournament-fixtures.js";
import type { FakeMessage } from "../test/fake-discord/server.js";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
};
const PEOPLE = Math.max(8, parseInt(arg("people", "64"), 10));
const CHECK = process.argv.includes("--check");

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : 0;
};

function command(h: Harness, p: Player, subcommand: string, options?: Record<string, string | number>) {
  const handle = h.fake.slashCommand(p.user, "hearts", { group: "tournament", subcommand, options });
  h.sent.set(handle.token, handle);
  return handle;
}

/** Computing and drawing a round's standings for `people` (warm; the median of 5 runs). */
function standingsTime(people: number): number {
  const { view, results } = playedTournament(people, 1, 1);
  const ids = view.players.map((p) => p.userId);
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    const t0 = performance.now();
    renderTournamentStandings(standingsPicture(view, 1, standings(results, ids), "en"));
    if (i > 0) times.push(performance.now() - t0);
  }
  return quantile(times, 0.5);
}

async function main(): Promise<void> {
  const h = await startHarness({ users: PEOPLE, rateLimits: true, fake: { globalLimit: 50 } });
  try {
    const people = h.fake.users.map((u) => new Player(h, u));
    const [organiser] = people;
    h.fake.grant(organiser.user, "ManageGuild");
    await organiser.answer(command(h, organiser, "create", { name: "Bench night", start: "in 30 min", rounds: 1, hands: 1 }));
    const signup = await h.fake.waitFor(
      () => h.fake.channelMessages(h.fake.channelId).find((m: FakeMessage) => m.embeds?.[0]?.title?.startsWith("🏆")) ?? null,
      10_000,
      "the sign-up message",
    );
    const join = findButton(signup, byVerb("tjoin")).custom_id;
    for (const p of people) await p.answer(p.click(signup.id, join));

    const t0 = performance.now();
    await organiser.answer(command(h, organiser, "start"));
    const tables = PEOPLE / 4;
    // Each person presses My hand on their own table's message (each in its table's thread).
    const seatedAt = (p: Player) => () =>
      tableMessagesAnywhere(h.fake).find((m) => new RegExp(`\\b${p.user.globalName}\\b(?!\\d)`).test(textOf(m))) ?? null;
    await Promise.all(people.map((p) => p.openHand(seatedAt(p), 60_000)));
    const roundStartMs = performance.now() - t0;

    const closed = () => h.fake.channelMessages(h.fake.channelId).some((m) => m.content.includes("is over"));
    await playUntil(h, people, closed, 30_000);
    const roundMs = performance.now() - t0;

    const acks: number[] = [];
    for (const handle of h.sent.values()) acks.push((await handle.ack).latencyMs);
    const figures = {
      people: PEOPLE,
      tables,
      interactions: acks.length,
      ackP50Ms: Math.round(quantile(acks, 0.5)),
      ackP99Ms: Math.round(quantile(acks, 0.99)),
      roundStartMs: Math.round(roundStartMs),
      roundMs: Math.round(roundMs),
      standingsMs: Math.round(standingsTime(PEOPLE)),
      rateLimitHits: h.fake.rateLimitHits,
    };
    const ok = figures.ackP99Ms <= 100 && figures.roundStartMs <= 15_000 && figures.standingsMs <= 500;
    console.log(JSON.stringify({ ...figures, ok }));
    if (CHECK && !ok) process.exitCode = 1;
  } finally {
    await h.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
