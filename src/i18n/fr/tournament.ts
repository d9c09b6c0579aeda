/** French: the tournament service's answers. */
import type { en as tournamentEn } from "../messages/tournament.js";

/** @public Read through src/i18n/languages.ts. */
export const tournament: typeof tournamentEn = {
  notOrganiser:
    "Seules les personnes qui ont la permission Gérer le serveur, ou le rôle que ce serveur désigne pour les tournois (`/hearts settings`), peuvent organiser un tournoi.",
  badName: "Le nom d'un tournoi fait de 1 à 60 caractères.",
  badRounds: (p) => `Un tournoi compte de ${p.min} à ${p.max} tours.`,
  badHands: (p) => `Un tour compte de ${p.min} à ${p.max} donnes.`,
  badStart: "Le début doit être dans le futur, dans les 30 jours.",
  badRules: (p) => `Ces règles ne fonctionnent pas : ${p.error}`,
  channelNotAllowed: (p) =>
    `L'inscription et les tables d'un tournoi vont là où les tables peuvent s'ouvrir sur ce serveur (\`/hearts settings\`) : choisissez comme salon l'un de ${p.channels}.`,
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
