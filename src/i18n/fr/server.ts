/**
 * French: the daily, the server's settings, privacy, review, standings, the slash command's
 * descriptions, and tournaments (the service's answers, then the chat's words; see page.ts for
 * the game's French name and cards).
 */
import type { en as dailyEn } from "../messages/daily.js";
import type { en as settingsEn } from "../messages/settings.js";
import type { en as privacyEn } from "../messages/privacy.js";
import type { en as reviewEn } from "../messages/review.js";
import type { en as standingsEn } from "../messages/standings.js";
import type { en as errorsEn } from "../messages/errors.js";
import type { en as fairUseEn } from "../messages/fairUse.js";
import type { en as commonEn } from "../messages/common.js";
import type { en as commandsEn } from "../messages/commands.js";
import type { en as tournamentEn } from "../messages/tournament.js";
import type { en as tournamentChatEn } from "../messages/tournamentChat.js";
import { decimal, pluralOf } from "../numbers.js";

/** "0 point", "1 point", "6 points": French's singular goes up to 1. */
const pointsFr = (n: number) => `${n} ${pluralOf("fr", n) === "one" ? "point" : "points"}`;
/** "0 table fermée", "2 tables fermées": the words a count takes in French (singular up to 1). */
const count = (n: number, one: string, other: string) => `${n} ${pluralOf("fr", n) === "one" ? one : other}`;
/** An estimated number of points, one decimal place: "0,8 point", "4,9 points". */
const points = (n: number) => `${decimal("fr", n)} ${pluralOf("fr", n, { decimals: true }) === "one" ? "point" : "points"}`;

