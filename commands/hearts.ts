/**
 * The /hearts command as data: subcommands, options with choices or autocomplete, each described
 * in every language of src/i18n/languages.ts from the catalogue's `commands` area. The bot's
 * handlers read option names from OPT.
 */
import {
  ChannelType,
  InteractionContextType,
  SlashCommandBuilder,
  type LocalizationMap,
  type SlashCommandSubcommandBuilder,
  type SlashCommandSubcommandGroupBuilder,
} from "discord.js";
import { BOT_LEVELS } from "../src/ai/levels.js";
import { OPTIONS } from "../src/game/rules.js";
import { MAX_HANDS_PER_ROUND, MAX_NAME, MAX_ROUNDS, MIN_HANDS_PER_ROUND, MIN_ROUNDS } from "../src/table/tournament/api.js";
import { DEFAULT_LOCALE, LOCALES, languageOf, messages, type Messages } from "../src/i18n/index.js";
import { OPTION_SETTINGS, SERVER_SETTINGS, SETTINGS } from "../src/table/settings-table.js";

/** Option names, shared by the definition and the handlers. */
export const OPT = {
  rules: "rules",
  target: "target",
  level: "level",
  colours: "colours",
  index: "index",
  set: "set",
  user: "user",
  sort: "sort",
  page: "page",
  addChannel: "add_channel",
  removeChannel: "remove_channel",
  maxTables: "max_tables",
  language: "language",
  retention: "retention",
  daily: "daily",
  dailyRules: "daily_rules",
  dailyMemberDays: "daily_member_days",
  tournamentRole: "tournament_role",
  reset: "reset",
  server: "server",
  day: "day",
  game: "game",
  name: "name",
  start: "start",
  rounds: "rounds",
  hands: "hands",
  channel: "channel",
  player: "player",
} as const;

/**
 * What `/hearts settings reset:` can put back to its default (each worded by the catalogue's
 * resetChoice, a table setting by its entry): the server's table settings by their option's name.
 */
export const RESET_CHOICES: readonly { value: string }[] = [
  { value: "channels" },
  { value: "rules" },
  ...SERVER_SETTINGS.map((s) => ({ value: s.option.name })),
  { value: "max_tables" },
  { value: "language" },
  { value: "retention" },
  { value: "tournament_role" },
  { value: "all" },
];

type Words = (w: Messages["commands"], m: Messages) => string;

/**
 * A sentence of the command's words under the Discord locale codes of every language but English
 * (the command's own): Discord's name_localizations and description_localizations.
 */
function localized(pick: Words): LocalizationMap {
  const map: Record<string, string> = {};
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    const m = messages(locale);
    for (const code of languageOf(locale).discord) map[code] = pick(m.commands, m);
  }
  return map as LocalizationMap;
}

const english = (pick: Words) => pick(messages().commands, messages());

/** A description in English with its translations. */
function described<T extends { setDescription(d: string): T; setDescriptionLocalizations(l: LocalizationMap | null): T }>(
  builder: T,
  pick: Words,
): T {
  return builder.setDescription(english(pick)).setDescriptionLocalizations(localized(pick));
}

/** A choice named in English with its translations. */
const choice = <V extends string | number>(value: V, pick: Words) => ({ name: english(pick), value, name_localizations: localized(pick) });

const RETENTION_CHOICES = [30, 90, 180, 365].map((days) => choice(days, (w) => w.retentionChoice({ days })));
const SORT_CHOICES = ["rating", "games", "wins", "points", "moons", "queens"].map((sort) => choice(sort, (w) => w.sort({ sort })));
const RESET = RESET_CHOICES.map((c) => {
  const setting = SERVER_SETTINGS.find((s) => s.option.name === c.value);
  return choice(c.value, (w, m) => (setting ? setting.server.reset(m) : w.resetChoice({ what: c.value })));
});
/** Each language named in itself ("English", "Français"), then the server's own. */
const LANGUAGE_CHOICES = [
  ...LOCALES.map((locale) => ({ name: messages(locale).commands.languageName, value: locale as string })),
  choice("server", (w) => w.languageServer),
];

/** The levels of src/ai/levels.ts, named by the catalogue ("Easy", "Facile"), as the settings table names them. */
const LEVEL_CHOICES = BOT_LEVELS.map((level) => choice(level, (_, m) => SETTINGS.botLevel.words(level, m)));

/**
 * A table setting's option (src/table/settings-table.ts), described by `describe` (the host's words
 * in /hearts new, the server's in /hearts settings): its kind, choices or range from the entry.
 */
function settingOption(sub: SlashCommandSubcommandBuilder, s: (typeof OPTION_SETTINGS)[number], describe: Words) {
  const name = s.option.name;
  if (s.kind === "boolean") return sub.addBooleanOption((o) => described(o.setName(name), describe));
  if (s.kind === "choice")
    return sub.addStringOption((o) =>
      described(o.setName(name), describe).addChoices(...s.values.map((v) => choice(v, (_, m) => s.words(v, m)))),
    );
  const { choices, min, max } = s;
  return sub.addIntegerOption((o) =>
    choices
      ? described(o.setName(name), describe).addChoices(...choices.map((c) => choice(c.value, (_, m) => c.words(m))))
      : described(o.setName(name), describe).setMinValue(min).setMaxValue(max),
  );
}

