/**
 * A tournament's rounds through the real bot and the fake Discord, when not everyone plays them:
 * someone who never shows up, someone who asks to be forgotten mid-tournament, and a round's table
 * cut off by a stop. (The tournament's plan, sign-up, start and end are in e2e-tournament.test.ts.)
 */
import { afterEach, describe, expect, it } from "vitest";
import { Player, answerOf, playUntil, startHarness, tableMessagesAnywhere, textOf, type Harness } from "./harness.js";
import { readConfig } from "../../src/config.js";
import { created, tournamentCommand } from "./tournament-steps.js";

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe("a tournament's rounds on Discord", () => {
  it("someone who never shows up is played for by the turn clock and listed as absent: not ranked, not on the podium, not congratulated", async () => {
    const base = readConfig({}, { requireToken: false });
    if (!base.ok) throw new Error(base.problems.join("\n"));
    // The shortest turn clock, no time bank, and one timeout before a computer player takes the seat.
    h = await startHarness({
      users: 4,
      config: { maxTimeouts: 1, defaults: { ...base.config.defaults, turnSeconds: 15, timeBankSeconds: 0 } },
    });
    const people = h.fake.users.map((u) => new Player(h!, u));
    const [present, absent] = [people.slice(0, 3), people[3]];
    await created(h, people, "Quiet night", { hands: 1 });
    expect((await people[0].answer(tournamentCommand(people[0], h, "start"))).content).toContain("starts now");
    await h.fake.waitFor(() => tableMessagesAnywhere(h!.fake)[0] ?? null, 10_000, "the round's table");
    // Three open their hand and play; the fourth never comes.
    for (const p of present) await p.openHand(() => tableMessagesAnywhere(h!.fake)[0] ?? null);
    const over = () => h!.fake.channelMessages(h!.fake.channelId).some((m) => m.content.includes("**Quiet night** is over"));
    // The turn clock is 15 s at least at a tournament table (src/table/tournament/rounds.ts): after one, a computer player holds the seat.
    await playUntil(h, present, over, 40_000);
    // Everyone's summary comes after the podium (the game can end a moment before they are out).
    const finished = () =>
      h!.fake
        .channelMessages(h!.fake.channelId)
        .map((m) => m.content)
        .join("\n")
        .match(/You (finished|played none)/g)?.length ?? 0;
    await h.fake.waitFor(() => finished() >= 4 || null, 10_000, "everyone's summary");
    const summaries = h.fake
      .channelMessages(h.fake.channelId)
      .filter((m) => /You (finished|played none)/.test(m.content))
      .map((m) => m.content)
      .join("\n");
    const line = (name: string) => summaries.split("\n").find((l) => l.startsWith(`**${name}**`)) ?? "";
    expect(line(absent.user.globalName!)).toContain(
      "You played none of your 1 deal yourself (the turn clock and a computer player made every move), so you are listed as absent, not ranked.",
    );
    // The three who played are ranked among themselves: "of 3", the absent one not counted.
    for (const p of present) expect(line(p.user.globalName!)).toMatch(/^\*\*[^*]+\*\*: You finished [1-3] of 3 over 1 deal/);
    for (const p of present) expect(line(p.user.globalName!)).not.toContain("computer");
    // The podium's post congratulates only people who played; the absent are named apart.
    const posts = h.fake.channelMessages(h.fake.channelId).map((m) => m.content);
    const podium = posts.find((c) => c.includes("**Quiet night** is over"))!;
    expect(podium).toContain("Congratulations");
    expect(podium).not.toContain(absent.user.globalName!);
    expect(posts.find((c) => c.includes("standings after round 1 of 1"))).toContain(
      `Absent, not ranked (the computer played all their deals): ${absent.user.globalName}.`,
    );
  }, 90_000);

  it("someone who asks Forget me mid-tournament: a computer player holds their place, shown as a former player, and no request names a made-up id", async () => {
    h = await startHarness({ users: 4, config: { tournamentBreakMs: 200 } });
    const people = h.fake.users.map((u) => new Player(h!, u));
    const [stay, gone] = [people.slice(0, 3), people[3]];
    await created(h, people, "Forget night", { hands: 1, rounds: 2 });
    expect((await people[0].answer(tournamentCommand(people[0], h, "start"))).content).toContain("starts now");
    await h.fake.waitFor(() => tableMessagesAnywhere(h!.fake)[0] ?? null, 10_000, "round 1's table");
    // The fourth asks to be forgotten at once (/hearts privacy, Forget me, Yes).
    const shown = await answerOf(h, gone.slash("privacy", {}));
    const confirm = await answerOf(h, gone.click(shown.id, shown.buttons.find((c) => c.label === "Forget me").custom_id));
    const done = await answerOf(h, gone.click(confirm.id, confirm.buttons.find((c) => c.label === "Yes, forget me").custom_id));
    expect(done.text).toContain("your place in 1 tournament");
    for (const p of stay) await p.openHand(() => tableMessagesAnywhere(h!.fake)[0] ?? null);
    const over = () => h!.fake.channelMessages(h!.fake.channelId).some((m) => m.content.includes("**Forget night** is over"));
    await playUntil(h, stay, () => tableMessagesAnywhere(h!.fake).length >= 2 || over(), 30_000);
    // Round 2: the three open their hand at its table and play it out.
    for (const p of stay) await p.openHand(() => tableMessagesAnywhere(h!.fake)[1] ?? null, 10_000);
    await playUntil(h, stay, over, 30_000);
    expect(tableMessagesAnywhere(h.fake)).toHaveLength(2);
    // Round 2's table shows a computer player as the former player, and its private thread holds only Discord ids.
    expect(textOf(tableMessagesAnywhere(h.fake)[1])).toContain("Former player");
    for (const t of h.fake.threads()) for (const id of h.fake.threadMembers.get(t.id) ?? []) expect(id).toMatch(/^\d+$/);
    expect(h.fake.invalidRequests).toEqual([]);
  }, 90_000);

  it("a round's table whose message a stop cut off (opened, not yet posted) gets it after the restart, and is played", async () => {
    h = await startHarness({ users: 4 });
    const people = h.fake.users.map((u) => new Player(h!, u));
    await created(h, people, "Restart night", { hands: 1 });
    expect((await people[0].answer(tournamentCommand(people[0], h, "start"))).content).toContain("starts now");
    const first = await h.fake.waitFor(() => tableMessagesAnywhere(h!.fake)[0] ?? null, 10_000, "the round's table");
    const tableId = [...h.bot.service.openTableIds][0];
    // As if the process had stopped between opening the table and posting its message (written
    // while it is down: a running bot could write its record back with the message's id).
    await h.restart(async (store) => {
      await store.updateTable(tableId, { messageId: null });
      h!.fake.messages.get(first.id)!.deleted = true;
    });
    const again = await h.fake.waitFor(() => tableMessagesAnywhere(h!.fake)[0] ?? null, 10_000, "the table message, posted again");
    expect(again.id).not.toBe(first.id);
    expect(again.channel_id).toBe(first.channel_id);
    for (const p of people) await p.openHand(() => tableMessagesAnywhere(h!.fake)[0] ?? null);
    const over = () => h!.fake.channelMessages(h!.fake.channelId).some((m) => m.content.includes("**Restart night** is over"));
    await playUntil(h, people, over, 20_000);
    expect(h.fake.violations).toEqual([]);
  }, 60_000);
});