/** @public Read through src/i18n/languages.ts. */
export const daily: typeof dailyEn = {
  serverOnly: "Le défi du jour se joue dans un serveur : utilisez `/hearts daily play` dans un salon.",
  disabled: "Le défi du jour est désactivé sur ce serveur.",
  intro: (p) =>
    `**Dame de pique · défi n° ${p.day}** · 4 donnes (passe à gauche, à droite, en face, puis sans passe) contre trois robots difficiles. Tout le monde reçoit les mêmes cartes et les mêmes adversaires : le moins de points gagne. Un essai par jour, quel que soit le serveur ; pas d'indices.`,
  resumed: "Vous revoilà : votre défi reprend là où vous l'aviez laissé.",
  passTo: (p) =>
    `**Donne ${p.hand} sur 4 · passez 3 cartes ${p.dir === "across" ? "en face" : p.dir === "left" ? "à gauche" : "à droite"}**`,
  pickPrompt: "Choisissez 3 cartes dans le menu, puis appuyez sur **Passer**.",
  selected: (p) => `Sélection : ${p.cards}. Appuyez sur **Passer** pour confirmer.`,
  pickPlaceholder: "Choisissez 3 cartes à passer",
  passButton: "Passer",
  passNamed: (p) => `Passer ${p.cards}`,
  yourTurn: (p) => `**Donne ${p.hand} sur 4 · à vous** · pli ${p.trick} sur 13`,
  youLead: "Vous entamez.",
  onTable: (p) => `Sur la table : ${p.cards}`,
  received: (p) => `Vous avez reçu ${p.cards}.`,
  heartsBroken: "Les cœurs sont ouverts.",
  score: (p) => `Vos points : ${p.total} · cette donne : ${p.hand}`,
  yourHand: (p) => `Votre main : ${p.cards}`,
  moonPrompt: "🌙 **Vous avez fait le grand chelem !** Choisissez comment il compte :",
  moonAdd: (p) => `Ajouter ${p.points} à chaque adversaire`,
  moonSubtract: (p) => `Retirer ${p.points} de mon score`,
  finished: (p) => `**Défi n° ${p.day} terminé : ${pointsFr(p.points)}.** Votre classement : \`/hearts daily board\`. À demain !`,
  alreadyPlayed: (p) =>
    `Vous avez déjà joué le défi n° ${p.day} (${pointsFr(p.points)}) : un essai par jour. \`/hearts daily board\` montre le classement.`,
  shareButton: "Partager mon résultat",
  shared: "Partagé dans le salon.",
  shareFailed: (p) => `Je ne peux pas écrire dans ce salon ; voici votre ligne à copier :\n${p.line}`,
  shareLine: (p) => `Dame de pique · défi n° ${p.day} · ${pointsFr(p.points)} · ${p.squares}`,
  stale: "Ce menu datait d'un tour précédent : voici le menu actuel.",
  closed: "Ce défi a fermé à minuit UTC. Celui du jour vous attend : `/hearts daily play`.",
  notStarted: "Commencez le défi du jour avec `/hearts daily play`.",
  notFinishedShare: "Terminez d'abord le défi : la ligne à partager vient avec votre résultat.",
  busy: "Les robots du défi sont occupés en ce moment : réessayez dans un instant (`/hearts daily play`, ou votre menu). Rien de ce que vous avez joué n'est perdu.",
  forgotten:
    "Le défi du jour a été effacé avec vos données (M'oublier, ou la purge d'un serveur) et ne peut pas recommencer aujourd'hui : vous connaîtriez les cartes. Revenez demain.",
  elsewhere:
    "Vous avez commencé le défi du jour sur un autre serveur : c'est la même partie partout, elle continue donc ici et compte au classement de ce serveur-là.",
  sharedAlready: "Vous avez déjà partagé le résultat du jour : un partage par jour.",
  shareNotHere: (p) =>
    `Je ne publie que là où les tables peuvent s'ouvrir et où vous pouvez écrire (voir \`/hearts settings\`) ; voici votre ligne à copier :\n${p.line}`,
  handsHidden: "Le résultat de chaque donne reste caché tant que vous n'avez pas terminé le défi du jour : rangs et totaux seulement.",
  boardTitle: (p) => `Dame de pique · défi n° ${p.day}`,
  boardEmpty: "Personne n'a encore terminé ce défi. Lancez-vous : `/hearts daily play`.",
  boardLine: (p) => `${p.rank}. ${p.name} · ${pointsFr(p.points)}`,
  boardMore: (p) => `…et ${p.count} de plus.`,
  // "place" is feminine: 1re place, 2e place (the person's own gender is unknown).
  myRank: (p) => `Vous êtes à la ${p.rank === 1 ? "1re" : `${p.rank}e`} place sur ${p.count} avec ${pointsFr(p.points)}.`,
  notPlayedToday: "Vous n'avez pas terminé ce défi.",
  unrankedHere: (p) =>
    `Le classement du défi de ce serveur ne compte que les membres depuis ${p.days} ${p.days > 1 ? "jours" : "jour"} au moins : votre partie se joue, sans être classée ici.`,
  unrankedBoard: (p) =>
    `Vos ${p.points} ${p.points <= 1 ? "point" : "points"} du jour ne figurent pas à ce classement : ce serveur ne classe que ses membres de longue date.`,
  playedElsewhere: (p) =>
    `Vous avez terminé ce défi sur un autre serveur avec ${p.points} ${p.points <= 1 ? "point" : "points"}. Ce classement ne compte que les parties commencées sur ce serveur.`,
  streak: (p) =>
    `Votre série : ${p.days} jour${p.days > 1 ? "s" : ""} d'affilée · votre record : ${p.best === null ? "aucun pour l'instant" : `${pointsFr(p.best)}`}`,
  compareTitle: "Par donne : vous · le meilleur du serveur · le robot difficile avec vos cartes",
  compareLine: (p) => `Donne ${p.hand} : ${p.me} · ${p.best} · ${p.hard}`,
  compareLater:
    "Après minuit UTC, vous verrez chaque donne à côté du meilleur score du serveur et de celui du robot difficile : `/hearts daily board` avec le numéro d'hier.",
  noSuchDay: (p) => `Le défi n° ${p.day} n'existe pas encore : celui du jour est le n° ${p.today}.`,
  colPlayer: "JOUEUR",
  colPoints: "POINTS",
  colHands: "DONNES",
};

