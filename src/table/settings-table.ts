/**
 * The table settings: what a host (or a server, or the bot's operator) sets that is not a rule of
 * the game. One entry each, as the rule table (src/game/rules.ts OPTIONS) has one per rule: its
 * values and default, the environment variable that moves the bot's default, the /hearts option a
 * host sets it with, whether a server may fix it in /hearts settings, what a tournament's round
 * tables use, and its words (from the catalogue, so in every language). Everything else iterates
 * this table: the command's definition and its parsing, the configuration, the store's defaults,
 * the server's settings and their view, the rules' words both front ends show, the tournament's
 * round tables and the docs check.
 *
 * A new setting is an entry here, its words in the catalogue (English and French: a `settings`
 * sentence each), a line in docs/players.md, and the code that obeys it
 * (test/house/new-setting.test.ts adds one this way and finds it everywhere).
 */
import { BOT_LEVELS, DEFAULT_LEVEL, type BotLevel } from "../ai/levels.js";
import { sentence, type Messages, type Sentence } from "../i18n/index.js";

type Words = (m: Messages) => string;

/** A value a setting takes, or why not: a refusal to say, or null (not one of its values: left as it was). */
export type Checked<V> = { ok: true; value: V } | { ok: false; error: Sentence | null };

/** What a tournament's round tables are given: the bot's turn clock and the tournament's level. */
export interface TournamentGiven {
  turnSeconds: number;
  timeBankSeconds: number;
  botLevel: BotLevel;
}

/** What every entry may say besides its values. */
interface Extra<V> {
  default: V;
  /** The environment variable that changes the bot's default (docs/operators.md, Settings). */
  env?: string;
  /** The option of /hearts new and /hearts rules that sets it, with its description. */
  option?: { name: string; describe: Words };
  /**
   * A server's default for its new tables (/hearts settings, the option of the same name), stored
   * under its key in the server row's JSON of table defaults (src/store/records.ts; no column of
   * its own): the option's description, the reset choice's words, the name and value the
   * settings' view shows, and its place there.
   */
  server?: { rank: number; describe: Words; reset: Words; label: Words; show: (value: V, m: Messages) => string };
  /** What a tournament's round tables use. */
  tournament: V | ((given: TournamentGiven) => V);
  /** What a table stored before this setting existed reads as (default: `default`). */
  missing?: (stored: { rated?: boolean }) => V;
  /** Its sentence in the rules both front ends show, after the rules line (src/table/rules-words.ts). */
  said?: (value: V, m: Messages) => string;
}

export type Setting<V> = Extra<V> & { check(raw: unknown): Checked<V> } & (
    | { kind: "boolean" }
    | { kind: "integer"; min: number; max: number; choices?: { value: number; words: Words }[] }
    | { kind: "choice"; values: readonly string[]; words: (value: string, m: Messages) => string }
  );

const boolean = <E extends Extra<boolean>>(e: E) => ({
  kind: "boolean" as const,
  check: (raw: unknown): Checked<boolean> => (typeof raw === "boolean" ? { ok: true, value: raw } : { ok: false, error: null }),
  ...e,
});

/** Whole numbers from `min` to `max`; `refuse` words a value out of range (default: left as it was). */
const integer = <E extends Extra<number>>(
  range: { min: number; max: number; choices?: number[]; words?: (value: number, m: Messages) => string },
  refuse: (n: number) => Sentence | null,
  e: E,
) => ({
  kind: "integer" as const,
  min: range.min,
  max: range.max,
  ...(range.choices && { choices: range.choices.map((value) => ({ value, words: (m: Messages) => range.words!(value, m) })) }),
  check: (raw: unknown): Checked<number> =>
    typeof raw !== "number" || !Number.isInteger(raw) || raw < range.min || raw > range.max
      ? { ok: false, error: refuse(typeof raw === "number" ? raw : NaN) }
      : refuse(raw)
        ? { ok: false, error: refuse(raw) }
        : { ok: true, value: raw },
  ...e,
});

/** One of `values`; `unknown` is the refusal for anything else (default: left as it was). */
const choice = <const T extends string, E extends Extra<T>>(
  values: readonly T[],
  words: (value: T, m: Messages) => string,
  unknown: Sentence | null,
  e: E,
) => ({
  kind: "choice" as const,
  values,
  words: words as (value: string, m: Messages) => string,
  check: (raw: unknown): Checked<T> =>
    typeof raw === "string" && (values as readonly string[]).includes(raw) ? { ok: true, value: raw as T } : { ok: false, error: unknown },
  ...e,
});

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const onOff = (on: boolean, m: Messages) => (on ? m.settings.hintsOn : m.settings.hintsOff);

