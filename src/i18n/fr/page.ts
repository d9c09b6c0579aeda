/**
 * French, the Activity page's words, the cards' and the seasons'. The rest of the French catalogue is in play.ts
 * and server.ts (one file would pass the house's 500 lines); each area is typed against English's
 * (src/i18n/messages/*), so a missing or extra sentence fails to compile.
 *
 * The game's French name is « la Dame de pique », everywhere a French reader meets it (the command's
 * descriptions, titles, the daily's « Dame de pique · défi n° 332 » and its share line): it is what
 * French players call Hearts. « Hearts » stays only in other programs' names (Hearts 2.0,
 * RustyHearts) and in the command itself, /hearts, which sentences quote. French cards read R, D,
 * V (roi, dame, valet; the ace stays A); points are written in full ("1 point", "6 points").
 */
import type { en as activityEn } from "../messages/activity.js";
import type { en as cardsEn } from "../messages/cards.js";
import type { en as seasonEn } from "../messages/season.js";
import { decimal } from "../numbers.js";

const RANKS_FR = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R", "A"];

/** @public Read through src/i18n/languages.ts. */
export const activity: typeof activityEn = {
  title: "Dame de pique",
  connecting: "Connexion à la table…",
  signingIn: "Connexion avec Discord…",
  reconnecting: "Connexion perdue : reconnexion…",
  reconnected: "Reconnecté : la table est telle qu'elle est maintenant.",
  offlineClick: "Pas de connexion : rien n'a été joué. Reconnexion…",
  movedOn: "La partie avait avancé : ce coup n'a pas été joué. La table montre où elle en est.",
  takesTrick: (v) => `${v.name} remporte le pli`,
  takesRest: (v) => (v.n === 1 ? `${v.name} remporte le dernier pli` : `${v.name} remporte les ${v.n} derniers plis`),
  takesTrickAndRest: (v) => (v.n === 1 ? `${v.name} remporte le pli et le dernier` : `${v.name} remporte le pli et les ${v.n} restants`),
  noTable: "Il n'y a pas encore de table dans ce salon. Lancez-en une avec /hearts new, puis rouvrez l'Activité.",
  lobby: (v) => `La table attend ses joueurs (${v.n}/4 assis) : la partie s'affiche ici quand l'hôte la lance.`,
  lobbyHost: (v) => `La table attend ses joueurs (${v.n}/4 assis). Vous êtes l'hôte : appuyez sur Commencer quand tout le monde est là.`,
  spectating: "Vous regardez : seul ce que tout le monde voit est affiché.",
  yourTurn: "À vous",
  // "de" elides before a vowel: "Au tour d'Alice", "Au tour de Bob".
  theirTurn: (v) => (/^[aeiouyàâäéèêëîïôöùûüAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜ]/.test(v.name) ? `Au tour d'${v.name}` : `Au tour de ${v.name}`),
  choosing: (v) => `${v.name} choisit comment compte la lune`,
  passing: (v) =>
    v.dir === "hold"
      ? "Pas de passe cette donne"
      : `Passez 3 cartes ${v.dir === "across" ? "en face" : v.dir === "left" ? "à gauche" : "à droite"}`,
  passingTo: (v) => `Passez 3 cartes à ${v.name}`,
  passWaiting: "On attend que les autres passent…",
  passButton: (v) => (v.n === 3 ? "Passer ces 3 cartes" : `Choisissez encore ${3 - v.n} carte${3 - v.n === 1 ? "" : "s"}`),
  passDir: (v) =>
    v.dir === "hold" ? "On garde" : v.dir === "across" ? "Passe en face" : v.dir === "left" ? "Passe à gauche" : "Passe à droite",
  heartsBroken: "Cœurs ouverts",
  heartsUnbroken: "Cœurs fermés",
  trickN: (v) => `Pli ${v.n}/13`,
  handN: (v) => `Donne ${v.n}`,
  total: (v) => `${v.n} ${Math.abs(v.n) < 2 ? "point" : "points"}`,
  thisHand: (v) => `+${v.n} cette donne`,
  cardsLeft: (v) => `${v.n} carte${v.n === 1 ? "" : "s"}`,
  passedMark: "a passé",
  bot: "ordinateur",
  you: "vous",
  secondsLeft: (v) => `${v.s} s`,
  tournamentRound: (v) => `Tour ${v.round} sur ${v.rounds}`,
  tournamentClock: (v) => `${v.elapsed} sur environ ${v.expected}`,
  tournamentTables: (v) => `${v.done} table${v.done > 1 ? "s" : ""} sur ${v.tables} terminée${v.done > 1 ? "s" : ""}`,
  tournamentRoundOver: (v) => `Le tour ${v.round} est terminé : le suivant ouvre bientôt.`,
  tournamentOver: "Le tournoi est terminé.",
  tournamentStandings: "Classement",
  tournamentNoStandings: (v) => `Le classement viendra à la fin du tour ${v.round}.`,
  tournamentRow: (v) => `${v.place}. ${v.name} · ${v.percent === null ? "—" : `${decimal("fr", v.percent)}\u202f%`}`,
  yourHand: "Votre main",
  playCard: (v) => `Jouer ${v.card}`,
  pickCard: (v) => (v.picked ? `${v.card}, choisie pour la passe` : `Choisir ${v.card} pour la passe`),
  waitCard: (v) => `${v.card} : attendez votre tour`,
  trick: "Le pli",
  lastTrick: "Dernier pli",
  showLastTrick: "Dernier pli",
  hideLastTrick: "Masquer",
  moonTitle: "Vous avez tiré la lune !",
  moonAdd: "Les autres prennent les points",
  moonSubtract: "Retirer les points de mon score",
  hint: "Conseil",
  hintSays: (v) => `Le meilleur joueur ordinateur jouerait ${v.card}.`,
  hintPass: (v) => `Le meilleur joueur ordinateur passerait ${v.cards}.`,
  undo: "Annuler",
  scoresTitle: (v) => `Scores après la donne ${v.n}`,
  gameOver: "Partie terminée",
  winner: (v) => `Gagnée par ${v.names}`,
  place: (v) => (v.n === 1 ? "1er" : `${v.n}e`),
  placing: (v) => `${v.place} ${v.name} : ${v.total}`,
  closed: "Cette table est fermée.",
  join: "Rejoindre",
  leave: "Quitter",
  start: "Commencer",
  addBot: "Ajouter un robot",
  botLevel: "Niveau",
  level: (v) => ({ easy: "facile", medium: "moyen", hard: "difficile" })[v.level],
  rematch: "Revanche",
  rules: "Règles",
  fourColours: "4 couleurs",
  rulesBasics: "Fournissez si vous pouvez ; la plus haute carte de la couleur demandée prend le pli.",
  rulesLoading: "Les règles de la table arrivent…",
  ok: "OK",
  signInFailed: "Discord n'a pas confirmé qui vous êtes : rouvrez l'Activité.",
  signInBusy: "Beaucoup de monde ouvre des tables en ce moment : connexion dans un instant.",
  signInFirst: "Connectez-vous d'abord.",
  signInSlow: "Discord a tardé à confirmer qui vous êtes : nouvel essai.",
  sessionExpired: "Votre session a pris fin : rouvrez l'Activité.",
  badMessage: "Ce message n'a pas été compris.",
  notHere: "Cette Activité n'est pas ouverte dans un salon d'un serveur.",
  mayNotWatch: "Vous ne pouvez pas voir ce salon.",
  sessionEnded: "Votre session ici a pris fin : rouvrez l'Activité.",
  openedElsewhere: "Vous avez ouvert cette table dans une autre fenêtre : celle-ci est fermée.",
  endedLeft: "Vous avez quitté cette table : rouvrez l'Activité pour la regarder.",
  endedKicked: "Votre place à cette table vous a été retirée.",
  endedForgotten: "Vos données ont été effacées (M'oublier) : rouvrez l'Activité pour revenir.",
  endedPurged: "Les données de la Dame de pique de ce serveur ont été effacées par un administrateur.",
  endedBanned: "Vous n'avez plus accès à ce serveur.",
  endedUnseen: "Vous ne pouvez plus voir ce salon.",
  tooManyPages: "L'Activité est ouverte dans trop de fenêtres : celle-ci, la plus ancienne, est fermée.",
  idle: "Fermée après un long moment sans activité : rouvrez l'Activité pour revenir.",
  checkBusy: "Discord tarde à confirmer que vous pouvez encore jouer ici : rien n'a été fait, réessayez dans un instant.",
  shuttingDown: "Le bot redémarre : reconnexion dans un instant.",
  shardDown: "La partie du bot qui gère ce serveur redémarre : reconnexion dans un instant.",
  otherMachine: "Les tables de ce serveur sont gérées par une autre machine du bot, que cette adresse n'atteint pas.",
  launchFailed: "La table n'a pas pu s'ouvrir en Activité pour l'instant : appuyez de nouveau sur Ouvrir la table.",
};