/** @public Read through src/i18n/languages.ts. */
export const settings: typeof settingsEn = {
  notAdmin:
    "Seuls les membres ayant la permission **Gérer le serveur** peuvent changer les réglages de la Dame de pique sur ce serveur. Demandez-leur, ou voyez les valeurs actuelles avec `/hearts settings` sans option.",
  title: "Réglages de la Dame de pique sur ce serveur",
  saved: "✅ Réglages enregistrés. Les nouvelles tables les utilisent dès maintenant ; les tables déjà ouvertes gardent les leurs.",
  channels: "Salons où ouvrir des tables",
  anywhere: "tous les salons",
  rules: "Règles par défaut",
  level: "Robots",
  timer: "Minuteur",
  timerSeconds: (p: { s: number }) => `${p.s} s par carte`,
  noTimer: "sans minuteur",
  pictures: "Images",
  picturesTricks: "une image par pli",
  picturesHands: "seulement les résumés de fin de donne",
  hints: "Indices",
  hintsOn: "autorisés",
  hintsOff: "désactivés",
  daily: "Défi du jour",
  dailyOn: (p: { rules: string }) => `proposé (règles \`${p.rules}\`)`,
  dailyMembers: (p: { days: number }) =>
    p.days > 0 ? `classement réservé aux membres depuis ${p.days} ${p.days > 1 ? "jours" : "jour"} au moins` : "classement ouvert à tous",
  dailyOff: "désactivé",
  tournaments: "Tournois",
  tournamentsBy: (p: { role: string | null }) =>
    p.role ? `créés par Gérer le serveur ou le rôle <@&${p.role}>` : "créés par Gérer le serveur",
  cap: "Tables ouvertes en même temps",
  capValue: (p: { n: number; max: number }) => `jusqu'à ${p.n} (la limite du bot est ${p.max})`,
  language: "Langue des messages publics",
  languageServer: "la langue du serveur dans Discord",
  retention: "Historique des coups des tables fermées gardé",
  retentionDays: (p: { days: number }) => `${p.days} jours`,
  byDefault: (p: { value: string }) => `${p.value} (par défaut)`,
  footer: "Modifiez avec `/hearts settings` et ses options (Gérer le serveur). `reset` remet un réglage par défaut.",
  badRules: (p: { error: string }) => `Ces règles par défaut ne fonctionnent pas : ${p.error}`,
  capTooHigh: (p: { max: number }) => `Le plafond de tables ouvertes est au plus ${p.max} (la limite de ce bot).`,
  tooManyChannels: (p: { max: number }) =>
    `Un serveur peut indiquer au plus ${p.max} salons. Retirez-en un d'abord, ou remettez la liste à zéro pour autoriser tous les salons.`,
  badChannel: "Ce n'est pas un salon de ce serveur que je peux utiliser.",
  badRole: "Ce n'est pas un rôle de ce serveur.",
  channelNotAllowed: (p: { channels: string }) => `On ne peut pas ouvrir de table dans ce salon sur ce serveur. Utilisez : ${p.channels}.`,
  hintsOffServer: "Les indices sont désactivés sur ce serveur (un administrateur l'a choisi dans `/hearts settings`).",
};

/** @public Read through src/i18n/languages.ts. */
export const privacy: typeof privacyEn = {
  title: "Ce que je garde sur vous",
  tables: (p: { n: number }) => `Tables où vous étiez assis ou hôte : ${p.n}`,
  games: (p: { n: number; servers: number }) =>
    `Parties terminées avec votre résultat : ${p.n}, sur ${count(p.servers, "serveur", "serveurs")}`,
  standings: (p: { n: number }) => `Classements (une ligne par serveur) : ${p.n}`,
  menus: (p: { n: number }) => `Menus privés gardés pendant un redémarrage (15 minutes au plus) : ${p.n}`,
  dailies: (p: { n: number; reviews: number }) => `Défis du jour tentés : ${p.n} ; analyses de vos parties gardées : ${p.reviews}`,
  tournaments: (p: { n: number }) => `Vos inscriptions à des tournois (vos places et vos scores dans chacun) : ${p.n}`,
  prefs: (p: { set: boolean }) => `Votre style de cartes (/hearts deck) : ${p.set ? "enregistré" : "aucun"}`,
  names: (p: { names: string }) => `Votre nom tel qu'enregistré : ${p.names}`,
  noName: "aucun",
  why: "Pourquoi : pour faire tourner vos tables, et montrer résultats, classements et statistiques sur chaque serveur.",
  howLong: (p: { days: number }) =>
    `Combien de temps : les tables fermées et leurs coups sont effacés après la durée de conservation du serveur (${p.days} jours par défaut) ; résultats et classements restent jusqu'à ce que vous demandiez.`,
  forgetExplained:
    "**M'oublier** retire votre identifiant et votre nom de chaque partie, résultat et classement, sur tous les serveurs. Vos anciens résultats restent au nom d'un « Ancien joueur » anonyme, pour que les scores des autres restent justes. Vous quittez aussi les tables où vous êtes.",
  dailyKept:
    "Effacer un essai du défi du jour (M'oublier, ou une purge) ne garde qu'une marque impossible à relier à vous (une empreinte à clé de votre identifiant et du jour, jamais l'identifiant) pendant deux jours, pour que l'essai de ce jour ne puisse pas recommencer.",
  forgetButton: "M'oublier",
  confirmForget:
    "Confirmez-vous ? C'est définitif : je retire votre identifiant et votre nom partout, et vous quittez les tables où vous êtes.",
  confirmForgetButton: "Oui, m'oublier",
  forgotten: (p: { results: number; tables: number; open: number; dailies: number; reviews: number; tournaments: number }) =>
    `C'est fait : je ne garde plus rien de vous. ${count(p.results, "résultat", "résultats")} et ${count(p.tables, "table fermée", "tables fermées")} sont désormais anonymes, les classements ont été recalculés, ${count(p.dailies, "partie du défi du jour", "parties du défi du jour")} et ${count(p.reviews, "analyse", "analyses")} ont été effacées, votre place dans ${count(p.tournaments, "tournoi", "tournois")} est désormais celle d'un « Ancien joueur » (les classements des autres ne changent pas), et vous avez quitté ${count(p.open, "table ouverte", "tables ouvertes")}.`,
  busy: "Je suis déjà en train de l'effacer ; ce sera fait dans un instant.",
  notAdmin: "Seuls les membres ayant la permission **Gérer le serveur** peuvent voir et purger les données de ce serveur.",
  serverTitle: "Les données de ce serveur",
  serverWhat: (p: { days: number }) =>
    `Je garde les tables de ce serveur et leurs coups (effacés ${p.days} jours après la fermeture d'une table), ses parties terminées avec le résultat de chaque joueur, les classements qui en découlent, et ses réglages /hearts. Si l'on me retire du serveur, les tables ouvertes se ferment et tout est effacé au bout de 30 jours (sauf si l'on me rajoute).`,
  purgeExplained:
    "**Purger** efface maintenant les tables, coups, parties, résultats et classements de ce serveur ; les réglages restent. Les tables ouvertes se ferment.",
  purgeButton: "Purger les données du serveur",
  confirmPurge:
    "Confirmez-vous ? C'est définitif : chaque partie, résultat et classement de ce serveur est effacé, et les tables ouvertes se ferment.",
  confirmPurgeButton: "Oui, purger",
  purged: (p: { tables: number; games: number; open: number }) =>
    `C'est fait : ${count(p.tables, "table effacée", "tables effacées")} et ${count(p.games, "partie effacée", "parties effacées")} ; ${count(p.open, "table ouverte fermée", "tables ouvertes fermées")}.`,
  tableEndedPurge: "Un administrateur a effacé les données de la Dame de pique de ce serveur : cette table est fermée.",
  tableEndedRemoved: "Le bot a été retiré de ce serveur : cette table est fermée.",
};

