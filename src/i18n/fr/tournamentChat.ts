/** French: the chat's tournament words (see ../messages/tournamentChat.ts). */
import type { en as tournamentChatEn } from "../messages/tournamentChat.js";

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
