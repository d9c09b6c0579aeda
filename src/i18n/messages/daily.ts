/** The daily challenge: its private menu, results, board and share line. */
import { pluralOf } from "../numbers.js";

/** "0 point", "1 point", "6 points": French's singular goes up to 1. */
const pointsFr = (n: number) => `${n} ${pluralOf("fr", n) === "one" ? "point" : "points"}`;
export const en = {
  serverOnly: "The daily challenge lives in servers: use `/hearts daily play` in a server channel.",
  disabled: "The daily challenge is turned off on this server.",
  intro: (p: { day: number }) =>
    `**Hearts daily #${p.day}** · 4 hands (pass left, right, across, then keep) against three hard computer players. Everyone gets the same cards and the same opponents: fewest points wins. One attempt a day, whatever the server; hints are off.`,
  resumed: "Welcome back: your daily goes on where you left it.",
  passTo: (p: { hand: number; dir: "left" | "right" | "across" }) =>
    `**Hand ${p.hand} of 4 · pass 3 cards ${p.dir === "across" ? "across" : `to the ${p.dir}`}**`,
  pickPrompt: "Pick 3 cards in the menu, then press **Pass**.",
  selected: (p: { cards: string }) => `Selected: ${p.cards}. Press **Pass** to confirm.`,
  pickPlaceholder: "Choose 3 cards to pass",
  passButton: "Pass",
  passNamed: (p: { cards: string }) => `Pass ${p.cards}`,
  yourTurn: (p: { hand: number; trick: number }) => `**Hand ${p.hand} of 4 · your turn** · trick ${p.trick} of 13`,
  youLead: "You lead.",
  onTable: (p: { cards: string }) => `On the table: ${p.cards}`,
  received: (p: { cards: string }) => `You received ${p.cards}.`,
  heartsBroken: "Hearts are broken.",
  score: (p: { total: number; hand: number }) => `Your points: ${p.total} · this hand: ${p.hand}`,
  yourHand: (p: { cards: string }) => `Your hand: ${p.cards}`,
  moonPrompt: "🌙 **You shot the moon!** Choose how it scores:",
  moonAdd: (p: { points: number }) => `Add ${p.points} to each opponent`,
  moonSubtract: (p: { points: number }) => `Take ${p.points} off my score`,
  finished: (p: { day: number; points: number }) =>
    `**Hearts daily #${p.day} done: ${p.points} points.** See how you rank with \`/hearts daily board\`, and come back tomorrow.`,
  alreadyPlayed: (p: { day: number; points: number }) =>
    `You played daily #${p.day} already (${p.points} points): one attempt a day. \`/hearts daily board\` shows the ranking.`,
  shareButton: "Share my result",
  shared: "Shared in the channel.",
  shareFailed: (p: { line: string }) => `I can't post in this channel; here is your line to copy:\n${p.line}`,
  /** The line a player shares in the channel: "Hearts daily #412 · 9 pts · 🟩🟩🟨🟥" (squares: one per hand). */
  shareLine: (p: { day: number; points: number; squares: string }) => `Hearts daily #${p.day} · ${p.points} pts · ${p.squares}`,
  stale: "That menu was from an earlier turn: here is the current one.",
  closed: "That daily closed at midnight UTC. Today's is waiting: `/hearts daily play`.",
  notStarted: "Start today's daily with `/hearts daily play`.",
  notFinishedShare: "Finish the daily first: the share line comes with your result.",
  busy: "The daily's computer players are busy right now: try again in a moment (`/hearts daily play`, or your menu). Nothing you played is lost.",
  forgotten:
    "Today's daily was deleted with your data (Forget me, or a server's purge), and it can't start again today: you would know the cards. Come back tomorrow.",
  elsewhere:
    "You started today's daily on another server: it is the same game everywhere, so it goes on here and counts on that server's board.",
  sharedAlready: "You shared today's result already: one share a day.",
  shareNotHere: (p: { line: string }) =>
    `I only post where tables may open and where you may write (see \`/hearts settings\`); here is your line to copy:\n${p.line}`,
  handsHidden: "Each hand's result stays hidden until you have finished today's daily: ranks and totals only.",
  boardTitle: (p: { day: number }) => `Hearts daily #${p.day}`,
  boardEmpty: "Nobody has finished this daily yet. Be the first: `/hearts daily play`.",
  boardLine: (p: { rank: number; name: string; points: number }) => `${p.rank}. ${p.name} · ${p.points} pts`,
  boardMore: (p: { count: number }) => `…and ${p.count} more.`,
  myRank: (p: { rank: number; count: number; points: number }) => `You are #${p.rank} of ${p.count} with ${p.points} points.`,
  notPlayedToday: "You haven't finished this daily.",
  streak: (p: { days: number; best: number | null }) =>
    `Your streak: ${p.days} day${p.days === 1 ? "" : "s"} in a row · your best: ${p.best === null ? "none yet" : `${p.best} points`}`,
  compareTitle: "Per hand: you · the server's best · the hard player on your cards",
  compareLine: (p: { hand: number; me: number; best: number; hard: number | string }) => `Hand ${p.hand}: ${p.me} · ${p.best} · ${p.hard}`,
  compareLater:
    "After midnight UTC you can see each hand beside the server's best and the hard player's own score: `/hearts daily board` with yesterday's number.",
  noSuchDay: (p: { day: number; today: number }) => `There is no daily #${p.day} yet: today's is #${p.today}.`,
  colPlayer: "PLAYER",
  colPoints: "POINTS",
  colHands: "HANDS",
};

/** @public Read through the catalogue's area table (src/i18n/index.ts). */
export const fr: typeof en = {
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