/** @public Read through src/i18n/languages.ts. */
export const review: typeof reviewEn = {
  noGame: "Je ne trouve aucune partie terminée de vous sur ce serveur à analyser. Terminez d'abord une partie (ou le défi du jour).",
  busy: "Les robots sont occupés par d'autres analyses ; réessayez dans une minute.",
  pending: "Votre analyse précédente est encore en cours ; elle sera prête dans un instant.",
  title: (p) => `Analyse de ${p.what}`,
  lastGame: "votre dernière partie",
  dailyGame: (p) => `votre défi n° ${p.day}`,
  summary: (p) =>
    `Vous avez fait comme l'expert dans ${p.matched} décisions sur ${p.decisions} ; coût estimé des autres : ${points(p.cost)}.`,
  clean: "Aucune décision coûteuse : le robot difficile aurait joué votre partie de la même façon, ou aussi bien.",
  passTitle: (p) => `n° ${p.n} · donne ${p.hand}, la passe (${p.dir})`,
  playTitle: (p) => `n° ${p.n} · donne ${p.hand}, pli ${p.trick}`,
  dirLeft: "à gauche",
  dirRight: "à droite",
  dirAcross: "en face",
  onTable: (p) => `Sur la table : ${p.cards}`,
  youLed: "Vous entamiez.",
  youPassed: (p) => `Vous avez passé ${p.cards}.`,
  youPlayed: (p) => `Vous avez joué ${p.card}.`,
  expertPasses: (p) => `Le robot difficile passe ${p.cards}.`,
  expertPlays: (p) => `Le robot difficile joue ${p.card}.`,
  cost: (p) =>
    `Coût estimé : **${points(p.cost)}** (cette donne : ${decimal("fr", p.mine)} attendus avec votre choix, ${decimal("fr", p.theirs)} avec celui de l'expert).`,
  yourHand: (p) => `Votre main : ${p.cards}`,
};

