/**
 * The /hearts command as data: subcommands, options with choices or autocomplete, and French
 * descriptions next to the English ones. The bot's handlers read option names from OPT.
 */
import { ChannelType, InteractionContextType, SlashCommandBuilder, type SlashCommandSubcommandBuilder } from "discord.js";
import { BOT_LEVELS } from "../src/ai/levels.js";
import { OPTIONS } from "../src/game/rules.js";
import { messages } from "../src/i18n/index.js";

/** Option names, shared by the definition and the handlers. */
export const OPT = {
  rules: "rules",
  target: "target",
  timer: "timer",
  bots: "bots",
  level: "level",
  images: "images",
  hints: "hints",
  played: "played",
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
  reset: "reset",
  server: "server",
  day: "day",
  game: "game",
} as const;

/** What `/hearts settings reset:` can put back to its default. */
export const RESET_CHOICES = [
  { name: "Channels (tables open anywhere)", name_fr: "Salons (tables partout)", value: "channels" },
  { name: "Default rules", name_fr: "Règles par défaut", value: "rules" },
  { name: "Computer players' level", name_fr: "Niveau des robots", value: "level" },
  { name: "Turn timer", name_fr: "Minuteur", value: "timer" },
  { name: "Pictures", name_fr: "Images", value: "images" },
  { name: "Hints", name_fr: "Indices", value: "hints" },
  { name: "Open-table cap", name_fr: "Plafond de tables", value: "max_tables" },
  { name: "Language", name_fr: "Langue", value: "language" },
  { name: "Retention", name_fr: "Durée de conservation", value: "retention" },
  { name: "Everything", name_fr: "Tout", value: "all" },
] as const;

const LANGUAGE_CHOICES = [
  { name: "English", name_fr: "Anglais", value: "en" },
  { name: "French", name_fr: "Français", value: "fr" },
  { name: "Discord's server language", name_fr: "La langue du serveur dans Discord", value: "server" },
];

const RETENTION_CHOICES = [30, 90, 180, 365].map((d) => ({ name: `${d} days`, name_fr: `${d} jours`, value: d }));

const SORT_CHOICES = [
  { name: "Rating", name_fr: "Classement", value: "rating" },
  { name: "Games played", name_fr: "Parties jouées", value: "games" },
  { name: "Wins", name_fr: "Victoires", value: "wins" },
  { name: "Fewest points per hand", name_fr: "Moins de points par donne", value: "points" },
  { name: "Moons shot", name_fr: "Lunes réussies", value: "moons" },
  { name: "Fewest Q♠ taken", name_fr: "Moins de D♠ prises", value: "queens" },
];

const TIMER_CHOICES = [
  { name: "30 seconds per card", name_fr: "30 secondes par carte", value: 30 },
  { name: "60 seconds per card (default)", name_fr: "60 secondes par carte (par défaut)", value: 60 },
  { name: "90 seconds per card", name_fr: "90 secondes par carte", value: 90 },
  { name: "2 minutes per card", name_fr: "2 minutes par carte", value: 120 },
  { name: "5 minutes per card", name_fr: "5 minutes par carte", value: 300 },
  { name: "No timer (a computer player steps in after an hour)", name_fr: "Sans minuteur (un robot joue après une heure)", value: 0 },
];

/** The levels of src/ai/levels.ts, named by the catalogue ("Easy", "Facile"). */
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const LEVEL_CHOICES = BOT_LEVELS.map((level) => ({
  name: capital(messages("en").lobby.level({ level })),
  name_fr: capital(messages("fr").lobby.level({ level })),
  value: level,
}));

/** The target's range and default come from the rule table, so Discord accepts exactly what the rules do. */
const TARGET = OPTIONS.target;

const IMAGE_CHOICES = [
  { name: "A picture of every trick", name_fr: "Une image par pli", value: "tricks" },
  { name: "Only end-of-hand summaries", name_fr: "Seulement les résumés de fin de donne", value: "hands" },
];