/** The target's range and default come from the rule table, so Discord accepts exactly what the rules do. */
const TARGET = OPTIONS.target;

/** The table options shared by `new` and `rules`. */
function tableOptions(sub: SlashCommandSubcommandBuilder, forNew: boolean): SlashCommandSubcommandBuilder {
  sub
    .addStringOption((o) =>
      described(o.setName(forNew ? OPT.rules : OPT.set), (w) => (forNew ? w.rulesNew : w.rulesSet))
        .setAutocomplete(true)
        .setMaxLength(300),
    )
    .addIntegerOption((o) =>
      described(o.setName(OPT.target), (w) => w.target({ default: TARGET.default }))
        .setMinValue(TARGET.min)
        .setMaxValue(TARGET.max),
    );
  for (const s of OPTION_SETTINGS) settingOption(sub, s, (_, m) => s.option.describe(m));
  return sub;
}

const simple = (name: string, pick: Words) => (s: SlashCommandSubcommandBuilder) => described(s.setName(name), pick);

export const heartsCommand = described(new SlashCommandBuilder().setName("hearts"), (w) => w.hearts)
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((s) => tableOptions(simple("new", (w) => w.new)(s), true))
  .addSubcommand(simple("join", (w) => w.join))
  .addSubcommand(simple("leave", (w) => w.leave))
  .addSubcommand(simple("start", (w) => w.start))
  .addSubcommand(simple("end", (w) => w.end))
  .addSubcommand((s) =>
    simple("kick", (w) => w.kick)(s).addUserOption((o) => described(o.setName(OPT.user), (w) => w.kickUser).setRequired(true)),
  )
  .addSubcommand(simple("hand", (w) => w.hand))
  .addSubcommand((s) =>
    simple(
      "deck",
      (w) => w.deck,
    )(s)
      .addStringOption((o) =>
        described(o.setName(OPT.colours), (w) => w.deckColours).addChoices(
          choice("two", (w) => w.deckTwoColours),
          choice("four", (w) => w.deckFourColours),
        ),
      )
      .addStringOption((o) =>
        described(o.setName(OPT.index), (w) => w.deckIndex).addChoices(
          choice("normal", (w) => w.deckIndexNormal),
          choice("large", (w) => w.deckIndexLarge),
        ),
      ),
  )
  .addSubcommand((s) => tableOptions(simple("rules", (w) => w.rules)(s), false))
  .addSubcommand(simple("scores", (w) => w.scores))
  .addSubcommand(simple("hint", (w) => w.hint))
  .addSubcommand((s) =>
    simple(
      "leaderboard",
      (w) => w.leaderboard,
    )(s)
      .addStringOption((o) => described(o.setName(OPT.sort), (w) => w.leaderboardSort).addChoices(...SORT_CHOICES))
      .addIntegerOption((o) =>
        described(o.setName(OPT.page), (w) => w.leaderboardPage)
          .setMinValue(1)
          .setMaxValue(1000),
      ),
  )
  .addSubcommandGroup((g) =>
    described(g.setName("daily"), (w) => w.daily)
      .addSubcommand(simple("play", (w) => w.dailyPlay))
      .addSubcommand((s) =>
        simple(
          "board",
          (w) => w.dailyBoard,
        )(s).addIntegerOption((o) =>
          described(o.setName(OPT.day), (w) => w.dailyDay)
            .setMinValue(1)
            .setMaxValue(100_000),
        ),
      ),
  )
  .addSubcommand((s) =>
    simple(
      "review",
      (w) => w.review,
    )(s).addStringOption((o) =>
      described(o.setName(OPT.game), (w) => w.reviewGame).addChoices(
        choice("last", (w) => w.reviewLast),
        choice("daily", (w) => w.reviewDaily),
      ),
    ),
  )
  .addSubcommand((s) => simple("stats", (w) => w.stats)(s).addUserOption((o) => described(o.setName(OPT.user), (w) => w.statsUser)))
  .addSubcommandGroup((g) => tournamentGroup(g))
  .addSubcommand((s) => settingsOptions(simple("settings", (w) => w.settings)(s)))
  .addSubcommand((s) =>
    simple("privacy", (w) => w.privacy)(s).addBooleanOption((o) => described(o.setName(OPT.server), (w) => w.privacyServer)),
  );

/**
 * /hearts tournament: create (everything a club night is planned with), show, and the organiser's
 * start, cancel and remove. Ranges come from the service's (src/table/tournament/api.ts).
 */
