/** The lobby's moves as plain functions: no store, no service, no clock. */
import { describe, expect, it } from "vitest";
import { presetRules } from "../../src/game/index.js";
import { DEFAULT_SETTINGS } from "../../src/config.js";
import {
  addBot,
  configure,
  join,
  kick,
  leave,
  rematch,
  removeBot,
  start,
  type LobbyChange,
  type LobbyOutcome,
} from "../../src/table/lobby.js";
import { botSeat, humanSeat } from "../../src/table/seats.js";
import type { SeatRecord, TableRecord } from "../../src/table/records.js";
import type { Actor } from "../../src/table/types.js";

const alice: Actor = { userId: "1", name: "Alice" };
const bob: Actor = { userId: "2", name: "Bob" };
const carol: Actor = { userId: "3", name: "Carol" };
const manager: Actor = { userId: "9", name: "Mod", canManage: true };

/** What the moves read of a table: nothing else of the record, so the tests build only this. */
type Lobby = Pick<TableRecord, "guildId" | "channelId" | "hostId" | "rules" | "settings" | "status" | "seats">;

function table(seats: SeatRecord[], over: Partial<Lobby> = {}): Lobby {
  return {
    guildId: "g",
    channelId: "c",
    hostId: alice.userId,
    rules: presetRules("classic")!,
    settings: { ...DEFAULT_SETTINGS },
    status: "lobby",
    seats,
    ...over,
  };
}

const a0 = humanSeat(0, alice.userId, "Alice");
const b1 = humanSeat(1, bob.userId, "Bob");
const lobby2 = () => table([a0, b1]);
const playing = (seats: SeatRecord[]) => table(seats, { status: "playing" });

/** The change, or the test fails with the refusal's code. */
function changed(r: LobbyOutcome): LobbyChange {
  if (!r.ok) throw new Error(`refused: ${r.code} (${r.say.key})`);
  return r.change;
}
const refused = (r: { ok: boolean; code?: string; say?: { key: string } }) => (r.ok ? "ok" : `${r.code}:${r.say!.key}`);

describe("join", () => {
  it("seats a person in the first free seat and says so to the table", () => {
    const c = changed(join(table([a0, humanSeat(2, carol.userId, "Carol")]), bob));
    expect(c).toMatchObject({ kind: "lobby", note: { key: "noteJoined", values: { name: "Bob" } }, say: { key: "joined" } });
    expect(c.kind === "lobby" && c.patch.seats!.map((s) => [s.seat, s.userId])).toEqual([
      [0, "1"],
      [1, "2"],
      [2, "3"],
    ]);
  });

  it("gives a full lobby's computer seat to a person", () => {
    const bots = [1, 2, 3].map((n) => botSeat([a0], n, "easy"));
    const c = changed(join(table([a0, ...bots]), bob));
    expect(c).toMatchObject({ kind: "lobby", say: { key: "tookSeat", values: { name: bots[0].name } }, note: { key: "noteTookSeat" } });
    expect(c.kind === "lobby" && c.patch.seats!.map((s) => s.userId)).toEqual(["1", "2", null, null]);
  });

  it("refuses a person already seated, and a lobby of four people", () => {
    expect(refused(join(lobby2(), alice))).toBe("already-seated:alreadySeated");
    const four = table([a0, b1, humanSeat(2, "3", "Carol"), humanSeat(3, "4", "Dan")]);
    expect(refused(join(four, { userId: "5", name: "Eve" }))).toBe("full:full");
  });

  it("during a game only gives a person back their own seat from a computer player", () => {
    const away = { ...b1, botControlled: true, timeouts: 2 };
    const c = changed(join(playing([a0, away]), { ...bob, name: "Bobby" }));
    expect(c).toMatchObject({ kind: "seat", seat: 1, change: "returned", say: { key: "welcomeBack" } });
    expect(c.kind === "seat" && c.seats[1]).toMatchObject({ botControlled: false, timeouts: 0, name: "Bobby" });
    expect(refused(join(playing([a0, b1]), carol))).toBe("started:started");
    expect(refused(join(playing([a0, b1]), bob))).toBe("already-seated:alreadyPlaying");
  });
});