/** The table options shared by `new` and `rules`. */
function tableOptions(sub: SlashCommandSubcommandBuilder, forNew: boolean): SlashCommandSubcommandBuilder {
  return sub
    .addStringOption((o) =>
      o
        .setName(forNew ? OPT.rules : OPT.set)
        .setDescription(
          forNew
            ? "Rules preset, optionally with options: omnibus,target=50"
            : "A preset or options to change, e.g. omnibus or target=50,moon=choice",
        )
        .setDescriptionLocalizations({
          fr: forNew
            ? "Règles prédéfinies, avec options éventuelles : omnibus,target=50"
            : "Un préréglage ou des options à changer, ex. omnibus ou target=50,moon=choice",
        })
        .setAutocomplete(true)
        .setMaxLength(300),
    )
    .addIntegerOption((o) =>
      o
        .setName(OPT.target)
        .setDescription(`Score that ends the game (default ${TARGET.default})`)
        .setDescriptionLocalizations({ fr: `Score qui termine la partie (${TARGET.default} par défaut)` })
        .setMinValue(TARGET.min)
        .setMaxValue(TARGET.max),
    )
    .addIntegerOption((o) =>
      o
        .setName(OPT.timer)
        .setDescription("Turn timer; when it runs out a computer player plays for you")
        .setDescriptionLocalizations({ fr: "Minuteur par tour ; à la fin, un robot joue à votre place" })
        .addChoices(...TIMER_CHOICES.map((c) => ({ name: c.name, value: c.value, name_localizations: { fr: c.name_fr } }))),
    )
    .addBooleanOption((o) =>
      o
        .setName(OPT.bots)
        .setDescription("Fill empty seats with computer players at the start (default yes)")
        .setDescriptionLocalizations({ fr: "Compléter les places vides par des robots au départ (oui par défaut)" }),
    )
    .addStringOption((o) =>
      o
        .setName(OPT.level)
        .setDescription("Strength of the computer players")
        .setDescriptionLocalizations({ fr: "Niveau des robots" })
        .addChoices(...LEVEL_CHOICES.map((c) => ({ name: c.name, value: c.value, name_localizations: { fr: c.name_fr } }))),
    )
    .addStringOption((o) =>
      o
        .setName(OPT.images)
        .setDescription("What the game thread shows")
        .setDescriptionLocalizations({ fr: "Ce que le fil de la partie affiche" })
        .addChoices(...IMAGE_CHOICES.map((c) => ({ name: c.name, value: c.value, name_localizations: { fr: c.name_fr } }))),
    )
    .addBooleanOption((o) =>
      o
        .setName(OPT.hints)
        .setDescription("Allow /hearts hint (a hinted game is not rated)")
        .setDescriptionLocalizations({ fr: "Autoriser /hearts hint (une partie avec indices n'est pas classée)" }),
    )
    .addBooleanOption((o) =>
      o
        .setName(OPT.played)
        .setDescription("List the cards still out in each player's menu (default: off at rated tables)")
        .setDescriptionLocalizations({ fr: "Lister les cartes encore en jeu dans le menu de chacun (non par défaut aux tables classées)" }),
    );
}

const simple = (name: string, en: string, fr: string) => (s: SlashCommandSubcommandBuilder) =>
  s.setName(name).setDescription(en).setDescriptionLocalizations({ fr });