/** Seconds per card: 0 (no timer) or 10 to 3600. */
const timerRefusal = (n: number): Sentence | null =>
  !Number.isInteger(n) || n < 0 || n > 3600
    ? sentence("refusals", "timerRange")
    : n > 0 && n < 10
      ? sentence("refusals", "timerTooShort")
      : null;

/** The table settings, in the order /hearts new lists its options. */
export const SETTINGS = {
  /** Seconds per card; a pass gets 1.5× this (options.ts turnAllowance). 0 = no timer. */
  turnSeconds: integer(
    { min: 0, max: 3600, choices: [30, 60, 90, 120, 300, 0], words: (seconds, m) => m.commands.timerChoice({ seconds }) },
    timerRefusal,
    {
      default: 60,
      env: "TURN_SECONDS",
      option: { name: "timer", describe: (m) => m.commands.timer },
      server: {
        rank: 2,
        describe: (m) => m.commands.defaultTimer,
        reset: (m) => m.commands.resetChoice({ what: "timer" }),
        label: (m) => m.settings.timer,
        show: (s, m) => (s > 0 ? m.settings.timerSeconds({ s }) : m.settings.noTimer),
      },
      // The turn clock on, at least 15 s a card.
      tournament: (t) => Math.max(15, t.turnSeconds),
    },
  ),
  /** Extra seconds each person may spend over the whole game. */
  timeBankSeconds: integer({ min: 0, max: 36_000 }, () => null, {
    default: 120,
    env: "TIME_BANK_SECONDS",
    tournament: (t) => t.timeBankSeconds,
  }),
  fillWithBots: boolean({ default: true, option: { name: "bots", describe: (m) => m.commands.bots }, tournament: false }),
  botLevel: choice(BOT_LEVELS, (level, m) => capital(m.lobby.level({ level })), sentence("lobby", "chooseLevel"), {
    default: DEFAULT_LEVEL,
    env: "DEFAULT_BOT_LEVEL",
    option: { name: "level", describe: (m) => m.commands.level },
    server: {
      rank: 1,
      describe: (m) => m.commands.defaultLevel,
      reset: (m) => m.commands.resetChoice({ what: "level" }),
      label: (m) => m.settings.level,
      show: (level) => level,
    },
    tournament: (t) => t.botLevel,
  }),
  /** "tricks": a picture of every trick; "hands": only end-of-hand summaries. */
  trickImages: choice(["tricks", "hands"], (v, m) => (v === "tricks" ? m.commands.imagesTricks : m.commands.imagesHands), null, {
    default: "tricks",
    option: { name: "images", describe: (m) => m.commands.images },
    server: {
      rank: 3,
      describe: (m) => m.commands.defaultImages,
      reset: (m) => m.commands.resetChoice({ what: "images" }),
      label: (m) => m.settings.pictures,
      show: (v, m) => (v === "tricks" ? m.settings.picturesTricks : m.settings.picturesHands),
    },
    tournament: "hands",
  }),
  /** A server that turns hints off also refuses them at its open tables (src/table/hints.ts). */
  hintsAllowed: boolean({
    default: true,
    option: { name: "hints", describe: (m) => m.commands.hints },
    server: {
      rank: 4,
      describe: (m) => m.commands.allowHints,
      reset: (m) => m.commands.resetChoice({ what: "hints" }),
      label: (m) => m.settings.hints,
      show: onOff,
    },
    // Undo is off at any table with a hand limit, as a tournament's.
    tournament: false,
  }),
  rated: boolean({ default: true, tournament: true }),
  fourColourDeck: boolean({ default: false, tournament: false }),
  /** The hand menus list the cards still out, per suit (src/table/played-cards.ts). */
  playedCards: boolean({
    // Tables are rated by default, and at a rated table the played-cards list is the host's choice.
    default: false,
    option: { name: "played", describe: (m) => m.commands.played },
    tournament: false,
    // Before the option existed: on at unrated tables, off at rated ones.
    missing: (stored) => stored.rated === false,
    said: (on, m) => (on ? m.comforts.playedCardsOn : m.comforts.playedCardsOff),
  }),
};