/** @public Read through src/i18n/languages.ts. */
export const standings: typeof standingsEn = {
  leaderboardTitle: "Classement de la Dame de pique",
  nobodyRanked:
    "Personne n'est encore classé sur ce serveur : un joueur apparaît après 3 parties classées terminées. Jouez-en une avec `/hearts new` !",
  head: (v) => `    ${v.player} cote   vict/parties points/donne`,
  player: "joueur",
  footer: (v) =>
    `${v.total} joueur${v.total > 1 ? "s" : ""} classé${v.total > 1 ? "s" : ""} sur ce serveur · par ${v.order} · page ${v.page}/${v.pages}.`,
  sort: (v) =>
    ({ rating: "cote", games: "parties", wins: "victoires", points: "points", moons: "lunes", queens: "dames de pique" })[v.sort] ?? v.sort,
  botLine: (v) => `Robots : ${v.list}`,
  botEntry: (v) => `${v.name} ${v.rating} (${v.games} parties)`,
  noGamesYou: "Vous n'avez pas encore terminé de partie sur ce serveur.",
  noGamesOther: (v) => `${v.name} n'a pas encore terminé de partie sur ce serveur.`,
  rating: (v) => `Cote **${v.rating}**${v.rank ? ` (n° ${v.rank} sur ce serveur)` : " (classé après 3 parties)"}`,
  games: (v) => `Parties **${v.games}** · victoires **${v.wins}** (${v.pct} %) · places 1re–4e : ${v.places}`,
  perHand: (v) => `Points par donne **${v.points}** · lunes tirées **${v.moons}** · Dames de pique prises **${v.queens}**`,
  trend: (v) => `Évolution de la cote (${v.n} dernières parties) : ${v.list} (${v.delta})`,
  best: (v) => `Meilleure partie : place ${v.place} avec ${v.total}.`,
  worst: (v) => `Pire partie : place ${v.place} avec ${v.total}.`,
  opponents: (v) => `Joue le plus souvent avec : ${v.list}.`,
  statsTitle: (v) => `${v.name} à la Dame de pique`,
};

/** @public Read through src/i18n/languages.ts. */
export const errors: typeof errorsEn = {
  notInGuild: "Les tables de la Dame de pique se jouent sur les serveurs : utilisez /hearts dans un salon de serveur.",
  unknownSubcommand: "Sous-commande inconnue. Essayez `/hearts new`, `/hearts join` ou `/hearts hand`.",
  noTableHere: "Il n'y a pas de table ouverte dans ce salon. Ouvrez-en une avec `/hearts new`.",
  unknownButton:
    "Je ne reconnais pas ce bouton (il vient peut-être d'une ancienne version du bot). Utilisez `/hearts hand` pour voir vos cartes.",
  tableGone: "Cette table n'existe plus. Ouvrez-en une nouvelle avec `/hearts new`.",
  otherChannel: "Ce bouton appartient à une table d'un autre salon.",
  olderCommand:
    "Discord a envoyé cette commande sous une forme plus ancienne que prévu (la commande /hearts vient d'être mise à jour). Rien n'a changé : réessayez dans une minute, ou sans cette option.",
  done: "C'est fait.",
};

/** @public Read through src/i18n/languages.ts. */
export const fairUse: typeof fairUseEn = {
  tooFast: (v) => `Vous allez plus vite que je ne peux suivre : rien n'a été fait. Réessayez dans ${v.seconds} s.`,
  serverBusy: (v) => `Ce serveur me donne beaucoup de travail en ce moment : rien n'a été fait. Réessayez dans ${v.seconds} s.`,
  openCooldown: (v) => `Vous avez ouvert une table il y a un instant. Vous pourrez en ouvrir une autre dans ${v.seconds} s.`,
};

/** @public Read through src/i18n/languages.ts. */
export const common: typeof commonEn = {
  storeDown: "Je ne peux pas enregistrer les parties pour l'instant ; rien n'a été joué. Je vous préviendrai ici dès que ce sera possible.",
  somethingWentWrong: "Un problème est survenu de mon côté. Rien n'a été joué ; réessayez (ou utilisez `/hearts hand`).",
};