describe("leave", () => {
  it("frees the seat in the lobby, and the host's role passes to the next person", () => {
    expect(changed(leave(lobby2(), bob))).toMatchObject({
      kind: "lobby",
      patch: { seats: [a0] },
      note: { key: "noteLeft" },
      say: { key: "left" },
    });
    const c = changed(leave(lobby2(), alice));
    expect(c).toMatchObject({
      kind: "lobby",
      patch: { seats: [b1], hostId: bob.userId },
      note: { key: "noteLeftNewHost", values: { name: "Alice", host: "Bob" } },
    });
  });

  it("closes a lobby the last person leaves, computer players or not", () => {
    expect(changed(leave(table([a0, botSeat([a0], 1, "easy")]), alice))).toMatchObject({
      kind: "close",
      note: { key: "closedEveryoneLeft" },
      say: { key: "leftClosed" },
    });
  });

  it("during a game hands the seat to a computer player", () => {
    const c = changed(leave(playing([a0, b1]), bob));
    expect(c).toMatchObject({
      kind: "seat",
      seat: 1,
      change: "left",
      say: { key: "leftBotPlays" },
      sayIfClosed: { key: "leftGameClosed" },
    });
    expect(c.kind === "seat" && c.seats[1].botControlled).toBe(true);
    expect(refused(leave(playing([a0, { ...b1, botControlled: true }]), bob))).toBe("not-seated:botHasYourSeat");
  });

  it("refuses someone not seated", () => {
    expect(refused(leave(lobby2(), carol))).toBe("not-seated:notSeated");
  });
});

describe("computer players", () => {
  it("the host (or a manager) seats one of the chosen level in the first free seat", () => {
    const c = changed(addBot(table([a0, humanSeat(2, "3", "Carol")]), alice, "hard"));
    expect(c.kind === "lobby" && c.patch.seats![1]).toMatchObject({ seat: 1, userId: null, botLevel: "hard" });
    expect(c).toMatchObject({ note: { key: "noteBotAdded", values: { name: "Alice", level: "hard" } }, say: { key: "botSitsDown" } });
    expect(addBot(lobby2(), manager, "easy").ok).toBe(true);
  });

  it("refuses anyone else, a full table and a game in progress", () => {
    expect(refused(addBot(lobby2(), bob, "easy"))).toBe("not-host:notHostAddBot");
    const full = table([a0, b1, humanSeat(2, "3", "C"), humanSeat(3, "4", "D")]);
    expect(refused(addBot(full, alice, "easy"))).toBe("full:fullShort");
    expect(refused(addBot(playing([a0, b1]), alice, "easy"))).toBe("started:seatsFixed");
  });

  it("the host sends away the last one seated", () => {
    const x = botSeat([a0], 1, "easy");
    const y = botSeat([a0, x], 3, "hard");
    const c = changed(removeBot(table([a0, x, y]), alice));
    expect(c).toMatchObject({ kind: "lobby", patch: { seats: [a0, x] }, say: { key: "botStandsUp", values: { name: y.name } } });
    expect(refused(removeBot(lobby2(), alice))).toBe("bad-options:noBotToRemove");
    expect(refused(removeBot(table([a0, x]), bob))).toBe("not-host:notHostRemoveBot");
    expect(refused(removeBot(playing([a0, x]), alice))).toBe("started:seatsFixed");
  });
});

describe("kick", () => {
  it("frees the seat in the lobby", () => {
    expect(changed(kick(lobby2(), alice, bob.userId))).toMatchObject({
      kind: "lobby",
      patch: { seats: [a0] },
      say: { key: "kickedLobby", values: { name: "Bob" } },
    });
  });

  it("during a game gives the seat to a computer player until the person rejoins", () => {
    const c = changed(kick(playing([a0, b1]), manager, bob.userId));
    expect(c).toMatchObject({
      kind: "seat",
      seat: 1,
      change: "left",
      say: { key: "kickedBotPlays" },
      sayIfClosed: { key: "kickedGameClosed" },
    });
    expect(c.kind === "seat" && c.seats.map((s) => s.botControlled)).toEqual([false, true]);
    expect(refused(kick(playing([a0, { ...b1, botControlled: true }]), alice, bob.userId))).toBe("not-seated:kickAlreadyBot");
  });

  it("is the host's, never of oneself, and only of someone seated", () => {
    expect(refused(kick(lobby2(), bob, alice.userId))).toBe("not-host:notHostKick");
    expect(refused(kick(lobby2(), alice, alice.userId))).toBe("bad-options:kickSelf");
    expect(refused(kick(lobby2(), alice, carol.userId))).toBe("not-seated:kickNotSeated");
  });
});

