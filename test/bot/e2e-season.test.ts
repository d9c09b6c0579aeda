/**
 * A season through the real bot and the fake Discord: a weekly tournament of 2 nights (8 people, 2
 * tables, 1 round of 1 hand each night), each night planned with its own sign-up message and
 * scheduled event when the night before ends, the season table after each night (/hearts season:
 * nobody ranked before their 2nd night, then everyone, by the average of their nights), and an
 * admin's reset.
 */
import { afterEach, expect, it } from "vitest";
import { Player, byVerb, findButton, playUntil, startHarness, tableMessagesAnywhere, type Harness } from "./harness.js";
import type { FakeMessage } from "../fake-discord/server.js";

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const signups = (h: Harness): FakeMessage[] =>
  h.fake.channelMessages(h.fake.channelId).filter((m) => m.embeds?.[0]?.title?.startsWith("🏆"));

function slash(h: Harness, p: Player, subcommand: string, options?: Record<string, string | number | boolean>, group?: string) {
  const handle = h.fake.slashCommand(p.user, "hearts", { ...(group && { group }), subcommand, options });
  h.sent.set(handle.token, handle);
  return handle;
}

/** One night: everyone joins on its sign-up message, the organiser starts it, everyone plays their table. */
async function playNight(h: Harness, people: Player[], signup: FakeMessage, night: number): Promise<void> {
  const before = new Set(tableMessagesAnywhere(h.fake).map((m) => m.id));
  for (const p of people)
    expect((await p.answer(p.click(signup.id, findButton(signup, byVerb("tjoin")).custom_id))).content).toContain("You are in");
  expect((await people[0].answer(slash(h, people[0], "start", undefined, "tournament"))).content).toContain("starts now");
  const tables = await h.fake.waitFor(
    () => {
      const found = tableMessagesAnywhere(h.fake).filter((m) => !before.has(m.id) && findButton(m, byVerb("hand")));
      return found.length === 2 ? found : null;
    },
    15_000,
    `night ${night}'s 2 tables`,
  );
  const tableOf = (p: Player) => tables.find((m) => h.fake.threadMembers.get(m.channel_id)?.has(p.user.id)) ?? null;
  for (const p of people) await p.openHand(() => (tableOf(p) ? h.fake.messages.get(tableOf(p)!.id)! : null));
  const over = () => h.fake.channelMessages(h.fake.channelId).filter((m) => m.content.includes("**Club night** is over")).length >= night;
  await playUntil(h, people, over, 15_000);
}

const percents = (text: string) =>
  [...text.matchAll(/: (\d+(?:\.\d)?)% \((\d) nights?\)/g)].map((m) => ({ pct: Number(m[1]), nights: Number(m[2]) }));

it("a weekly season: each night planned with its event as the last ends, the table ranks people from their 2nd night on, an admin resets it", async () => {
  // No pictures: the people's menus come faster (the season's picture: test/render/season.test.ts).
  h = await startHarness({ users: 8, renderer: null });
  const people = h.fake.users.map((u) => new Player(h!, u));
  const [organiser, member] = people;
  h.fake.grant(organiser.user, "ManageGuild");
  expect((await member.answer(slash(h, member, "season"))).content).toContain("This server has no season yet");
  const planned = await organiser.answer(
    slash(
      h,
      organiser,
      "create",
      { name: "Club night", start: "in 30 min", rounds: 1, hands: 1, repeat: "weekly", nights: 2, min_nights: 2 },
      "tournament",
    ),
  );
  expect(planned.content).toContain("as a season of 2 nights");
  const first = await h.fake.waitFor(() => signups(h!)[0] ?? null, 5000, "night 1's sign-up message");
  await h.fake.waitFor(() => h!.fake.scheduledEvents.size === 1, 5000, "night 1's event");

  await playNight(h, people, first, 1);
  // Night 2 is planned a week after night 1's start, with its own sign-up message and event.
  const second = await h.fake.waitFor(() => signups(h!).find((m) => m.id !== first.id && m.components?.length) ?? null, 10_000, "night 2");
  await h.fake.waitFor(() => h!.fake.scheduledEvents.size === 2, 5000, "night 2's event");
  const afterOne = await member.answer(slash(h, member, "season"));
  const one = afterOne.embeds![0];
  expect(one.title).toBe("🏆 Club night, season 1");
  expect(one.description).toContain("Nights played: 1 of 2.");
  expect(one.description).toContain("Not ranked yet (fewer than 2 nights):");
  expect(percents(one.description!)).toHaveLength(8);
  expect(one.description).not.toMatch(/\*\*1\.\*\*/);

  await playNight(h, people, second, 2);
  // The night's end reaches the season just after the podium.
  let final = (await member.answer(slash(h, member, "season"))).embeds![0];
  for (let i = 0; i < 50 && !final.description?.includes("The season is over"); i++) {
    await new Promise((r) => setTimeout(r, 200));
    final = (await member.answer(slash(h, member, "season"))).embeds![0];
  }
  expect(final.description).toContain("Nights played: 2 of 2.");
  // Everyone ranked, each with the average of their two nights; best first; the nights' average is 50 % (2 tables: each comparison gives one seat what the other loses).
  const lines = percents(final.description!);
  expect(lines.map((l) => l.nights)).toEqual(Array(8).fill(2));
  expect(lines.map((l) => l.pct)).toEqual([...lines.map((l) => l.pct)].sort((a, b) => b - a));
  expect(lines.reduce((s, l) => s + l.pct, 0) / 8).toBeCloseTo(50, 5);
  expect(final.description).toMatch(/^\*\*1\.\*\* /m);

  // Only Manage Server resets; then the table is empty.
  expect((await member.answer(slash(h, member, "season", { reset: true }))).content).toContain("Only people with Manage Server");
  expect((await organiser.answer(slash(h, organiser, "season", { reset: true }))).content).toContain(
    "starts again from nothing (16 night results deleted)",
  );
  expect((await member.answer(slash(h, member, "season"))).embeds![0].description).toContain("No night has been counted yet.");
  expect(h.fake.violations).toEqual([]);
}, 240_000);
