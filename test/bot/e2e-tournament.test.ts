/**
 * A tournament through the real bot and the fake Discord, as people do it: /hearts tournament
 * create by someone with Manage Server, sign-ups with the Join button, the organiser's start, the
 * round's table played on the buttons, the standings and podium posted; and a cancelled one.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Player, answerOf, byVerb, findButton, playUntil, startHarness, tableMessagesAnywhere, textOf, type Harness } from "./harness.js";
import type { FakeMessage } from "../fake-discord/server.js";
import { readConfig } from "../../src/config.js";

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const signupOf = (h: Harness): FakeMessage | null =>
  h.fake.channelMessages(h.fake.channelId).find((m) => m.embeds?.[0]?.title?.startsWith("🏆")) ?? null;

function tournamentCommand(p: Player, h: Harness, subcommand: string, options?: Record<string, string | number | boolean>) {
  const handle = h.fake.slashCommand(p.user, "hearts", { group: "tournament", subcommand, options });
  h.sent.set(handle.token, handle);
  return handle;
}

async function created(h: Harness, people: Player[], name: string, options: Record<string, string | number> = {}): Promise<FakeMessage> {
  const [organiser] = people;
  h.fake.grant(organiser.user, "ManageGuild");
  const said = await organiser.answer(tournamentCommand(organiser, h, "create", { name, start: "in 30 min", rounds: 1, ...options }));
  expect(said.content).toContain(`**${name}** is planned`);
  const signup = await h.fake.waitFor(() => signupOf(h), 5000, "the sign-up message");
  for (const p of people) {
    const joined = await p.answer(p.click(signup.id, findButton(signup, byVerb("tjoin")).custom_id));
    expect(joined.content).toContain(`You are in **${name}**`);
  }
  await h.fake.waitFor(() => textOf(h.fake.messages.get(signup.id)).includes(`Signed up (${people.length})`), 5000, "the sign-up edit");
  return signup;
}

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
