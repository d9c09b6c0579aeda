/**
 * A tournament on a French server (its language set with /hearts settings), through the real bot
 * and the fake Discord: its round tables speak French in their message, buttons and thread, say
 * how many hands the round plays (never the internal target), offer no Rematch at their end but
 * say what comes next; its own posts are French as a French club writes it (issue 41).
 */
import { afterEach, expect, it } from "vitest";
import { Player, byVerb, findButton, playUntil, startHarness, textOf, type Harness } from "./harness.js";
import type { FakeMessage } from "../fake-discord/server.js";

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const NBSP = "\u00a0";

it("a French server's round tables speak French, say '1 donne', offer no Revanche and say what comes next; its posts are French", async () => {
  // A one-second break between rounds (TOURNAMENT_BREAK_SECONDS): the round table's last post says it.
  h = await startHarness({ users: 4, config: { tournamentBreakMs: 1000 } });
  const fake = h.fake;
  const people = fake.users.map((u) => new Player(h!, u));
  const [organiser] = people;
  fake.grant(organiser.user, "ManageGuild");
  expect(textOf(await organiser.answer(organiser.slash("settings", { language: "fr" })))).toContain("Settings saved");
  const command = (p: Player, subcommand: string, options?: Record<string, string | number>) => {
    const handle = fake.slashCommand(p.user, "hearts", { group: "tournament", subcommand, options });
    h!.sent.set(handle.token, handle);
    return p.answer(handle);
  };
  const name = "Soirée duplicate";
  expect((await command(organiser, "create", { name, start: "in 30 min", rounds: 2, hands: 1 })).content).toContain("is planned");
  const signup = await fake.waitFor(
    () => fake.channelMessages(fake.channelId).find((m) => m.embeds?.[0]?.title?.startsWith("🏆")) ?? null,
    5000,
    "the sign-up message",
  );
  for (const p of people) await p.answer(p.click(signup.id, findButton(signup, byVerb("tjoin")).custom_id));
  expect((await command(organiser, "start")).content).toContain("starts now");

  // A round's table: the message (with My hand) in a private thread not seen before.
  const seen = new Set<string>();
  const nextTable = () =>
    fake.waitFor(
      () => {
        const thread = fake.threads().find((t) => t.type === 12 && !seen.has(t.id as string));
        const m = thread && fake.channelMessages(thread.id as string).find((x) => findButton(x, byVerb("hand")));
        return m ?? null;
      },
      15_000,
      "a round's table",
    );
  const channelText = () =>
    fake
      .channelMessages(fake.channelId)
      .map((m) => m.content)
      .join("\n");
  const threadPosts = (table: FakeMessage) => fake.channelMessages(table.channel_id).filter((m) => m.id !== table.id);

  for (const round of [1, 2]) {
    const table = await nextTable();
    seen.add(table.channel_id);
    // The table message: French, and the round's hands instead of the target.
    expect(textOf(table)).toContain("1 donne, le total le plus bas gagne");
    expect(findButton(table, byVerb("hand")).label).toBe("Ma main");
    // Once more if the answer is late: the bot also posts the last round's standings and summaries now (a loaded machine).
    for (const p of people)
      await p.openHand(() => fake.messages.get(table.id)!).catch(() => p.openHand(() => fake.messages.get(table.id)!));
    const done = () => threadPosts(table).some((m) => m.content.includes("Cette table a joué"));
    await playUntil(h, people, done, 15_000);
    const posts = threadPosts(table);
    const text = posts.map((m) => m.content).join("\n");
    expect(text).toContain("**C'est parti !**");
    expect(text).toMatch(/\*\*Donne 1 comptée\*\* \(1 donne, le total le plus bas gagne\)/);
    expect(text).not.toMatch(/10000|Game on|Rematch|Revanche/);
    // No Rematch anywhere: not in the thread, not on the table message; what comes next instead.
    expect(posts.flatMap((m) => m.components ?? []).flatMap((r: { components: unknown[] }) => r.components)).not.toContainEqual(
      expect.objectContaining({ label: "Revanche" }),
    );
    if (round === 1)
      expect(text).toContain(
        `Cette table a joué le tour 1 sur 2. Le classement est publié dans <#${fake.channelId}> quand toutes les tables du tour ont fini\u202f; le tour 2 commence 1 s après.`,
      );
    else expect(text).toContain(`Cette table a joué le dernier tour (2 sur 2).`);
    const finished = await fake.waitFor(
      () => (findButton(fake.messages.get(table.id), byVerb("hand")) ? null : fake.messages.get(table.id)!),
      5000,
      "the finished table message",
    );
    expect(findButton(finished, byVerb("rematch"))).toBeNull();
    expect(textOf(finished)).toContain("Partie terminée");
    expect(textOf(finished)).not.toContain("10000");
  }

  // The tournament's own posts, as a French club writes them.
  await fake.waitFor(() => (channelText().match(/Vous finissez/g)?.length ?? 0) >= 4 || null, 10_000, "everyone's summary");
  const all = channelText();
  expect(all).toMatch(new RegExp(`🏆 Fin du tournoi \\*\\*${name}\\*\\*\\. Bravo, [^\\n]+\u202f!`));
  expect(all).not.toContain("est terminé");
  const summaries = all.split("\n").filter((l) => l.includes("Vous finissez"));
  for (const l of summaries) expect(l).toMatch(new RegExp(`^\\*\\*[^*]+\\*\\*${NBSP}: Vous finissez à la \\d+(re|e) place sur 4`));
  // One table of four: everyone shares a place or not, but whoever is first reads "1re", never "1er".
  expect(all).not.toMatch(/\b1er\b/);
  expect(fake.violations).toEqual([]);
}, 90_000);