/** @public Read through src/i18n/languages.ts. */
export const commands: typeof commandsEn = {
  hearts: "Jouer à la Dame de pique : ouvrir une table, rejoindre, jouer ses cartes en privé",
  launch: "Ouvrir la table de Dame de pique de ce salon en Activité",
  new: "Ouvrir une table dans ce salon",
  join: "S'asseoir à la table de ce salon (ou reprendre sa place)",
  leave: "Quitter la table (un robot vous remplace en cours de partie)",
  start: "Lancer la partie (hôte)",
  end: "Fermer la table (hôte ou Gérer les salons)",
  kick: "Confier la place d'un joueur à un robot jusqu'à son retour (hôte ou Gérer les salons)",
  kickUser: "Le joueur à retirer",
  hand: "Voir et jouer vos cartes (vous seul les voyez)",
  deck: "L'apparence de vos cartes : deux ou quatre couleurs, grands index (retenue)",
  deckColours: "Couleurs des enseignes dans l'image de votre main",
  deckTwoColours: "Deux couleurs (♠♣ noirs, ♥♦ rouges)",
  deckFourColours: "Quatre couleurs (♣ vert, ♦ bleu)",
  deckIndex: "Taille de la valeur et de l'enseigne dans les coins",
  deckIndexNormal: "Normale",
  deckIndexLarge: "Grande",
  rules: "Voir les règles, ou les changer avant le départ (hôte)",
  scores: "Afficher les scores de la partie",
  hint: "Demander conseil au meilleur robot (privé)",
  leaderboard: "Les meilleurs joueurs du serveur",
  leaderboardSort: "Ordre (par défaut : classement)",
  leaderboardPage: "Page (10 joueurs par page)",
  sort: (v) =>
    ({
      rating: "Classement",
      games: "Parties jouées",
      wins: "Victoires",
      points: "Moins de points par donne",
      moons: "Lunes réussies",
      queens: "Moins de D♠ prises",
    })[v.sort] ?? v.sort,
  daily: "Le défi du jour : les mêmes 4 donnes pour tout le serveur",
  dailyPlay: "Jouer le défi du jour (ou le reprendre), en privé",
  dailyBoard: "Le classement du jour, votre série et votre record",
  dailyDay: "Numéro du défi (par défaut : celui du jour)",
  review: "Vos décisions les plus coûteuses de votre dernière partie, face au robot difficile (privé)",
  reviewGame: "Quelle partie (par défaut : votre dernière partie terminée)",
  reviewLast: "Ma dernière partie",
  reviewDaily: "Mon dernier défi du jour",
  stats: "Les résultats d'un joueur sur ce serveur",
  statsUser: "De qui (par défaut : vous)",
  settings: "Réglages de la Dame de pique sur ce serveur (modifier : Gérer le serveur)",
  privacy: "Ce que le bot garde sur vous, et comment l'effacer",
  privacyServer: "Plutôt les données du serveur, et comment les purger (Gérer le serveur)",
  rulesNew: "Règles prédéfinies, avec options éventuelles : omnibus,target=50",
  rulesSet: "Un préréglage ou des options à changer, ex. omnibus ou target=50,moon=choice",
  target: (v) => `Score qui termine la partie (${v.default} par défaut)`,
  timer: "Minuteur par tour ; à la fin, un robot joue à votre place",
  timerChoice: (v) =>
    v.seconds === 0
      ? "Sans minuteur (un robot joue après une heure)"
      : `${v.seconds < 120 ? `${v.seconds} secondes` : `${v.seconds / 60} minutes`} par carte${v.seconds === 60 ? " (par défaut)" : ""}`,
  bots: "Compléter les places vides par des robots au départ (oui par défaut)",
  level: "Niveau des robots",
  images: "Ce que le fil de la partie affiche",
  imagesTricks: "Une image par pli",
  imagesHands: "Seulement les résumés de fin de donne",
  hints: "Autoriser /hearts hint (une partie avec indices n'est pas classée)",
  played: "Lister les cartes encore en jeu dans le menu de chacun (non par défaut aux tables classées)",
  addChannel: "Autoriser les tables dans ce salon (par défaut : partout)",
  removeChannel: "Ne plus autoriser les tables dans ce salon",
  defaultRules: "Règles par défaut des nouvelles tables, ex. omnibus,target=50",
  defaultLevel: "Niveau des robots par défaut",
  defaultTimer: "Minuteur par défaut",
  defaultImages: "Images par défaut dans les fils de partie",
  allowHints: "Autoriser les indices sur ce serveur",
  maxTables: "Nombre maximal de tables ouvertes en même temps",
  language: "Langue des messages publics",
  languageName: "Français",
  languageServer: "La langue du serveur dans Discord",
  retention: "Jours de conservation des coups des tables fermées (les résultats restent)",
  retentionChoice: (v) => `${v.days} jours`,
  dailyOn: "Proposer le défi du jour (/hearts daily) sur ce serveur",
  dailyRules: "Règles du défi du jour à partir de demain, ex. classic ou omnibus",
  dailyMemberDays: "Ne classer au défi du jour que les membres depuis ce nombre de jours (0 : tous)",
  tournamentRole: "Un rôle dont les membres peuvent créer des tournois, en plus de Gérer le serveur",
  reset: "Remettre un réglage par défaut",
  resetChoice: (v) =>
    ({
      channels: "Salons (tables partout)",
      rules: "Règles par défaut",
      level: "Niveau des robots",
      timer: "Minuteur",
      images: "Images",
      hints: "Indices",
      max_tables: "Plafond de tables",
      language: "Langue",
      retention: "Durée de conservation",
      tournament_role: "Rôle des tournois",
      all: "Tout",
    })[v.what] ?? v.what,
};

