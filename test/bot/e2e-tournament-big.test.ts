/**
 * A 13-person tournament through the real bot and the fake Discord: signed up with Join, started
 * by its organiser, one round of one hand played on the buttons. 13 people fill no number of equal
 * tables of four (src/table/tournament/layout.ts): every table of the round has the same number of
 * computer players in the same seats, whoever cannot be seated sits the round out and is told so,
 * and everyone gets their summary. (The 16-person one, with a kill -9 in its second round:
 * test/reliability/tournament-restart.test.ts.)
 */
import { afterEach, expect, it } from "vitest";
import { Player, byVerb, findButton, playUntil, startHarness, tableIdOf, tableMessagesAnywhere, type Harness } from "./harness.js";

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

it("13 people: every table has the same computer players in the same seats, the one left over sits out, and everyone gets a summary", async () => {
  const started = Date.now();
  h = await startHarness({ users: 13 });
  const people = h.fake.users.map((u) => new Player(h!, u));
  const [organiser] = people;
  h.fake.grant(organiser.user, "ManageGuild");
  const command = (subcommand: string, options?: Record<string, string | number>) => {
    const handle = h!.fake.slashCommand(organiser.user, "hearts", { group: "tournament", subcommand, options });
    h!.sent.set(handle.token, handle);
    return handle;
  };
  expect((await organiser.answer(command("create", { name: "Odd night", start: "in 30 min", rounds: 1, hands: 1 }))).content).toContain(
    "**Odd night** is planned",
  );
  const signup = await h.fake.waitFor(
    () => h!.fake.channelMessages(h!.fake.channelId).find((m) => m.embeds?.[0]?.title?.startsWith("🏆")) ?? null,
    5000,
    "the sign-up message",
  );
  for (const p of people)
    expect((await p.answer(p.click(signup.id, findButton(signup, byVerb("tjoin")).custom_id))).content).toContain("You are in");
  expect((await organiser.answer(command("start"))).content).toContain("**Odd night** starts now");

  const tables = await h.fake.waitFor(
    () => {
      const found = tableMessagesAnywhere(h!.fake).filter((m) => findButton(m, byVerb("hand")));
      return found.length === 3 ? found : null;
    },
    15_000,
    "the round's 3 tables",
  );
  // Who sits where, as the tables were opened (the store's table rows): people first, computer players after.
  const seated = await Promise.all(tables.map(async (m) => (await h!.store.getTable(tableIdOf(m)))!.seats));
  const botSeats = seated.map((seats) => seats.filter((s) => s.userId === null).map((s) => s.seat));
  for (const b of botSeats) expect(b).toEqual(botSeats[0]);
  const seatedIds = seated.flatMap((seats) => seats.filter((s) => s.userId !== null).map((s) => s.userId!));
  expect(new Set(seatedIds).size, "nobody seated twice").toBe(seatedIds.length);
  const out = people.filter((p) => !seatedIds.includes(p.user.id));
  expect(seatedIds.length + out.length).toBe(13);
  // Every table has as many people: the shape is fair (here 3 tables of 4, one person out: layout.ts).
  for (const seats of seated) expect(seats.filter((s) => s.userId !== null)).toHaveLength(seatedIds.length / 3);
  const channelText = () =>
    h!.fake
      .channelMessages(h!.fake.channelId)
      .map((m) => m.content)
      .join("\n");
  for (const p of out) expect(channelText()).toMatch(new RegExp(`Sitting out this round: [^\\n]*${p.user.globalName}`));
  // The round start says so on the round's 3 tables.
  expect(channelText()).toContain("round 1 of 1 starts on 3 tables");
  // Each private thread's members are exactly its table's people.
  for (const [i, m] of tables.entries())
    expect([...(h.fake.threadMembers.get(m.channel_id) ?? [])].sort()).toEqual(
      seated[i]
        .filter((s) => s.userId !== null)
        .map((s) => s.userId!)
        .sort(),
    );

  const playing = people.filter((p) => seatedIds.includes(p.user.id));
  const tableOf = (p: Player) => tables.find((m) => h!.fake.threadMembers.get(m.channel_id)?.has(p.user.id)) ?? null;
  for (const p of playing) await p.openHand(() => (tableOf(p) ? h!.fake.messages.get(tableOf(p)!.id)! : null));
  await playUntil(h, playing, () => channelText().includes("**Odd night** is over"), 15_000);
  const summaries = () =>
    h!.fake
      .channelMessages(h!.fake.channelId)
      .flatMap((m) => m.content.split("\n"))
      .filter((l) => /^\*\*.+\*\*: You (finished|played no deal)/.test(l));
  await h.fake.waitFor(() => summaries().length >= 13 || null, 10_000, "everyone's summary");
  const lines = summaries();
  for (const p of people) {
    const mine = lines.filter((l) => l.startsWith(`**${p.user.globalName}**:`));
    expect(mine, p.user.globalName!).toHaveLength(1);
    // Whoever sat out played no deal: told so, not that "with one table" the points decided (there were 3).
    if (out.includes(p)) expect(mine[0]).toContain("You played no deal (you sat the rounds out), so you have no score: listed 13 of 13.");
    else expect(mine[0]).toMatch(/You finished \d+ of 13, with \d+(\.\d)?% of the matchpoints over 1 deal\./);
  }
  expect(h.fake.violations).toEqual([]);
  console.log(`13-person tournament: ${Date.now() - started} ms`);
}, 90_000);