describe("configure", () => {
  it("changes the rules and the settings in the lobby", () => {
    const c = changed(configure(lobby2(), alice, { rules: "target=50", settings: { turnSeconds: 30, hintsAllowed: false } }));
    expect(c).toMatchObject({ kind: "lobby", note: { key: "noteOptions" }, say: { key: "optionsUpdated" } });
    expect(
      c.kind === "lobby" && [c.patch.rules!.target, c.patch.settings!.turnSeconds, c.patch.settings!.hintsAllowed, c.patch.seats],
    ).toEqual([50, 30, false, undefined]);
  });

  it("takes a command's option values after the spec, in the rule table's range (the /hearts target)", () => {
    const c = changed(configure(lobby2(), alice, { rules: "omnibus,target=50", values: { target: 5 } }));
    expect(c.kind === "lobby" && [c.patch.rules!.target, c.patch.rules!.jackOfDiamonds]).toEqual([5, -10]);
    const only = changed(configure(lobby2(), alice, { values: { target: 10_000 } }));
    expect(only.kind === "lobby" && only.patch.rules!.target).toBe(10_000);
    expect(refused(configure(lobby2(), alice, { rules: "omnibus", values: { target: 10_001 } }))).toBe("bad-options:integer");
    expect(refused(configure(lobby2(), alice, { values: { target: 0 } }))).toBe("bad-options:integer");
  });

  it("refuses bad options with their reason, anyone but the host, and a started game", () => {
    expect(refused(configure(lobby2(), alice, { rules: "target=abc" }))).toMatch(/^bad-options:/);
    expect(refused(configure(lobby2(), alice, { settings: { turnSeconds: 3 } }))).toBe("bad-options:timerTooShort");
    expect(refused(configure(lobby2(), bob, { rules: "target=50" }))).toBe("not-host:notHostRules");
    expect(configure(lobby2(), manager, { rules: "target=50" }).ok).toBe(true);
    expect(refused(configure(playing([a0, b1]), alice, { rules: "target=50" }))).toBe("started:rulesFixed");
  });
});

describe("start", () => {
  it("fills the empty seats with computer players of the table's level", () => {
    const r = start(table([a0, humanSeat(2, "3", "Carol")], { settings: { ...DEFAULT_SETTINGS, botLevel: "hard" } }), alice);
    expect(r.ok && r.seats.map((s) => [s.seat, s.userId, s.botLevel])).toEqual([
      [0, "1", null],
      [1, null, "hard"],
      [2, "3", null],
      [3, null, "hard"],
    ]);
  });

  it("refuses anyone but the host (naming the host), too few people without fill, and a second start", () => {
    const r = start(lobby2(), bob);
    expect(refused(r)).toBe("not-host:notHostStart");
    expect(!r.ok && r.say.values).toEqual({ host: "Alice" });
    expect(refused(start(table([a0, b1], { settings: { ...DEFAULT_SETTINGS, fillWithBots: false } }), alice))).toBe(
      "not-enough-players:notEnoughPlayers",
    );
    expect(refused(start(playing([a0, b1]), alice))).toBe("started:alreadyStarted");
  });
});

describe("rematch", () => {
  const finished = (over: Partial<Lobby> = {}) => table([a0, { ...b1, botControlled: true, timeouts: 2 }], { status: "finished", ...over });

  it("opens the same seats, rules and settings, every person back in their seat, and keeps the host", () => {
    const r = rematch(finished({ rules: { ...presetRules("classic")!, target: 50 } }), bob);
    expect(r.ok && r.table).toMatchObject({ guildId: "g", channelId: "c", hostId: alice.userId, rules: { target: 50 } });
    // A rematch has no deal of its own until its game starts.
    expect(r.ok && "deal" in r.table).toBe(false);
    expect(r.ok && r.table.seats.map((s) => [s.botControlled, s.timeouts])).toEqual([
      [false, 0],
      [false, 0],
    ]);
  });

  it("goes to whoever pressed it when the host is no longer seated", () => {
    const r = rematch(finished({ hostId: "gone" }), bob);
    expect(r.ok && r.table.hostId).toBe(bob.userId);
  });

  it("only follows a finished game, for one of its players", () => {
    expect(refused(rematch(finished({ status: "playing" }), alice))).toBe("started:rematchStillGoing");
    expect(refused(rematch(finished({ status: "abandoned" }), alice))).toBe("closed:rematchNotFinished");
    expect(refused(rematch(finished(), carol))).toBe("not-seated:rematchNotPlayer");
  });

  it("is refused at a tournament's table, whose people the tournament seats again for its next round", () => {
    const round = finished({ settings: { ...DEFAULT_SETTINGS, handLimit: 4 } });
    expect(refused(rematch(round, alice))).toBe("closed:rematchTournament");
  });
});
