/**
 * The lobby's rules, one function per move (as boardgame.io's moves): each reads the table's record,
 * who acts and what they asked for, and returns the change to store and announce, or a refusal with
 * its reason. No store, no clock, no timers: the TableService loads the table, calls the move inside
 * the table's queue, stores the change and tells the front end.
 */
import { sentence, type Sentence } from "../i18n/index.js";
import type { NewTable, TablePatch } from "./store.js";
import type { BotLevel, SeatRecord, TableRecord } from "./records.js";
import type { Rules } from "../game/index.js";
import { applyRulesChange, applySettings, type SettingsChange } from "./options.js";
import { botSeat, cleanName, freeSeatNumber, humanSeat, isHumanSeat, seatOf, sortSeats } from "./seats.js";
import { isOpen } from "./records.js";
import { playsForTournament } from "./tournament/integrity.js";
import { refuse, type Actor, type Outcome } from "./types.js";

/** What a lobby move may change in the record. */
export type LobbyPatch = Pick<TablePatch, "seats" | "hostId" | "rules" | "settings">;

/** What a move does, for the service to store and announce. `say` answers the person who acted. */
export type LobbyChange =
  /** The lobby changed: store the patch, count it as activity (the idle lobby's clock starts again), tell the table. */
  | { kind: "lobby"; patch: LobbyPatch; note: Sentence; say: Sentence }
  /**
   * During a game a seat changed hands: a computer player took it ("left"), or its person is back
   * ("returned"). When a seat is left and nobody is left to play, the table closes and the person
   * reads `sayIfClosed`.
   */
  | { kind: "seat"; seats: SeatRecord[]; seat: number; change: "returned"; say: Sentence }
  | { kind: "seat"; seats: SeatRecord[]; seat: number; change: "left"; say: Sentence; sayIfClosed: Sentence }
  /** The last person left the lobby: the table closes. */
  | { kind: "close"; note: Sentence; say: Sentence };

export type LobbyOutcome = Outcome<{ change: LobbyChange }>;

type Lobby = Pick<TableRecord, "status" | "hostId" | "seats" | "rules" | "settings">;

const change = (c: LobbyChange): LobbyOutcome => ({ ok: true, change: c });

/** The host runs the table; someone who may manage the channel may too. */
export const mayRun = (table: Pick<TableRecord, "hostId">, actor: Actor): boolean => table.hostId === actor.userId || !!actor.canManage;

/**
 * Sitting down. In the lobby: the first free seat, or a computer player's seat when every seat is
 * taken. During a game: only the seat's own person, back from a computer player who kept it.
 */
export function join(table: Lobby, actor: Actor): LobbyOutcome {
  const seats = table.seats;
  const mine = seatOf(seats, actor.userId);
  const name = cleanName(actor.name);
  if (table.status === "lobby") {
    if (mine) return refuse("already-seated", sentence("refusals", "alreadySeated"));
    let n = freeSeatNumber(seats);
    const next = seats.slice();
    let replaced: string | null = null;
    if (n === null) {
      // A person may take a computer player's seat before the game starts.
      const bot = seats.find((s) => s.userId === null);
      if (!bot) return refuse("full", sentence("refusals", "full"));
      n = bot.seat;
      replaced = bot.name;
      next.splice(next.indexOf(bot), 1);
    }
    next.push(humanSeat(n, actor.userId, name));
    return change({
      kind: "lobby",
      patch: { seats: sortSeats(next) },
      note: replaced ? sentence("lobby", "noteTookSeat", { name, bot: replaced }) : sentence("lobby", "noteJoined", { name }),
      say: replaced ? sentence("lobby", "tookSeat", { name: replaced }) : sentence("lobby", "joined"),
    });
  }
  if (!mine) return refuse("started", sentence("refusals", "started"));
  if (mine.out) return refuse("withdrawn", sentence("refusals", "withdrawn"));
  if (!mine.botControlled) return refuse("already-seated", sentence("refusals", "alreadyPlaying"));
  return change({
    kind: "seat",
    seats: seats.map((s) => (s === mine ? { ...s, botControlled: false, timeouts: 0, name } : s)),
    seat: mine.seat,
    change: "returned",
    say: sentence("lobby", "welcomeBack"),
  });
}