function tournamentGroup(g: SlashCommandSubcommandGroupBuilder): SlashCommandSubcommandGroupBuilder {
  const t =
    (pick: (w: Messages["tournamentChat"]) => string): Words =>
    (_, m) =>
      pick(m.tournamentChat);
  return described(
    g.setName("tournament"),
    t((w) => w.group),
  )
    .addSubcommand((s) =>
      described(
        s.setName("create"),
        t((w) => w.create),
      )
        .addStringOption((o) =>
          described(
            o.setName(OPT.name),
            t((w) => w.name),
          )
            .setRequired(true)
            .setMaxLength(MAX_NAME),
        )
        .addStringOption((o) =>
          described(
            o.setName(OPT.start),
            t((w) => w.start),
          )
            .setRequired(true)
            .setMaxLength(40),
        )
        .addIntegerOption((o) =>
          described(
            o.setName(OPT.rounds),
            t((w) => w.rounds),
          )
            .setRequired(true)
            .setMinValue(MIN_ROUNDS)
            .setMaxValue(MAX_ROUNDS),
        )
        .addIntegerOption((o) =>
          described(
            o.setName(OPT.hands),
            t((w) => w.hands),
          )
            .setMinValue(MIN_HANDS_PER_ROUND)
            .setMaxValue(MAX_HANDS_PER_ROUND),
        )
        .addStringOption((o) =>
          described(
            o.setName(OPT.rules),
            t((w) => w.rules),
          )
            .setAutocomplete(true)
            .setMaxLength(300),
        )
        .addStringOption((o) =>
          described(
            o.setName(OPT.level),
            t((w) => w.level),
          ).addChoices(...LEVEL_CHOICES),
        )
        .addChannelOption((o) =>
          described(
            o.setName(OPT.channel),
            t((w) => w.channel),
          ).addChannelTypes(ChannelType.GuildText),
        ),
    )
    .addSubcommand((s) =>
      which(
        described(
          s.setName("show"),
          t((w) => w.show),
        ),
      ),
    )
    .addSubcommand((s) =>
      which(
        described(
          s.setName("start"),
          t((w) => w.startNow),
        ),
      ),
    )
    .addSubcommand((s) =>
      which(
        described(
          s.setName("cancel"),
          t((w) => w.cancel),
        ),
      ),
    )
    .addSubcommand((s) =>
      which(
        described(
          s.setName("remove"),
          t((w) => w.remove),
        ).addUserOption((o) =>
          described(
            o.setName(OPT.player),
            t((w) => w.player),
          ).setRequired(true),
        ),
      ),
    );
}

/** Which tournament a subcommand is about, when the server has several (suggested as one types). */
function which(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return sub.addStringOption((o) =>
    described(o.setName(OPT.name), (_, m) => m.tournamentChat.which)
      .setAutocomplete(true)
      .setMaxLength(MAX_NAME),
  );
}

/** /hearts settings: every option changes one server default; none shows the current values. */
function settingsOptions(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  sub
    .addChannelOption((o) => described(o.setName(OPT.addChannel), (w) => w.addChannel).addChannelTypes(ChannelType.GuildText))
    .addChannelOption((o) => described(o.setName(OPT.removeChannel), (w) => w.removeChannel).addChannelTypes(ChannelType.GuildText))
    .addStringOption((o) =>
      described(o.setName(OPT.rules), (w) => w.defaultRules)
        .setAutocomplete(true)
        .setMaxLength(300),
    );
  for (const s of SERVER_SETTINGS) settingOption(sub, s, (_, m) => s.server.describe(m));
  return sub
    .addIntegerOption((o) =>
      described(o.setName(OPT.maxTables), (w) => w.maxTables)
        .setMinValue(1)
        .setMaxValue(1000),
    )
    .addStringOption((o) => described(o.setName(OPT.language), (w) => w.language).addChoices(...LANGUAGE_CHOICES))
    .addIntegerOption((o) => described(o.setName(OPT.retention), (w) => w.retention).addChoices(...RETENTION_CHOICES))
    .addBooleanOption((o) => described(o.setName(OPT.daily), (w) => w.dailyOn))
    .addStringOption((o) => described(o.setName(OPT.dailyRules), (w) => w.dailyRules).setMaxLength(300))
    .addIntegerOption((o) =>
      described(o.setName(OPT.dailyMemberDays), (w) => w.dailyMemberDays)
        .setMinValue(0)
        .setMaxValue(365),
    )
    .addRoleOption((o) => described(o.setName(OPT.tournamentRole), (w) => w.tournamentRole))
    .addStringOption((o) => described(o.setName(OPT.reset), (w) => w.reset).addChoices(...RESET));
}

/** Everything `npm run deploy-commands` registers. */
export const commandData = [heartsCommand.toJSON()];

/**
 * The Activity's entry-point command (Discord's App Launcher): type 4 PRIMARY_ENTRY_POINT with
 * handler 2 DISCORD_LAUNCH_ACTIVITY, so Discord opens the Activity itself, in the channel or thread
 * it is launched from, and the page finds that channel's table. Global only (Discord's rule); sent
 * with the others when the Activity is configured, because a bulk overwrite without it would
 * remove it.
 */
export const entryPointCommand = {
  name: "launch",
  description: english((w) => w.launch),
  description_localizations: localized((w) => w.launch),
  type: 4,
  handler: 2,
  integration_types: [0],
  contexts: [0],
};