type Table = typeof SETTINGS;
export type SettingKey = keyof Table;
type ValueOf<S> = S extends { check(raw: unknown): Checked<infer V> } ? V : never;
/** Every setting's value, as a table holds them. */
export type SettingValues = { -readonly [K in SettingKey]: ValueOf<Table[K]> };
/** The settings a host sets with an option. */
export type OptionKey = { [K in SettingKey]: Table[K] extends { option: object } ? K : never }[SettingKey];
/** The settings a server may fix. */
export type ServerKey = { [K in SettingKey]: Table[K] extends { server: object } ? K : never }[SettingKey];
/** A server's defaults for its new tables; null: the bot's. */
export type ServerDefaults = { [K in ServerKey]: SettingValues[K] | null };

type Entry = Setting<unknown> & { key: SettingKey };
type OptionEntry = Setting<unknown> & { key: OptionKey; option: NonNullable<Extra<unknown>["option"]> };
type ServerEntry = OptionEntry & { key: ServerKey; server: NonNullable<Extra<unknown>["server"]> };

/**
 * Everything the layers iterate, derived from a table of settings: the real one below, or one with
 * an entry more (test/house/new-setting.test.ts adds one this way and finds it everywhere).
 */
export function tableOf(settings: Record<string, Setting<never>>) {
  /** The entries, typed as one, in the table's order. */
  const SETTING_LIST = Object.entries(settings).map(([key, s]) => ({ key, ...(s as Setting<unknown>) })) as Entry[];
  /** The settings a host sets with an option of /hearts new and /hearts rules, in the command's order. */
  const OPTION_SETTINGS = SETTING_LIST.filter((s) => s.option) as OptionEntry[];
  /** The settings a server may fix, in the order /hearts settings lists them. */
  const SERVER_SETTINGS = (OPTION_SETTINGS.filter((s) => s.server) as ServerEntry[]).sort((a, b) => a.server.rank - b.server.rank);
  return {
    SETTING_LIST,
    OPTION_SETTINGS,
    SERVER_SETTINGS,

    /** The bot's defaults, before its configuration (src/config.ts) and a server's. */
    defaultSettings: (): SettingValues => Object.fromEntries(SETTING_LIST.map((s) => [s.key, s.default])) as SettingValues,

    /** What a tournament's round tables use. */
    tournamentSettings: (given: TournamentGiven): SettingValues =>
      Object.fromEntries(
        SETTING_LIST.map((s) => [
          s.key,
          typeof s.tournament === "function" ? (s.tournament as (g: TournamentGiven) => unknown)(given) : s.tournament,
        ]),
      ) as SettingValues,

    /** A stored table's settings with every setting: one added since the row was written reads as `missing` says, else its default. */
    withMissing<T extends Partial<SettingValues> & { rated?: boolean }>(stored: T): T & SettingValues {
      const out: Record<string, unknown> = { ...stored };
      for (const s of SETTING_LIST) if (out[s.key] === undefined) out[s.key] = s.missing ? s.missing(stored) : s.default;
      return out as T & SettingValues;
    },

    /** A server's stored defaults, each read back only when this version takes the value (a newer one's reads as unset). */
    readServerDefaults: (row: Partial<Record<ServerKey, unknown>> | null): ServerDefaults =>
      Object.fromEntries(
        SERVER_SETTINGS.map((s) => {
          const raw = row?.[s.key];
          const c = raw === null || raw === undefined ? null : s.check(raw);
          return [s.key, c?.ok ? c.value : null];
        }),
      ) as ServerDefaults,

    /** A server's defaults over the bot's, for a new table. */
    overServer<T extends SettingValues>(base: T, g: ServerDefaults): T {
      const out: Record<string, unknown> = { ...base };
      for (const s of SERVER_SETTINGS) if (g[s.key] !== null) out[s.key] = g[s.key];
      return out as T;
    },

    /** The sentences the rules add after their line, one per setting that says something. */
    settingsSaid: (values: SettingValues, m: Messages): string[] =>
      SETTING_LIST.filter((s) => s.said).map((s) => (s.said as (v: unknown, m: Messages) => string)(values[s.key], m)),
  };
}

export const {
  SETTING_LIST,
  OPTION_SETTINGS,
  SERVER_SETTINGS,
  defaultSettings,
  tournamentSettings,
  withMissing,
  readServerDefaults,
  overServer,
  settingsSaid,
} = tableOf(SETTINGS as unknown as Record<string, Setting<never>>);
