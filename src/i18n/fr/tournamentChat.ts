/** French: the chat's tournament words (see ../messages/tournamentChat.ts). */
import type { en as tournamentChatEn } from "../messages/tournamentChat.js";

/** A place as French writes it, "place" being feminine: 1re, 2e, 3e… */
const place = (n: number) => `${n}${n === 1 ? "re" : "e"}`;

/** @public Read through src/i18n/languages.ts. */
export const tournamentChat: typeof tournamentChatEn = {
  group: "Un tournoi duplicate\u00a0: tout le monde joue les mêmes cartes, le jeu décide",
  create: "Prévoir un tournoi sur ce serveur (Gérer le serveur ou le rôle des tournois)",
  name: "Le nom du tournoi",
  start: "Quand il commence (UTC)\u00a0: « 21:00 », « dans 30 min », ou une date comme 2026-12-01 20:00",
  rounds: "Tours (1 à 8)",
  hands: "Donnes par tour (4 par défaut\u00a0: chaque sens de passe)",
  rules: "Règles (par défaut\u00a0: celles du serveur)",
  level: "Niveau des robots qui complètent les tables (par défaut\u00a0: celui du serveur)",
  channel: "Où vont l'inscription, les classements et les tables du tour (par défaut\u00a0: ici)",
  show: "Le tournoi prochain ou en cours\u00a0: joueurs, tour, classement",
  startNow: "Organisateur\u00a0: lancer le tournoi maintenant avec les inscrits",
  cancel: "Organisateur\u00a0: annuler le tournoi",
  remove: "Organisateur\u00a0: retirer un joueur (un robot tient sa place)",
  player: "Le joueur à retirer",
  which: "Quel tournoi (quand le serveur en a prévu plusieurs)",

  badTime:
    "Je ne comprends pas cette heure\u00a0: écrivez « 21:00 » (UTC), « dans 30 min », « dans 2 h », ou une date comme « 2026-12-01 20:00 ».",
  noneHere:
    "Aucun tournoi n'est prévu sur ce serveur. Une personne qui peut gérer le serveur peut en prévoir un\u00a0: `/hearts tournament create`.",
  noneNamed: (p) => `Aucun tournoi ne s'appelle **${p.name}** ici\u00a0: \`/hearts tournament show\` montre celui en cours.`,
  whichOne: (p) => `Ce serveur a plusieurs tournois prévus (${p.names})\u00a0: précisez lequel avec l'option \`name\`.`,
  notText: "Je ne peux mener un tournoi que dans un salon textuel où je peux écrire et créer des fils.",
  created: (p) => `Le tournoi **${p.name}** est prévu\u00a0: son message d'inscription est ${p.link}.`,
  started: (p) => `Le tournoi **${p.name}** commence maintenant.`,
  cancelled: (p) => `Le tournoi **${p.name}** est annulé.`,
  noEventPermission:
    "Je n'ai pas pu créer d'événement Discord (il me faut la permission Gérer les événements)\u00a0: le message d'inscription suffira.",

  join: "S'inscrire",
  leave: "Se retirer",
  signupTitle: (p) => `🏆 ${p.name}`,
  signupWhen: (p) => `Début ${p.at} · ${p.rounds} ${p.rounds === 1 ? "tour" : "tours"} de ${p.hands} ${p.hands === 1 ? "donne" : "donnes"}`,
  signupRules: (p) => `Règles\u00a0: ${p.rules} · robots\u00a0: ${p.level}`,
  signupHow:
    "Duplicate\u00a0: toutes les tables d'un tour jouent les mêmes cartes aux mêmes places\u202f; votre jeu est comparé à celui des personnes qui avaient vos cartes aux autres tables.",
  signupPlayers: (p) => (p.n ? `**Inscrits (${p.n})\u00a0:** ${p.list}` : "**Personne n'est encore inscrit.**"),
  signupMore: (p) => `et ${p.n} de plus`,
  signupPlaying: (p) => `En cours\u00a0: tour ${p.round} sur ${p.rounds}.`,
  signupFinished: "Terminé\u00a0: le podium est plus bas.",
  signupCancelled: "Annulé.",
  signupPaused: "En pause\u00a0: je ne peux pas enregistrer pour l'instant. Rien n'est perdu\u202f; le jeu reprend dès que possible.",
  eventDescription: (p) =>
    `Un tournoi de Dame de pique en duplicate\u00a0: ${p.rounds} × ${p.hands} donnes. Inscrivez-vous avec le bouton S'inscrire dans le salon.`,

  reminder: (p) => `⏰ Le tournoi **${p.name}** commence dans ${p.minutes} minutes. ${p.mentions}`,
  roundStarted: (p) =>
    `**${p.name}**\u00a0: le tour ${p.round} sur ${p.rounds} commence sur ${p.tables} ${p.tables === 1 ? "table" : "tables"}. Le fil de votre table est plus bas\u00a0: bonne chance\u202f!`,
  sittingOut: (p) => `Au repos ce tour-ci\u00a0: ${p.list}.`,
  roundClosed: (p) => `**${p.name}**\u00a0: le classement après le tour ${p.round} sur ${p.rounds}.`,
  nextRound: (p) => `Le tour suivant commence ${p.at}.`,
  finished: (p) => `🏆 Fin du tournoi **${p.name}**. Bravo, ${p.winners}\u202f!`,
  finishedNobody: (p) => `🏆 Fin du tournoi **${p.name}**\u00a0: personne n'y a joué une carte soi-même, donc personne n'est classé.`,
  summary: (p) =>
    `Vous finissez à la ${place(p.place)} place sur ${p.of}, avec ${p.percent} des points de match sur ${p.deals} ${p.deals === 1 ? "donne" : "donnes"}.`,
  summaryOneTable: (p) =>
    `Vous finissez à la ${place(p.place)} place sur ${p.of} en ${p.deals} ${p.deals === 1 ? "donne" : "donnes"}\u00a0: avec une seule table, personne à qui se comparer, les points ont décidé.`,
  summaryNoDeal: (p) =>
    `Vous n'avez joué aucune donne (vos tours se sont passés sans table), donc pas de score\u00a0: ${place(p.place)} place sur ${p.of}.`,
  summaryStoodIn: "Un robot a joué une partie de votre place\u00a0: ces donnes comptent comme son jeu.",
  summaryComputer: (p) =>
    `L'ordinateur a joué ${p.deals === 1 ? "votre seule donne" : `${p.n} de vos ${p.deals} donnes`} (en tout ou en partie\u00a0: la pendule ou un robot), et ${p.n === 1 ? "son résultat compte comme le vôtre" : "leurs résultats comptent comme les vôtres"}.`,
  summaryAbsent: (p) =>
    `Vous n'avez joué aucune de vos ${p.deals} ${p.deals === 1 ? "donne" : "donnes"} vous-même (la pendule et un robot ont fait chaque coup)\u00a0: vous figurez parmi les absents, sans classement.`,
  summaryLine: (p) => `**${p.name}**\u00a0: ${p.said}`,
  absentLine: (p) => `Absents, sans classement (l'ordinateur a joué toutes leurs donnes)\u00a0: ${p.list}.`,
  standingsText: (p) => `${p.place}. ${p.name} ${p.percent}${p.stoodIn ? " (un robot a joué à sa place)" : ""}`,
  showPlayers: (p) => `${p.n} ${p.n === 1 ? "inscription" : "inscriptions"}`,

  afterRound: (p) => `Après le tour ${p.round} sur ${p.rounds}`,
  podium: "Podium",
  colPlayer: "JOUEUR",
  colPercent: "SCORE",
  colMatchpoints: "POINTS DE MATCH",
  colRounds: "TOURS",
  stoodInTag: "ROBOT EN RELAIS",
  stoodInLegend: "un robot a joué pour cette personne pendant une partie du tournoi",
  more: (p) => `et ${p.n} de plus`,
};
