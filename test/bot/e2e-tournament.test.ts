/**
 * A tournament through the real bot and the fake Discord, as people do it: /hearts tournament
 * create by someone with Manage Server, sign-ups with the Join button, the organiser's start, the
 * round's table played on the buttons, the standings and podium posted; and a cancelled one.
 * The rounds with someone absent, someone forgotten and a restart are in e2e-tournament-rounds.test.ts
 * (two files, so the system group's two workers share them).
 */
import { afterEach, describe, expect, it } from "vitest";
import { Player, byVerb, findButton, playUntil, startHarness, tableMessagesAnywhere, textOf, type Harness } from "./harness.js";
import type { FakeMessage } from "../fake-discord/server.js";
import { created, tournamentCommand } from "./tournament-steps.js";

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe("a tournament on Discord", () => {
  it("is planned, signed up to with Join, started by its organiser, played, and ends with the standings and the podium", async () => {
    h = await startHarness({ users: 4 });
    const people = h.fake.users.map((u) => new Player(h!, u));
    const signup = await created(h, people, "Club night", { hands: 1 });
    expect(h.fake.scheduledEvents.size).toBe(1);
    // Joining twice is refused with the service's sentence; someone else may not start it.
    expect((await people[1].answer(people[1].click(signup.id, findButton(signup, byVerb("tjoin")).custom_id))).content).toContain(
      "one seat per person",
    );
    expect((await people[1].answer(tournamentCommand(people[1], h, "start"))).content).toContain("Only people with Manage Server");

    expect((await people[0].answer(tournamentCommand(people[0], h, "start"))).content).toContain("**Club night** starts now");
    // The round's table opens in its own thread, its message first there (not in the channel the
    // round's tables share, whose 5 posts in 5 s would hold the last ones back); everyone plays their hand.
    const roundTable = await h.fake.waitFor(() => tableMessagesAnywhere(h!.fake)[0] ?? null, 10_000, "the round's table");
    expect(roundTable.channel_id).not.toBe(h.fake.channelId);
    for (const p of people) await p.openHand(() => tableMessagesAnywhere(h!.fake)[0] ?? null);
    const over = () => h!.fake.channelMessages(h!.fake.channelId).some((m) => m.content.includes("**Club night** is over"));
    await playUntil(h, people, over, 15_000);
    // The table's thread was private to its people: the round's other tables play the same deals.
    const thread = await h.fake.waitFor(() => h!.fake.threads().find((t) => t.type === 12) ?? null, 5000, "the table's private thread");
    expect(roundTable.channel_id).toBe(thread.id);
    // A finished tournament table offers no Rematch: the tournament seats its next round.
    const done = await h.fake.waitFor(
      () => {
        const m = h!.fake.messages.get(roundTable.id)!;
        return findButton(m, byVerb("scores")) && !findButton(m, byVerb("hand")) ? m : null;
      },
      5000,
      "the finished table message",
    );
    expect(findButton(done, byVerb("rematch"))).toBeNull();
    expect([...(h.fake.threadMembers.get(thread.id) ?? [])].sort()).toEqual(people.map((p) => p.user.id).sort());
    expect(h.fake.threads().filter((t) => t.type === 11)).toEqual([]);
    // Everyone's summary comes after the podium.
    await h.fake.waitFor(
      () =>
        (h!.fake
          .channelMessages(h!.fake.channelId)
          .map((m) => m.content)
          .join("\n")
          .match(/You finished/g)?.length ?? 0) >= 4 || null,
      5000,
      "everyone's summary",
    );
    const posts = h.fake.channelMessages(h.fake.channelId);
    const standings = posts.find((m) => m.content.includes("standings after round 1 of 1"));
    expect(standings?.attachments.map((a) => a.filename)).toEqual(["standings.png"]);
    const podium = posts.find((m) => m.content.includes("is over"))!;
    expect(podium.attachments.map((a) => a.filename)).toEqual(["podium.png"]);
    // Everyone's summary: their place of 4, one line each.
    const summaries = posts
      .filter((m) => m.content.includes("You finished"))
      .map((m) => m.content)
      .join("\n");
    expect(summaries.match(/You finished \d of 4 over 1 deal: with one table there was nobody to compare with/g)).toHaveLength(4);
    await h.fake.waitFor(() => textOf(h!.fake.messages.get(signup.id)).includes("Finished"), 5000, "the sign-up message's end");
    expect(h.fake.messages.get(signup.id)!.components).toEqual([]);
    expect(h.fake.violations).toEqual([]);
  }, 60_000);

  it("a member of the server's tournament role (/hearts settings tournament_role) may create one; without it, only Manage Server", async () => {
    h = await startHarness({ users: 2 });
    const [admin, member] = h.fake.users.map((u) => new Player(h!, u));
    const role = h.fake.organiserRoleId;
    member.user.roles = [role];
    const create = () => member.answer(tournamentCommand(member, h!, "create", { name: "Role night", start: "in 30 min", rounds: 1 }));
    expect((await create()).content).toContain("Only people with Manage Server");
    h.fake.grant(admin.user, "ManageGuild");
    const set = h.fake.slashCommand(admin.user, "hearts", {
      subcommand: "settings",
      options: { tournament_role: { type: 8, value: role } },
    });
    h.sent.set(set.token, set);
    expect(JSON.stringify(await admin.answer(set))).toContain("Settings saved");
    expect((await create()).content).toContain("**Role night** is planned");
    expect(h.fake.violations).toEqual([]);
  }, 30_000);

  it("cancelled by its organiser: the sign-up message says so, its buttons go, the Discord event is deleted", async () => {
    h = await startHarness({ users: 3 });
    const people = h.fake.users.map((u) => new Player(h!, u));
    const signup = await created(h, people, "Cancelled night");
    expect(h.fake.scheduledEvents.size).toBe(1);
    expect((await people[0].answer(tournamentCommand(people[0], h, "cancel"))).content).toContain("**Cancelled night** is cancelled");
    await h.fake.waitFor(() => textOf(h!.fake.messages.get(signup.id)).includes("Cancelled."), 5000, "the sign-up edit");
    expect(h.fake.messages.get(signup.id)!.components).toEqual([]);
    await h.fake.waitFor(() => h!.fake.scheduledEvents.size === 0, 5000, "the event's deletion");
    // Join on the old message is answered, not ignored.
    const late = await people[1].answer(people[1].click(signup.id, "h1:tjoin:" + findButtonId(signup)));
    expect(late.content).toMatch(/Sign-up is closed|can't find that tournament/);
    expect(h.fake.violations).toEqual([]);
  }, 30_000);

  it("with two planned, an organiser's start or cancel must name one: the option suggests them, and only the one named changes", async () => {
    h = await startHarness({ users: 1 });
    const [org] = h.fake.users.map((u) => new Player(h!, u));
    h.fake.grant(org.user, "ManageGuild");
    for (const name of ["Friday night", "Saturday cup"])
      expect((await org.answer(tournamentCommand(org, h, "create", { name, start: "in 2 h", rounds: 1 }))).content).toContain("is planned");
    // Without a name: which one? Both are named, and nothing changes.
    const which = await org.answer(tournamentCommand(org, h, "cancel"));
    expect(which.content).toContain("several tournaments planned (**Friday night**, **Saturday cup**)");
    // Typing the option suggests the server's planned tournaments.
    const typing = h.fake.autocomplete(org.user, "hearts", {
      group: "tournament",
      subcommand: "cancel",
      options: { name: "sat" },
      focused: "name",
    });
    await typing.ack;
    expect(typing.choices()?.map((c: { value: string }) => c.value)).toEqual(["Saturday cup"]);
    expect((await org.answer(tournamentCommand(org, h, "cancel", { name: "nope" }))).content).toContain(
      "No tournament here is called **nope**",
    );
    expect((await org.answer(tournamentCommand(org, h, "cancel", { name: "saturday CUP" }))).content).toContain(
      "**Saturday cup** is cancelled",
    );
    const left = await h.bot.tournaments.planned(h.fake.guildId);
    expect(left.map((t) => [t.name, t.status])).toEqual([["Friday night", "signup"]]);
    // One left: the organiser need not name it.
    expect(textOf(await org.answer(tournamentCommand(org, h, "show")))).toContain("Friday night");
    expect(h.fake.violations).toEqual([]);
  }, 30_000);
});

function findButtonId(signup: FakeMessage): string {
  const c = signup.history[0].components[0].components[0];
  return String(c.custom_id).split(":")[2];
}