/**
 * Getting up. In the lobby the seat is freed (the host's role passes to the next person; the last
 * person out closes the table); during a game a computer player takes the seat until they rejoin,
 * or to the end when they leave `forGood` (out of a tournament: the seat is `out`).
 */
export function leave(table: Lobby, actor: Actor, forGood = false): LobbyOutcome {
  const seats = table.seats;
  const mine = seatOf(seats, actor.userId);
  if (!mine) return refuse("not-seated", sentence("refusals", "notSeated"));
  if (table.status === "lobby") {
    const next = seats.filter((s) => s !== mine);
    const heir = next.find(isHumanSeat);
    if (!heir) return change({ kind: "close", note: sentence("lobby", "closedEveryoneLeft"), say: sentence("lobby", "leftClosed") });
    const patch: LobbyPatch = { seats: next };
    const hostLeft = table.hostId === actor.userId;
    if (hostLeft) patch.hostId = heir.userId!;
    return change({
      kind: "lobby",
      patch,
      note: hostLeft
        ? sentence("lobby", "noteLeftNewHost", { name: mine.name, host: heir.name })
        : sentence("lobby", "noteLeft", { name: mine.name }),
      say: sentence("lobby", "left"),
    });
  }
  if (mine.botControlled && (!forGood || mine.out)) return refuse("not-seated", sentence("refusals", "botHasYourSeat"));
  return change({
    kind: "seat",
    seats: seats.map((s) => (s === mine ? { ...s, botControlled: true, ...(forGood ? { out: true } : {}) } : s)),
    seat: mine.seat,
    change: "left",
    say: sentence("lobby", "leftBotPlays"),
    sayIfClosed: sentence("lobby", "leftGameClosed"),
  });
}

/** The host seats a computer player of `level` in the first free seat. */
export function addBot(table: Lobby, actor: Actor, level: BotLevel): LobbyOutcome {
  if (table.status !== "lobby") return refuse("started", sentence("refusals", "seatsFixed"));
  if (!mayRun(table, actor)) return refuse("not-host", sentence("refusals", "notHostAddBot"));
  const n = freeSeatNumber(table.seats);
  if (n === null) return refuse("full", sentence("refusals", "fullShort"));
  const bot = botSeat(table.seats, n, level);
  return change({
    kind: "lobby",
    patch: { seats: sortSeats([...table.seats, bot]) },
    note: sentence("lobby", "noteBotAdded", { name: cleanName(actor.name), bot: bot.name, level }),
    say: sentence("lobby", "botSitsDown", { name: bot.name, level }),
  });
}

/** The host sends away the computer player seated last. */
export function removeBot(table: Lobby, actor: Actor): LobbyOutcome {
  if (table.status !== "lobby") return refuse("started", sentence("refusals", "seatsFixed"));
  if (!mayRun(table, actor)) return refuse("not-host", sentence("refusals", "notHostRemoveBot"));
  const bots = table.seats.filter((s) => s.userId === null);
  const bot = bots[bots.length - 1];
  if (!bot) return refuse("bad-options", sentence("refusals", "noBotToRemove"));
  return change({
    kind: "lobby",
    patch: { seats: table.seats.filter((s) => s !== bot) },
    note: sentence("lobby", "noteBotLeft", { bot: bot.name }),
    say: sentence("lobby", "botStandsUp", { name: bot.name }),
  });
}

/**
 * The host removes a player who stopped responding: in the lobby the seat is freed; during a game a
 * computer player takes it until the person rejoins.
 */