export const heartsCommand = new SlashCommandBuilder()
  .setName("hearts")
  .setDescription("Play Hearts: open a table, join, and play your cards privately")
  .setDescriptionLocalizations({ fr: "Jouer à la Dame de pique : ouvrir une table, rejoindre, jouer ses cartes en privé" })
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((s) => tableOptions(simple("new", "Open a table in this channel", "Ouvrir une table dans ce salon")(s), true))
  .addSubcommand(
    simple("join", "Sit down at this channel's table (or take your seat back)", "S'asseoir à la table de ce salon (ou reprendre sa place)"),
  )
  .addSubcommand(
    simple(
      "leave",
      "Leave the table (a computer player takes over during a game)",
      "Quitter la table (un robot vous remplace en cours de partie)",
    ),
  )
  .addSubcommand(simple("start", "Start the game (host)", "Lancer la partie (hôte)"))
  .addSubcommand(simple("end", "End the table (host or Manage Channels)", "Fermer la table (hôte ou Gérer les salons)"))
  .addSubcommand((s) =>
    simple(
      "kick",
      "Give a player's seat to a computer player until they rejoin (host or Manage Channels)",
      "Confier la place d'un joueur à un robot jusqu'à son retour (hôte ou Gérer les salons)",
    )(s).addUserOption((o) =>
      o
        .setName(OPT.user)
        .setDescription("The player to remove")
        .setDescriptionLocalizations({ fr: "Le joueur à retirer" })
        .setRequired(true),
    ),
  )
  .addSubcommand(simple("hand", "Show your cards and play them (only you see it)", "Voir et jouer vos cartes (vous seul les voyez)"))
  .addSubcommand((s) =>
    simple(
      "deck",
      "How your own cards look: two or four colours, large corner indexes (remembered)",
      "L'apparence de vos cartes : deux ou quatre couleurs, grands index (retenue)",
    )(s)
      .addStringOption((o) =>
        o
          .setName(OPT.colours)
          .setDescription("Suit colours in your hand picture")
          .setDescriptionLocalizations({ fr: "Couleurs des enseignes dans l'image de votre main" })
          .addChoices(
            { name: "Two colours (♠♣ black, ♥♦ red)", name_localizations: { fr: "Deux couleurs (♠♣ noirs, ♥♦ rouges)" }, value: "two" },
            { name: "Four colours (♣ green, ♦ blue)", name_localizations: { fr: "Quatre couleurs (♣ vert, ♦ bleu)" }, value: "four" },
          ),
      )
      .addStringOption((o) =>
        o
          .setName(OPT.index)
          .setDescription("Size of the rank and suit in the cards' corners")
          .setDescriptionLocalizations({ fr: "Taille de la valeur et de l'enseigne dans les coins" })
          .addChoices(
            { name: "Normal", name_localizations: { fr: "Normale" }, value: "normal" },
            { name: "Large", name_localizations: { fr: "Grande" }, value: "large" },
          ),
      ),
  )
  .addSubcommand((s) =>
    tableOptions(
      simple(
        "rules",
        "Show the rules, or change them before the start (host)",
        "Voir les règles, ou les changer avant le départ (hôte)",
      )(s),
      false,
    ),
  )
  .addSubcommand(simple("scores", "Show the scores of the game", "Afficher les scores de la partie"))
  .addSubcommand(
    simple("hint", "Ask the strongest computer player what it would do (private)", "Demander conseil au meilleur robot (privé)"),
  )
  .addSubcommand((s) =>
    simple(
      "leaderboard",
      "This server's best players",
      "Les meilleurs joueurs du serveur",
    )(s)
      .addStringOption((o) =>
        o
          .setName(OPT.sort)
          .setDescription("Order (default: rating)")
          .setDescriptionLocalizations({ fr: "Ordre (par défaut : classement)" })
          .addChoices(...SORT_CHOICES.map((c) => ({ name: c.name, value: c.value, name_localizations: { fr: c.name_fr } }))),
      )
      .addIntegerOption((o) =>
        o
          .setName(OPT.page)
          .setDescription("Page (10 players a page)")
          .setDescriptionLocalizations({ fr: "Page (10 joueurs par page)" })
          .setMinValue(1)
          .setMaxValue(1000),
      ),
  )
  .addSubcommandGroup((g) =>
    g
      .setName("daily")
      .setDescription("The daily challenge: the same 4 hands for everyone on the server")
      .setDescriptionLocalizations({ fr: "Le défi du jour : les mêmes 4 donnes pour tout le serveur" })
      .addSubcommand(
        simple("play", "Play today's challenge (or continue it), privately", "Jouer le défi du jour (ou le reprendre), en privé"),
      )
      .addSubcommand((s) =>
        simple(
          "board",
          "The day's ranking, your streak and your best",
          "Le classement du jour, votre série et votre record",
        )(s).addIntegerOption((o) =>
          o
            .setName(OPT.day)
            .setDescription("Challenge number (default: today's)")
            .setDescriptionLocalizations({ fr: "Numéro du défi (par défaut : celui du jour)" })
            .setMinValue(1)
            .setMaxValue(100_000),
        ),
      ),
  )
  .addSubcommand((s) =>
    simple(
      "review",
      "Your costliest decisions in your last game, beside the hard player's (private)",
      "Vos décisions les plus coûteuses de votre dernière partie, face au robot difficile (privé)",
    )(s).addStringOption((o) =>
      o
        .setName(OPT.game)
        .setDescription("Which game (default: your last finished game)")
        .setDescriptionLocalizations({ fr: "Quelle partie (par défaut : votre dernière partie terminée)" })
        .addChoices(
          { name: "My last game", value: "last", name_localizations: { fr: "Ma dernière partie" } },
          { name: "My latest daily", value: "daily", name_localizations: { fr: "Mon dernier défi du jour" } },
        ),
    ),
  )
  .addSubcommand((s) =>
    simple(
      "stats",
      "A player's results on this server",
      "Les résultats d'un joueur sur ce serveur",
    )(s).addUserOption((o) =>
      o
        .setName(OPT.user)
        .setDescription("Whose results (default: yours)")
        .setDescriptionLocalizations({ fr: "De qui (par défaut : vous)" }),
    ),
  )
  .addSubcommand((s) =>
    settingsOptions(
      simple(
        "settings",
        "This server's Hearts settings (changes: Manage Server)",
        "Réglages de la Dame de pique sur ce serveur (modifier : Gérer le serveur)",
      )(s),
    ),
  )
  .addSubcommand((s) =>
    simple(
      "privacy",
      "What the bot stores about you, and how to delete it",
      "Ce que le bot garde sur vous, et comment l'effacer",
    )(s).addBooleanOption((o) =>
      o
        .setName(OPT.server)
        .setDescription("This server's data instead, and how to purge it (Manage Server)")
        .setDescriptionLocalizations({ fr: "Plutôt les données du serveur, et comment les purger (Gérer le serveur)" }),
    ),
  );