/** @public Read through src/i18n/languages.ts. */
export const cards: typeof cardsEn = {
  rank: (v) => RANKS_FR[v.rank] ?? "?",
};

const nuits = (n: number) => `${n} soirée${n > 1 ? "s" : ""}`;

/** @public Read through src/i18n/languages.ts. Seasons (see ../messages/season.ts). */
export const season: typeof seasonEn = {
  badNights: (p) => `Une saison compte de ${p.min} à ${p.max} soirées.`,
  badDates: "Les dates d'une saison se suivent, chacune à moins de 30 jours de la précédente.",
  badMinNights: (p) => `Le nombre de soirées pour être classé va de 1 à ${p.max} (les soirées de la saison).`,
  badRepeat:
    "Je ne comprends pas : écrivez `weekly` (chaque semaine, au jour et à l'heure du début), ou les dates des soirées suivantes séparées par des virgules, comme `2026-12-10 20:00, 2026-12-17 20:00` (UTC).",
  notAdmin: "Seules les personnes qui peuvent gérer le serveur remettent à zéro le classement de la saison.",
  none: "Ce serveur n'a pas encore de saison : `/hearts tournament create` avec `repeat` en prévoit une.",
  planned: (p) =>
    `**${p.name}** est prévu dans ${p.link}, pour une saison de ${nuits(p.nights)} : l'inscription et l'événement de chaque soirée arrivent à la fin de la précédente. Le classement de la saison (\`/hearts season\`) compte chacun à partir de ${nuits(p.minNights)} jouée${p.minNights > 1 ? "s" : ""}.`,
  title: (p) => `🏆 ${p.name}, saison ${p.number}`,
  progress: (p) => `Soirées jouées : ${p.done} sur ${p.nights}.`,
  next: (p) => `Prochaine soirée : ${p.at}.`,
  over: "La saison est terminée : voici son classement final.",
  how: (p) => `Le score de saison de chacun est la moyenne des pourcentages de ses soirées ; classé à partir de ${nuits(p.min)}.`,
  line: (p) => `**${p.place}.** ${p.name} : ${p.percent} (${nuits(p.nights)})`,
  waitingHead: (p) => `Pas encore classés (moins de ${nuits(p.min)}) :`,
  waitingLine: (p) => `${p.name} : ${p.percent} (${nuits(p.nights)})`,
  empty: "Aucune soirée n'a encore été comptée.",
  more: (p) => `et ${p.n} de plus`,
  resetDone: (p) =>
    `Le classement de **${p.name}**, saison ${p.number}, repart de zéro (${p.cleared} résultat${p.cleared > 1 ? "s" : ""} de soirée effacé${p.cleared > 1 ? "s" : ""}) ; les soirées encore prévues comptent à nouveau.`,
  command: "La saison du serveur : chaque soirée d'un tournoi qui revient, dans un classement",
  commandReset: "Gérer le serveur : remettre à zéro le classement de la saison",
  repeat: "Une saison : `weekly` (chaque semaine), ou les dates UTC des soirées suivantes, avec des virgules",
  nightsOption: "Les soirées d'une saison hebdomadaire, la première comprise (8 par défaut)",
  minNightsOption: "Soirées à jouer pour être classé dans la saison (3 par défaut)",
  colPlayer: "Joueur",
  colPercent: "Saison",
  colNights: "Soirées",
  subtitle: (p) => `après la soirée ${p.done} sur ${p.nights}`,
  waitingTag: "pas encore classé",
  waitingLegend: (p) => `moins de ${nuits(p.min)} jouée${p.min > 1 ? "s" : ""}`,
};