export function kick(table: Lobby, actor: Actor, userId: string): LobbyOutcome {
  if (!mayRun(table, actor)) return refuse("not-host", sentence("refusals", "notHostKick"));
  if (userId === actor.userId) return refuse("bad-options", sentence("refusals", "kickSelf"));
  const seat = seatOf(table.seats, userId);
  if (!seat) return refuse("not-seated", sentence("refusals", "kickNotSeated"));
  if (table.status === "lobby") {
    return change({
      kind: "lobby",
      patch: { seats: table.seats.filter((s) => s !== seat) },
      note: sentence("lobby", "noteKicked", { name: seat.name }),
      say: sentence("lobby", "kickedLobby", { name: seat.name }),
    });
  }
  if (seat.botControlled) return refuse("not-seated", sentence("refusals", "kickAlreadyBot", { name: seat.name }));
  return change({
    kind: "seat",
    seats: table.seats.map((s) => (s === seat ? { ...s, botControlled: true } : s)),
    seat: seat.seat,
    change: "left",
    say: sentence("lobby", "kickedBotPlays", { name: seat.name }),
    sayIfClosed: sentence("lobby", "kickedGameClosed"),
  });
}

/** The host changes the rules (a spec as typed) or the table settings, before the game starts. */
export function configure(
  table: Lobby,
  actor: Actor,
  asked: { rules?: string; values?: Partial<Rules>; settings?: SettingsChange },
): LobbyOutcome {
  if (table.status !== "lobby") return refuse("started", sentence("refusals", "rulesFixed"));
  if (!mayRun(table, actor)) return refuse("not-host", sentence("refusals", "notHostRules"));
  const patch: LobbyPatch = {};
  if (asked.rules !== undefined || asked.values) {
    const r = applyRulesChange(table.rules, { spec: asked.rules, values: asked.values });
    if (!r.ok) return refuse("bad-options", r.error);
    patch.rules = r.rules;
  }
  if (asked.settings) {
    const s = applySettings(table.settings, asked.settings);
    if (!s.ok) return refuse("bad-options", s.error);
    patch.settings = s.settings;
  }
  return change({
    kind: "lobby",
    patch,
    note: sentence("lobby", "noteOptions", { name: cleanName(actor.name) }),
    say: sentence("lobby", "optionsUpdated"),
  });
}

/**
 * Whether the game may start, and its seats: the empty ones filled with computer players of the
 * table's level when the table allows it. The deal (its key) is the service's.
 */
export function start(table: Lobby, actor: Actor): Outcome<{ seats: SeatRecord[] }> {
  if (table.status !== "lobby") return refuse("started", sentence("refusals", "alreadyStarted"));
  if (!mayRun(table, actor)) {
    const host = table.seats.find((s) => s.userId === table.hostId)?.name ?? null;
    return refuse("not-host", sentence("refusals", "notHostStart", { host }));
  }
  const seats = table.seats.slice();
  if (seats.length >= 4) return { ok: true, seats };
  if (!table.settings.fillWithBots) return refuse("not-enough-players", sentence("refusals", "notEnoughPlayers", { seated: seats.length }));
  for (let n = freeSeatNumber(seats); n !== null; n = freeSeatNumber(seats)) seats.push(botSeat(seats, n, table.settings.botLevel));
  return { ok: true, seats: sortSeats(seats) };
}

/**
 * Whether a player of a finished game may open its rematch, and the new table: the same seats (every
 * person back in their own seat), rules and settings. The host stays the host: whoever pressed
 * Rematch, the previous host can still run (or end) it. Whether the channel is free is the service's.
 */
export function rematch(table: Lobby & Pick<TableRecord, "guildId" | "channelId">, actor: Actor): Outcome<{ table: NewTable }> {
  if (isOpen(table.status)) return refuse("started", sentence("refusals", "rematchStillGoing"));
  if (table.status !== "finished") return refuse("closed", sentence("refusals", "rematchNotFinished"));
  if (!seatOf(table.seats, actor.userId)) return refuse("not-seated", sentence("refusals", "rematchNotPlayer"));
  // A tournament's tables are the tournament's to seat: its next round is the "rematch".
  if (playsForTournament(table)) return refuse("closed", sentence("refusals", "rematchTournament"));
  const seats = table.seats.map((s) => ({ ...s, botControlled: false, timeouts: 0 }));
  return {
    ok: true,
    table: {
      guildId: table.guildId,
      channelId: table.channelId,
      hostId: seatOf(seats, table.hostId) ? table.hostId : actor.userId,
      rules: table.rules,
      settings: table.settings,
      seats,
    },
  };
}