/** /hearts settings: every option changes one server default; none shows the current values. */
function settingsOptions(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  const localized = <T extends string | number>(c: { name: string; name_fr: string; value: T }) => ({
    name: c.name,
    value: c.value,
    name_localizations: { fr: c.name_fr },
  });
  return sub
    .addChannelOption((o) =>
      o
        .setName(OPT.addChannel)
        .setDescription("Allow tables in this channel (by default tables open anywhere)")
        .setDescriptionLocalizations({ fr: "Autoriser les tables dans ce salon (par défaut : partout)" })
        .addChannelTypes(ChannelType.GuildText),
    )
    .addChannelOption((o) =>
      o
        .setName(OPT.removeChannel)
        .setDescription("Stop allowing tables in this channel")
        .setDescriptionLocalizations({ fr: "Ne plus autoriser les tables dans ce salon" })
        .addChannelTypes(ChannelType.GuildText),
    )
    .addStringOption((o) =>
      o
        .setName(OPT.rules)
        .setDescription("Default rules for new tables, e.g. omnibus,target=50")
        .setDescriptionLocalizations({ fr: "Règles par défaut des nouvelles tables, ex. omnibus,target=50" })
        .setAutocomplete(true)
        .setMaxLength(300),
    )
    .addStringOption((o) =>
      o
        .setName(OPT.level)
        .setDescription("Default level of computer players")
        .setDescriptionLocalizations({ fr: "Niveau des robots par défaut" })
        .addChoices(...LEVEL_CHOICES.map(localized)),
    )
    .addIntegerOption((o) =>
      o
        .setName(OPT.timer)
        .setDescription("Default turn timer")
        .setDescriptionLocalizations({ fr: "Minuteur par défaut" })
        .addChoices(...TIMER_CHOICES.map(localized)),
    )
    .addStringOption((o) =>
      o
        .setName(OPT.images)
        .setDescription("Default pictures in game threads")
        .setDescriptionLocalizations({ fr: "Images par défaut dans les fils de partie" })
        .addChoices(...IMAGE_CHOICES.map(localized)),
    )
    .addBooleanOption((o) =>
      o
        .setName(OPT.hints)
        .setDescription("Allow hints on this server")
        .setDescriptionLocalizations({ fr: "Autoriser les indices sur ce serveur" }),
    )
    .addIntegerOption((o) =>
      o
        .setName(OPT.maxTables)
        .setDescription("Most tables open at once on this server")
        .setDescriptionLocalizations({ fr: "Nombre maximal de tables ouvertes en même temps" })
        .setMinValue(1)
        .setMaxValue(1000),
    )
    .addStringOption((o) =>
      o
        .setName(OPT.language)
        .setDescription("Language of public posts")
        .setDescriptionLocalizations({ fr: "Langue des messages publics" })
        .addChoices(...LANGUAGE_CHOICES.map(localized)),
    )
    .addIntegerOption((o) =>
      o
        .setName(OPT.retention)
        .setDescription("Days to keep closed tables' move logs (results stay)")
        .setDescriptionLocalizations({ fr: "Jours de conservation des coups des tables fermées (les résultats restent)" })
        .addChoices(...RETENTION_CHOICES.map(localized)),
    )
    .addBooleanOption((o) =>
      o
        .setName(OPT.daily)
        .setDescription("Offer the daily challenge (/hearts daily) on this server")
        .setDescriptionLocalizations({ fr: "Proposer le défi du jour (/hearts daily) sur ce serveur" }),
    )
    .addStringOption((o) =>
      o
        .setName(OPT.dailyRules)
        .setDescription("Rules of the daily challenge from tomorrow, e.g. classic or omnibus")
        .setDescriptionLocalizations({ fr: "Règles du défi du jour à partir de demain, ex. classic ou omnibus" })
        .setMaxLength(300),
    )
    .addStringOption((o) =>
      o
        .setName(OPT.reset)
        .setDescription("Put one setting back to its default")
        .setDescriptionLocalizations({ fr: "Remettre un réglage par défaut" })
        .addChoices(...RESET_CHOICES.map(localized)),
    );
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
  description: "Open this channel's Hearts table as an Activity",
  type: 4,
  handler: 2,
  integration_types: [0],
  contexts: [0],
};