// Tournaments: the tournament service's answers.
/** @public Read through src/i18n/languages.ts. */
export const tournament: typeof tournamentEn = {
  notOrganiser:
    "Seules les personnes qui ont la permission Gérer le serveur, ou le rôle que ce serveur désigne pour les tournois (`/hearts settings`), peuvent organiser un tournoi.",
  badName: "Le nom d'un tournoi fait de 1 à 60 caractères.",
  badRounds: (p) => `Un tournoi compte de ${p.min} à ${p.max} tours.`,
  badHands: (p) => `Un tour compte de ${p.min} à ${p.max} donnes.`,
  badStart: "Le début doit être dans le futur, dans les 30 jours.",
  badRules: (p) => `Ces règles ne fonctionnent pas : ${p.error}`,
  tooMany: (p) => `Ce serveur a déjà ${p.max} tournois prévus ou en cours : attendez qu'un se termine, ou annulez-en un.`,
  noTournament: "Je ne trouve pas ce tournoi : il a peut-être été annulé.",
  notSignup: "Les inscriptions sont closes : le tournoi a commencé ou est terminé.",
  notPlaying: "Ce tournoi n'est pas en cours.",
  alreadyIn: "Vous êtes déjà inscrit : une place par personne.",
  notIn: "Vous n'êtes pas inscrit à ce tournoi.",
  playerNotIn: "Cette personne ne joue pas dans ce tournoi.",
  full: (p) => `Ce tournoi est complet : ${p.max} personnes au plus.`,
  notEnough: "Personne ne s'est encore inscrit : un tournoi a besoin d'au moins un joueur.",
  joined: (p) => `Vous êtes inscrit à **${p.name}**. Je vous le rappellerai avant le début.`,
  left: (p) => `Vous n'êtes plus inscrit à **${p.name}**.`,
  leftPlaying: (p) => `Vous avez quitté **${p.name}** : un robot joue votre place jusqu'à la fin, et vos résultats le disent.`,
  removed: (p) => `${p.player} ne joue plus dans le tournoi : un robot tient sa place jusqu'à la fin.`,
  removedSignup: (p) => `${p.player} n'est plus inscrit.`,
  tableHidden:
    "Une table de tournoi ne se regarde que par ses joueurs tant que son tour se joue : les autres tables jouent les mêmes donnes.",
  roundHidden:
    "Cette donne appartient à un tour de tournoi encore en cours : on pourra la voir quand toutes les tables du tour auront fini.",
  noUndo: "Pas d'annulation aux tables d'un tournoi : toutes les tables du tour jouent les mêmes cartes.",
  cancelledTable: "Le tournoi a été annulé : cette table ferme.",
};

