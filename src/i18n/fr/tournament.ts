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
  badRules: (p) => `Ces règles ne fonctionnent pas\u00a0: ${p.error}`,
  tooMany: (p) => `Ce serveur a déjà ${p.max} tournois prévus ou en cours\u00a0: attendez qu'un se termine, ou annulez-en un.`,
  noTournament: "Je ne trouve pas ce tournoi\u00a0: il a peut-être été annulé.",
  notSignup: "Les inscriptions sont closes\u00a0: le tournoi a commencé ou est terminé.",
  notPlaying: "Ce tournoi n'est pas en cours.",
  alreadyIn: "Votre inscription est déjà faite\u00a0: une place par personne.",
  notIn: "Ce tournoi n'a pas d'inscription à votre nom.",
  playerNotIn: "Cette personne ne joue pas dans ce tournoi.",
  full: (p) => `Ce tournoi est complet\u00a0: ${p.max} personnes au plus.`,
  notEnough: "Personne ne s'est encore inscrit\u00a0: un tournoi a besoin d'au moins un joueur.",
  joined: (p) => `Votre inscription au tournoi **${p.name}** est faite. Je vous ferai signe avant le début.`,
  left: (p) => `Votre inscription au tournoi **${p.name}** est retirée.`,
  leftPlaying: (p) =>
    `Vous avez quitté le tournoi **${p.name}**\u00a0: un robot joue votre place jusqu'à la fin, et vos résultats le disent.`,
  removed: (p) => `${p.player} ne joue plus dans le tournoi\u00a0: un robot tient sa place jusqu'à la fin.`,
  removedSignup: (p) => `${p.player} ne figure plus sur la liste.`,
  tableHidden:
    "Une table de tournoi ne se regarde que par ses joueurs tant que son tour se joue\u00a0: les autres tables jouent les mêmes donnes.",
  roundHidden:
    "Cette donne appartient à un tour de tournoi encore en cours\u00a0: on pourra la voir quand toutes les tables du tour auront fini.",
  noUndo: "Pas d'annulation aux tables d'un tournoi\u00a0: toutes les tables du tour jouent les mêmes cartes.",
  cancelledTable: "Le tournoi a été annulé\u00a0: cette table ferme.",
};
