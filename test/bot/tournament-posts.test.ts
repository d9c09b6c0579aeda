/**
 * A tournament's posts in the chat, through real discord.js REST against the fake Discord (which
 * checks every request against Discord's published API): the sign-up message with Join and Leave,
 * kept up to date in few edits, the Discord event (or the sentence saying why there is none), the
 * standings picture after a round, the podium and everyone's summary. The service's updates come
 * from a stand-in that plays the service's part of the contract (src/table/tournament/api.ts).
 */
import { REST } from "discord.js";
import { afterEach, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/log.js";
import { Images, canvasRenderer } from "../../src/render/runtime/images.js";
import { TournamentPresenter } from "../../src/discord/presenting/tournament.js";
import type { Tournaments, TournamentListener, TournamentUpdate, TournamentView } from "../../src/table/tournament/api.js";
import { startFakeDiscord, type FakeDiscord } from "../fake-discord/server.js";
import { playedTournament } from "../render/tournament-fixtures.js";

/** The service's side, as far as the presenter hears and asks it: updates, attach and get. */
class StandIn {
  private listeners: TournamentListener[] = [];
  constructor(public view: TournamentView) {}
  readonly api = {
    onUpdate: (l: TournamentListener) => void this.listeners.push(l),
    attach: async (_id: string, where: { messageId?: string | null; eventId?: string | null }) => {
      this.view = { ...this.view, ...where };
    },
    get: async () => this.view,
  } as unknown as Tournaments;
  emit(update: TournamentUpdate, change: Partial<TournamentView> = {}): void {
    this.view = { ...this.view, ...change };
    for (const l of this.listeners) l(this.view, update);
  }
}

let fake: FakeDiscord | null = null;
let presenter: TournamentPresenter | null = null;
afterEach(async () => {
  presenter?.stop();
  await fake?.close();
  fake = presenter = null;
});

async function setUp(view: Partial<TournamentView> = {}) {
  fake = await startFakeDiscord({ users: 4 });
  const rest = new REST({ version: "10", api: fake.apiBase, retries: 1 }).setToken(fake.token);
  const { view: played } = playedTournament(16, 3, 4, ["p6"]);
  const t = new StandIn({
    ...played,
    guildId: fake.guildId,
    channelId: fake.channelId,
    status: "signup",
    round: 0,
    played: [],
    standings: [],
    players: [],
    startsAt: new Date(Date.now() + 3_600_000),
    ...view,
  });
  // Before the start nobody has left yet.
  const everyone = played.players.map((p) => ({ ...p, left: false }));
  presenter = new TournamentPresenter({
    rest,
    tournaments: t.api,
    images: new Images(canvasRenderer, silentLogger()),
    log: silentLogger(),
    localeOf: async () => "en",
    channelName: () => "hearts",
  });
  return { t, everyone, played, fake, presenter };
}

const until = async (ok: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  expect(ok()).toBe(true);
};

describe("a tournament's sign-up in the chat", () => {
  it("posts the sign-up message with Join and Leave and makes a Discord event for it; a rush of sign-ups is one or two edits", async () => {
    const { t, everyone, fake, presenter } = await setUp();
    t.emit({ type: "signup-changed", created: true });
    await presenter.idle();
    const [msg] = fake.channelMessages(fake.channelId);
    expect(msg.embeds[0].title).toContain("Friday Hearts Night");
    expect(msg.embeds[0].description).toContain("Nobody has signed up yet");
    expect(msg.components[0].components.map((b: { label: string }) => b.label)).toEqual(["Join", "Leave"]);
    expect(t.view.messageId).toBe(msg.id);
    const event = fake.scheduledEvents.get(t.view.eventId!);
    expect(event).toMatchObject({ name: "Friday Hearts Night", entity_type: 3, entity_metadata: { location: "#hearts" } });
    expect(new Date(event.scheduled_start_time).getTime()).toBe(t.view.startsAt.getTime());

    // Twelve people join within a second: the message shows all of them after at most two edits.
    for (let n = 1; n <= 12; n++) {
      t.emit({ type: "signup-changed" }, { players: everyone.slice(0, n) });
      await new Promise((r) => setTimeout(r, 60));
    }
    await until(() => fake.messages.get(msg.id)!.embeds[0].description.includes("Signed up (12)"));
    await new Promise((r) => setTimeout(r, 2_300));
    expect(fake.messages.get(msg.id)!.edits).toBeLessThanOrEqual(2);
    for (const p of everyone.slice(0, 12)) expect(fake.messages.get(msg.id)!.embeds[0].description).toContain(p.name);
    expect(fake.violations).toEqual([]);
  });

  it("without Manage Events, says once that there is no Discord event, and goes on", async () => {
    const { t, fake, presenter } = await setUp();
    fake.denyGuildPermissions(["ManageEvents", "CreateEvents"]);
    t.emit({ type: "signup-changed", created: true });
    await presenter.idle();
    const posts = fake.channelMessages(fake.channelId);
    expect(posts).toHaveLength(2);
    expect(posts[1].content).toContain("Manage Events");
    expect(t.view.messageId).toBe(posts[0].id);
    expect(t.view.eventId).toBeNull();
    expect(fake.scheduledEvents.size).toBe(0);
  });
});

describe("a tournament night in the chat", () => {
  it("after a round posts the standings picture; at the end the podium, everyone's summary, and the event completes", async () => {
    const { t, played, fake, presenter } = await setUp();
    t.emit({ type: "signup-changed", created: true }, { players: played.players });
    await presenter.idle();
    const signup = t.view.messageId!;
    t.emit({ type: "round-started", round: 1, tables: ["a", "b", "c", "d"], sittingOut: [] }, { status: "playing", round: 1 });
    await presenter.idle();
    expect(fake.scheduledEvents.get(t.view.eventId!)?.status).toBe(2);
    t.emit(
      { type: "round-closed", round: 1, standings: played.standings },
      { played: played.played.slice(0, 1), standings: played.standings },
    );
    await presenter.idle();
    const standings = fake.channelMessages(fake.channelId).at(-1)!;
    expect(standings.content).toContain("standings after round 1 of 3");
    expect(standings.attachments.map((a) => a.filename)).toEqual(["standings.png"]);

    const podium = played.standings.filter((s) => s.place <= 3);
    t.emit({ type: "finished", podium, standings: played.standings }, { status: "finished", round: 3, played: played.played });
    await presenter.idle();
    const posts = fake.channelMessages(fake.channelId);
    const end = posts.findIndex((p) => p.content.includes("is over"));
    expect(posts[end].attachments.map((a) => a.filename)).toEqual(["podium.png"]);
    const winner = played.players.find((p) => p.userId === played.standings[0].id)!;
    expect(posts[end].content).toContain(winner.name);
    const summaries = posts
      .slice(end + 1)
      .map((p) => p.content)
      .join("\n");
    for (const p of played.players) expect(summaries).toContain(`**${p.name}**`);
    expect(summaries).toMatch(/Fatima al-Hassan the Magnificent\*\*: .*A computer player played part of your seat/);
    expect(posts.slice(end + 1).every((p) => p.pings.length === 0)).toBe(true);
    expect(fake.scheduledEvents.get(t.view.eventId!)?.status).toBe(3);
    // The sign-up message ends without its buttons, saying it is finished.
    await until(
      () => fake.messages.get(signup)!.components.length === 0 && fake.messages.get(signup)!.embeds[0].description.includes("Finished"),
    );
    expect(fake.violations).toEqual([]);
  });
});