// Tournaments: the chat's words (see ../messages/tournamentChat.ts).
/** @public Read through src/i18n/languages.ts. */
export const tournamentChat: typeof tournamentChatEn = {
  group: "Un tournoi duplicate : tout le monde joue les mêmes cartes, le jeu décide",
  create: "Prévoir un tournoi sur ce serveur (Gérer le serveur ou le rôle des tournois)",
  name: "Le nom du tournoi",
  start: "Quand il commence (UTC) : « 21:00 », « dans 30 min », ou une date comme 2026-12-01 20:00",
  rounds: "Tours (1 à 8)",
  hands: "Donnes par tour (4 par défaut : chaque sens de passe)",
  rules: "Règles (par défaut : celles du serveur)",
  level: "Niveau des robots qui complètent les tables (par défaut : celui du serveur)",
  channel: "Où vont l'inscription, les classements et les tables du tour (par défaut : ici)",
  show: "Le tournoi prochain ou en cours : joueurs, tour, classement",
  startNow: "Organisateur : lancer le tournoi maintenant avec les inscrits",
  cancel: "Organisateur : annuler le tournoi",
  remove: "Organisateur : retirer un joueur (un robot tient sa place)",
  player: "Le joueur à retirer",
  which: "Quel tournoi (quand le serveur en a prévu plusieurs)",

  badTime:
    "Je ne comprends pas cette heure : écrivez « 21:00 » (UTC), « dans 30 min », « dans 2 h », ou une date comme « 2026-12-01 20:00 ».",
  noneHere:
    "Aucun tournoi n'est prévu sur ce serveur. Une personne qui peut gérer le serveur peut en prévoir un : `/hearts tournament create`.",
  noneNamed: (p) => `Aucun tournoi ne s'appelle **${p.name}** ici : \`/hearts tournament show\` montre celui en cours.`,
  whichOne: (p) => `Ce serveur a plusieurs tournois prévus (${p.names}) : précisez lequel avec l'option \`name\`.`,
  notText: "Je ne peux mener un tournoi que dans un salon textuel où je peux écrire et créer des fils.",
  created: (p) => `**${p.name}** est prévu : son message d'inscription est ${p.link}.`,
  started: (p) => `**${p.name}** commence maintenant.`,
  cancelled: (p) => `**${p.name}** est annulé.`,
  noEventPermission:
    "Je n'ai pas pu créer d'événement Discord (il me faut la permission Gérer les événements) : le message d'inscription suffira.",

  join: "S'inscrire",
  leave: "Se retirer",
  signupTitle: (p) => `🏆 ${p.name}`,
  signupWhen: (p) => `Début ${p.at} · ${p.rounds} ${p.rounds === 1 ? "tour" : "tours"} de ${p.hands} ${p.hands === 1 ? "donne" : "donnes"}`,
  signupRules: (p) => `Règles : ${p.rules} · robots : ${p.level}`,
  signupHow:
    "Duplicate : toutes les tables d'un tour jouent les mêmes cartes aux mêmes places ; vous êtes comparé à ceux qui avaient vos cartes aux autres tables.",
  signupPlayers: (p) => (p.n ? `**Inscrits (${p.n}) :** ${p.list}` : "**Personne n'est encore inscrit.**"),
  signupMore: (p) => `et ${p.n} de plus`,
  signupPlaying: (p) => `En cours : tour ${p.round} sur ${p.rounds}.`,
  signupFinished: "Terminé : le podium est plus bas.",
  signupCancelled: "Annulé.",
  signupPaused: "En pause : je ne peux pas enregistrer pour l'instant. Rien n'est perdu ; le jeu reprend dès que possible.",
  eventDescription: (p) =>
    `Un tournoi de Dame de pique en duplicate : ${p.rounds} × ${p.hands} donnes. Inscrivez-vous avec le bouton S'inscrire dans le salon.`,

  reminder: (p) => `⏰ **${p.name}** commence dans ${p.minutes} minutes. ${p.mentions}`,
  roundStarted: (p) =>
    `**${p.name}** : le tour ${p.round} sur ${p.rounds} commence sur ${p.tables} ${p.tables === 1 ? "table" : "tables"}. Le fil de votre table est plus bas : bonne chance !`,
  sittingOut: (p) => `Au repos ce tour-ci : ${p.list}.`,
  roundClosed: (p) => `**${p.name}** : le classement après le tour ${p.round} sur ${p.rounds}.`,
  nextRound: (p) => `Le tour suivant commence ${p.at}.`,
  finished: (p) => `🏆 **${p.name}** est terminé. Bravo, ${p.winners} !`,
  summary: (p) =>
    `Vous finissez ${p.place}${p.place === 1 ? "er" : "e"} sur ${p.of}, avec ${p.percent} des points de match sur ${p.deals} ${p.deals === 1 ? "donne" : "donnes"}.`,
  summaryOneTable: (p) =>
    `Vous finissez ${p.place}${p.place === 1 ? "er" : "e"} sur ${p.of} en ${p.deals} ${p.deals === 1 ? "donne" : "donnes"} : avec une seule table, personne à qui se comparer, les points ont décidé.`,
  summaryNoDeal: (p) =>
    `Vous n'avez joué aucune donne (vos tours se sont passés sans table), donc pas de score : ${p.place === 1 ? "1re" : `${p.place}e`} place sur ${p.of}.`,
  summaryStoodIn: "Un robot a joué une partie de votre place : ces donnes comptent comme son jeu.",
  standingsText: (p) => `${p.place}. ${p.name} ${p.percent}${p.stoodIn ? " (remplacé par un robot)" : ""}`,
  showPlayers: (p) => `${p.n} ${p.n === 1 ? "inscrit" : "inscrits"}`,

  afterRound: (p) => `Après le tour ${p.round} sur ${p.rounds}`,
  podium: "Podium",
  colPlayer: "JOUEUR",
  colPercent: "SCORE",
  colMatchpoints: "POINTS DE MATCH",
  colRounds: "TOURS",
  stoodInTag: "REMPLACÉ",
  stoodInLegend: "un robot a joué pour cette personne pendant une partie du tournoi",
  more: (p) => `et ${p.n} de plus`,
};
