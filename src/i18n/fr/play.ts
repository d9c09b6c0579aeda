/**
 * French: the table, its menus, refusals, pictures and rules (see page.ts for the game's French
 * name and cards).
 */
import type { en as tableEn } from "../messages/table.js";
import type { en as menuEn } from "../messages/menu.js";
import type { en as movesEn } from "../messages/moves.js";
import type { en as refusalsEn } from "../messages/refusals.js";
import type { en as comfortsEn } from "../messages/comforts.js";
import type { en as picturesEn } from "../messages/pictures.js";
import type { en as rulesEn } from "../messages/rules.js";
import { en as presetsEn } from "../messages/presets.js";
import { addLine, levelList, levelName, type LevelWords, type en as lobbyEn } from "../messages/lobby.js";

const SUITS_FR = ["du trèfle", "du carreau", "du pique", "du cœur"];

/** The computer players' levels (one row per level of src/ai/levels.ts: the compiler insists). */
const LEVEL_FR: LevelWords = {
  easy: { name: "facile", add: "Ajouter un robot facile" },
  medium: { name: "moyen", add: "Ajouter un robot moyen" },
  hard: { name: "difficile", add: "Ajouter un robot difficile" },
};

/** The presets' titles and descriptions; a preset missing here reads as the rules table's English. */
const FR: Record<string, [string, string]> = {
  classic: [
    "Classique",
    "La Dame de pique classique : passe à gauche/droite/en face/sans passe, le 2♣ entame, ♥ 1, Dame de pique 13, lune +26 aux autres, partie en 100.",
  ],
  omnibus: ["Omnibus", "Classique, plus le V♦ qui vaut −10 pour qui le prend."],
  "black-maria": [
    "Black Maria",
    "D♠ 13, R♠ 10, A♠ 7 ; on passe toujours à droite ; le joueur à gauche du donneur entame ; on peut entamer à cœur à tout moment ; pas de lune.",
  ],
  "spot-hearts": ["Cœurs à valeur faciale", "Les cœurs valent leur valeur (2–10, V 11, D 12, R 13, A 14)."],
  "hearts-2.0": [
    "Hearts 2.0",
    "Les règles de Hearts 2.0 : la D♠ d'abord quand le pli 1 ne laisse que des points ; les bonus se retirent du total, jamais sous 0.",
  ],
  "hearts-2.0-full": [
    "Hearts 2.0, toutes options",
    "Hearts 2.0 avec Omnibus (V♦ −10, nécessaire pour la lune), Aucun pli −5, Nouvelle lune (dès 26), 100 pile, Pas d'égalité, la D♠ ouvre les cœurs.",
  ],
  skelly: [
    "Hearts de Skelly",
    "La D♠ ouvre les cœurs, V♦ −10, le tireur choisit la lune, Tirer le soleil −24, fin au-delà de 100, 100 pile gagne.",
  ],
  "rusty-hearts": ["RustyHearts", "Les réglages par défaut de RustyHearts (règles classiques)."],
  mobile: ["Hearts mobile", "Classique, mais un joueur qui n'a que des cœurs et la D♠ peut entamer à cœur."],
  bga: [
    "Board Game Arena",
    "Compte à rebours BGA : on part de 100, les points sont soustraits, la partie finit à 0 et le plus haut total gagne.",
  ],
};

/** @public Read through src/i18n/languages.ts. */
export const table: typeof tableEn = {
  openActivity: "Ouvrir la table",
  title: "♥ Dame de pique",
  footer: (v) => `table ${v.id}`,
  seat: (v) => `Place ${v.n}`,
  bot: (v) => `${v.name} 🤖`,
  away: (v) => `${v.name} (absent, 🤖 joue)`,
  hostMark: " (hôte)",
  emptySeat: "(libre)",
  and: " et ",
  passDir: (v) => (v.dir === "across" ? "en face" : v.dir === "left" ? "à gauche" : v.dir === "right" ? "à droite" : v.dir),
  goalCountdown: (v) => `compte à rebours depuis ${v.n}, le score le plus haut gagne`,
  goalTarget: (v) => `partie en ${v.n}, le score le plus bas gagne`,
  timerOff: "pas de minuteur",
  timerFull: (v) => `${v.card} s par carte (${v.pass} s pour passer) + ${v.bank} s de réserve`,
  timerPass: (v) => `${v.pass} s pour passer + ${v.bank} s de réserve`,
  timerCard: (v) => `${v.card} s par carte + ${v.bank} s de réserve`,
  lobbyStatus: (v) => `${v.n} sur 4 assis · en attente du lancement par l'hôte`,
  closedStatus: "Fermée",
  statusPassing: (v) => `Donne ${v.hand} · passe ${v.dir} · on attend ${v.waiting}`,
  statusPlaying: (v) => `Donne ${v.hand} · pli ${v.trick} sur 13 · ${v.name} ${v.lead ? "entame" : "joue"}`,
  statusMoon: (v) => `${v.name} a tiré la lune et choisit comment elle compte`,
  statusOver: (v) => `Partie terminée · victoire de ${v.winners}`,
  tablePassing: (v) => `Donne ${v.hand} · passe ${v.dir}`,
  tablePlaying: (v) => `Donne ${v.hand} · en jeu${v.thread ? " · chaque pli est publié dans le fil de la partie" : ""}`,
  theHost: "L'hôte",
  lobbyFill: (v) =>
    `Appuyez sur **Rejoindre** pour vous asseoir. ${v.host} appuie sur **Commencer** ; les places vides seront prises par des robots (${v.level}).`,
  lobbyNoFill: (v) => `Appuyez sur **Rejoindre** pour vous asseoir. ${v.host} appuie sur **Commencer** quand 4 joueurs sont assis.`,
  pressMyHand: "Appuyez sur **Ma main** pour voir et jouer vos cartes.",
  brokenTable: "Cette partie n'a pas pu continuer.",
  closedTable: "Cette table est fermée.",
  join: "Rejoindre",
  leave: "Quitter",
  start: "Commencer",
  rules: "Règles",
  myHand: "Ma main",
  scores: "Scores",
  rejoin: "Revenir",
  rematch: "Revanche",
  botPlaceholder: "Ajouter ou retirer un robot…",
  removeBot: "Retirer un robot",
  customRules: "Règles personnalisées",
  rulesTitle: "Règles de cette table",
  rulesHead: (v) => `**${v.title}**${v.preset ? ` (\`${v.preset}\`)` : ""} : ${v.description}`,
  presetChanged: "un préréglage modifié",
  options: (v) => `Options : ${v.list}`,
  optionsDefault: "Options : classiques par défaut.",
  rulesLine: (v) => `Objectif : ${v.goal}. Minuteur : ${v.timer}. Robots : ${v.bots}. Images : ${v.images}. Conseils : ${v.hints}.`,
  botsFill: (v) => `occupent les places vides (${v.level})`,
  botsAdded: "seulement s'ils sont ajoutés",
  imagesTricks: "chaque pli",
  imagesHands: "résumés de donne",
  hintsOn: "autorisés",
  hintsOff: "désactivés",
  hostMayChange:
    "En tant qu'hôte, vous pouvez choisir un préréglage ci-dessous, ou régler une option avec `/hearts rules set:target=50` (voir le tableau des options dans docs/players.md).",
  presetPlaceholder: "Choisissez un préréglage de règles…",
  noScores: "La partie n'a pas encore commencé : pas de scores.",
  scoresTitle: "Scores",
  colHand: "Donne",
  rowNow: "en cours",
  rowTotal: "Total",
  noPoints: "aucun point",
  points: (v) => `${v.n} point${Math.abs(v.n) > 1 ? "s" : ""}`,
  // "ne … aucun": "Bob ne remporte aucun point", never "Bob remporte aucun point".
  trickCaption: (v) =>
    `Pli ${v.n} : ${v.cards} → **${v.winner}** ${v.none ? "ne remporte aucun point" : `remporte ${v.points}`}${v.leader ? ` ; ${v.leader} entame` : ""}.`,
  handStartPass: (v) => `**Donne ${v.hand} :** passez 3 cartes ${v.dir}.`,
  handStartNoPass: (v) => `**Donne ${v.hand} :** pas de passe ; ${v.name} entame.`,
  handScored: (v) => `**Donne ${v.hand} comptée** (${v.goal}) : ${v.parts}.`,
  handPart: (v) => `${v.name} ${v.change} (total ${v.total})`,
  moonShot: (v) => `🌙 ${v.name} a tiré la lune !`,
  moonChoosing: (v) => `🌙 ${v.name} a tiré la lune et choisit comment elle compte.`,
  awayPass: "— choisissez 3 cartes à passer : appuyez sur **Ma main**.",
  awayMoon: "— choisissez comment compte votre lune : appuyez sur **Ma main**.",
  awayCard: "— la table attend votre carte : appuyez sur **Ma main**.",
  seatTakenOver: (v) =>
    `⏱ ${v.name} a manqué plusieurs tours, un robot joue donc à sa place. Appuyez sur **Revenir** sous le message de la table ou utilisez \`/hearts join\` pour reprendre la place.`,
  seatLeft: (v) => `${v.name} est parti ; un robot joue à sa place. \`/hearts join\` le fait revenir.`,
  seatBack: (v) => `${v.name} est de retour.`,
  aPlayer: "Un joueur",
  timeoutPlayed: (v) => `⏱ ${v.name} n'a plus de temps ; un robot a joué ${v.card} à sa place.`,
  timeoutPassed: (v) => `⏱ ${v.name} n'a plus de temps ; un robot a passé 3 cartes à sa place.`,
  timeoutMoon: (v) => `⏱ ${v.name} n'a plus de temps ; un robot a choisi comment compte la lune à sa place.`,
  claim: (v) =>
    `${v.name} remporte ${v.n === 1 ? "le dernier pli" : `les ${v.n} derniers plis`} : ${v.tram ? "ils lui reviennent forcément tous" : "il ne restait plus de points"}.`,
  gameOn: (v) => `**C'est parti !** ${v.names}.`,
  gameOverPost: (v) =>
    `🏆 **Partie terminée : victoire de ${v.winners} !** Totaux finaux : ${v.totals}.${v.hinted ? " (Des conseils ont été utilisés : cette partie n'est pas classée.)" : ""}`,
  rematchPrompt: (v) => `${v.pings} — appuyez sur **Revanche** pour une nouvelle partie.`,
};

/** @public Read through src/i18n/languages.ts. */
export const menu: typeof menuEn = {
  passHeader: (v) => `**Passez 3 cartes ${v.dir}** (à ${v.to})`,
  passedWaiting: (v) => `Vous avez passé ${v.cards} à ${v.to}. On attend ${v.waiting}.`,
  selected: (v) => `Sélection : ${v.cards}. Appuyez sur **Passer** pour confirmer.`,
  pickPrompt: "Choisissez 3 cartes dans le menu, puis appuyez sur **Passer**.",
  pickPlaceholder: "Choisissez 3 cartes à passer",
  passButton: (v) => `Passer ${v.cards}`,
  passButtonIdle: "Passer",
  yourTurn: (v) => `**À vous de jouer** · pli ${v.trick} sur 13`,
  waitingFor: (v) => `Pli ${v.trick} sur 13 · on attend ${v.name}.`,
  received: (v) => `Vous avez reçu ${v.cards}.`,
  heartsBroken: "Les cœurs sont ouverts.",
  moonChoose: "🌙 **Vous avez tiré la lune !** Choisissez comment elle compte :",
  moonAdd: (v) => `Ajouter ${v.points} à chaque adversaire`,
  moonSubtract: (v) => `Retirer ${v.points} de mon score`,
  moonOther: (v) => `🌙 ${v.name} a tiré la lune et choisit comment elle compte.`,
  gameOver: (v) => `Partie terminée. Votre total : ${v.total} (place ${v.place}).`,
  timer: (v) => `⏱ ${v.timer} : votre temps s'écoule ${v.when}`,
  score: (v) => `Votre score : ${v.total} · cette donne : ${v.hand}`,
  yourHand: (v) => `Votre main : ${v.cards}`,
  refresh: "Actualiser",
  hint: "Conseil",
  noCardYet: "Aucune carte sur la table pour l'instant.",
  onTable: (v) => `Sur la table : ${v.cards}`,
  youPassed: (v) => `✅ Vous avez passé ${v.cards}.`,
  youPlayed: (v) => `✅ Vous avez joué ${v.card}.`,
  moonIn: "✅ Votre choix pour la lune est enregistré.",
  outOfDate: "⚠️ Ce menu n'est plus à jour : la partie a avancé. Voici votre main actuelle.",
  pickExactly3: "Choisissez exactement 3 cartes différentes de votre main.",
  notPlaying: "Vous ne jouez pas à cette table.",
  notStarted: "La partie n'a pas encore commencé : vos cartes seront distribuées quand l'hôte appuiera sur Commencer.",
  hintSays: (v) => `💡 Le robot difficile jouerait ainsi : ${v.what}.${v.rated ? " (Une partie avec conseils n'est pas classée.)" : ""}`,
  hintPlay: (v) => `jouer **${v.card}**`,
  hintPass: (v) => `passer **${v.cards}**`,
  hintMoonAdd: "donner les points de la lune aux autres",
  hintMoonSubtract: "retirer les points de la lune de votre propre score",
  handResult: (v) =>
    `📋 **Donne ${v.hand} :** vous avez pris ${v.points} point${v.points > 1 ? "s" : ""} (${v.change}) · votre total : **${v.total}**`,
  youShotTheMoon: "🌙 Vous avez tiré la lune !",
  otherShotTheMoon: (v) => `🌙 ${v.name} a tiré la lune.`,
  nextPass: (v) => `Ensuite : passez 3 cartes ${v.dir} (à ${v.to}).`,
  nextNoPass: "Ensuite : pas de passe pour cette donne.",
};

/** @public Read through src/i18n/languages.ts. */
export const moves: typeof movesEn = {
  "bad-action": "Cette action n'est pas comprise.",
  "game-over": "Cette partie est terminée.",
  "hand-over": "Cette donne est terminée : on attend le choix du joueur qui a tiré la lune.",
  "pass-pending": "Les cartes sont en train d'être passées : choisissez d'abord vos 3 cartes à passer.",
  "not-your-turn": "Ce n'est pas votre tour.",
  "card-not-in-hand": "Vous n'avez pas cette carte.",
  "must-lead-two-clubs": "Le premier pli doit être ouvert avec le 2♣.",
  "must-follow-suit": (v) =>
    typeof v.led === "number" ? `Vous devez fournir : vous avez ${SUITS_FR[v.led]}.` : "Vous devez fournir à la couleur demandée.",
  "hearts-not-broken": "Les cœurs ne sont pas encore ouverts : vous ne pouvez pas entamer à cœur tant que vous avez une autre couleur.",
  "first-trick-points": (v) =>
    v.highSpades
      ? "Pas de points au premier pli : les cœurs, la D♠, le R♠ et l'A♠ doivent attendre tant que vous avez une autre carte."
      : "Pas de points au premier pli : les cœurs et la Dame de pique doivent attendre tant que vous avez une autre carte.",
  "no-pass-this-hand": "Pas de passe pour cette donne.",
  "pass-wrong-count": "Passez exactement 3 cartes.",
  "pass-duplicate": "Passez 3 cartes différentes.",
  "pass-card-not-in-hand": "Vous ne pouvez passer que des cartes de votre main.",
  "pass-already-submitted": (v) => (v.passed ? "Vous avez déjà passé vos cartes." : "Les passes sont terminées pour cette donne."),
  "no-moon-choice": "Il n'y a pas de choix de lune à faire maintenant.",
  "not-the-shooter": "Seul le joueur qui a tiré la lune choisit comment elle compte.",
};

/** @public Read through src/i18n/languages.ts. */
export const refusals: typeof refusalsEn = {
  noTable: "Cette table n'existe plus. Ouvrez-en une nouvelle avec /hearts new.",
  noTableShort: "Cette table n'existe plus.",
  noTableHere: "Il n'y a pas de table ouverte dans ce salon. Ouvrez-en une avec /hearts new.",
  otherPlace: "Ce bouton appartient à une table d'un autre salon.",
  whichTable:
    "Ce salon a plusieurs tables et aucune n'est la vôtre : tapez la commande dans le fil de la table (pour /hearts kick, nommez un joueur).",
  withdrawn: "Vous n'êtes plus dans ce tournoi : un joueur ordinateur tient votre place jusqu'à la fin.",
  closedFinished: "Cette partie est terminée. Appuyez sur Revanche ou ouvrez une nouvelle table avec /hearts new.",
  closedBroken: "Cette partie n'a pas pu continuer. Ouvrez une nouvelle table avec /hearts new.",
  closedOther: "Cette table est fermée. Ouvrez-en une nouvelle avec /hearts new.",
  restarting: "Le bot redémarre ; réessayez dans un instant.",
  tableExists: "Il y a déjà une table ici. Rejoignez-la avec le bouton Rejoindre ou /hearts join, ou ouvrez-en une dans un autre salon.",
  tableCap: (v) =>
    `Ce serveur a déjà ${v.open} tables ouvertes, le maximum autorisé. Terminez-en une (ou fermez-la avec /hearts end) avant d'en ouvrir une autre.`,
  alreadySeated: "Vous êtes déjà assis à cette table.",
  full: "Cette table est complète. Ouvrez-en une autre avec /hearts new dans un autre salon.",
  fullShort: "La table est complète.",
  started: "Cette partie a déjà commencé. Attendez la revanche, ou ouvrez une table dans un autre salon.",
  alreadyPlaying: "Vous jouez déjà à cette table. Utilisez Ma main pour voir vos cartes.",
  notSeated: "Vous n'êtes pas assis à cette table.",
  botHasYourSeat: "Un robot a déjà pris votre place. /hearts join vous la rend.",
  seatsFixed: "La partie a commencé ; les places ne peuvent changer que dans le salon d'attente.",
  notHostAddBot: "Seul l'hôte (ou une personne ayant la permission Gérer les salons) peut ajouter des robots.",
  notHostRemoveBot: "Seul l'hôte (ou une personne ayant la permission Gérer les salons) peut retirer des robots.",
  noBotToRemove: "Il n'y a aucun robot à retirer.",
  notHostKick: "Seul l'hôte (ou une personne ayant la permission Gérer les salons) peut retirer un joueur.",
  kickSelf: "Pour quitter la table vous-même, utilisez /hearts leave.",
  kickNotSeated: "Cette personne n'est pas assise à cette table.",
  kickAlreadyBot: (v) => `Un robot joue déjà à la place de ${v.name}.`,
  rulesFixed: "Les règles ne peuvent plus changer une fois la partie commencée.",
  notHostRules: "Seul l'hôte peut changer les règles.",
  alreadyStarted: "La partie a déjà commencé.",
  notHostStart: (v) => `Seul l'hôte (${v.host ?? "l'hôte"}) peut lancer la partie.`,
  notEnoughPlayers: (v) =>
    `Il faut 4 joueurs pour jouer à la Dame de pique et ${v.seated} sont assis. Attendez-en d'autres, ajoutez des robots, ou activez les robots avec /hearts rules.`,
  notHostEnd: "Seul l'hôte ou une personne ayant la permission Gérer les salons peut fermer cette table.",
  rematchGone: "Cette partie n'est plus enregistrée.",
  rematchStillGoing: "Cette partie est toujours en cours.",
  rematchNotFinished: "Seule une partie terminée peut avoir une revanche. Ouvrez une nouvelle table avec /hearts new.",
  rematchNotPlayer: "Seuls les joueurs de cette partie peuvent demander une revanche. Ouvrez votre propre table avec /hearts new.",
  rematchTournament: "Une table de tournoi n'a pas de revanche : le tournoi place chacun pour sa prochaine manche.",
  rematchExists: "Une nouvelle table est déjà ouverte ici : rejoignez-la avec son bouton Rejoindre.",
  notPlaying: "Vous ne jouez pas à cette table.",
  notStartedDeal: "La partie n'a pas encore commencé : vos cartes seront distribuées quand l'hôte appuiera sur Commencer.",
  notStarted: "La partie n'a pas encore commencé.",
  duplicatePlay: (v) => `Déjà fait : vous avez joué ${v.card}.`,
  duplicatePass: (v) => `Déjà fait : vous avez passé ${v.cards}.`,
  duplicateMoon: (v) =>
    `Déjà fait : ${v.choice === "add" ? "vous avez donné les points de la lune aux autres" : "vous avez retiré les points de la lune de votre score"}.`,
  notThisGame: "Ce menu n'appartient pas à cette partie.",
  stale: "Ce menu n'est plus à jour : la partie a avancé. Voici votre main actuelle.",
  timedOutSeat: "Un robot a pris votre place après plusieurs tours sans réponse. Utilisez /hearts join (ou Rejoindre) pour la reprendre.",
  noGame: "Il n'y a pas de partie en cours ici.",
  hintsOff: "Les conseils sont désactivés à cette table.",
  hintNotYourTurn: "Ce n'est pas votre tour : un conseil porte sur une décision que vous avez à prendre.",
  hintBusy: "Les robots sont occupés pour le moment ; redemandez un conseil dans quelques secondes.",
  hintPending: "Votre conseil précédent est encore en cours de calcul ; redemandez dans un instant.",
  hintFailed: "Le conseil n'a pas pu être calculé cette fois-ci ; réessayez dans un instant.",
  raced: "La table a changé à cet instant précis. Regardez à nouveau votre main et réessayez.",
  badRules: (v) => `Ces règles ne fonctionnent pas : ${v.detail}`,
  timerRange: "Le minuteur est un nombre de secondes entre 10 et 3600, ou 0 pour aucun minuteur.",
  timerTooShort: "Un minuteur de moins de 10 secondes est trop court pour jouer ; choisissez 10 ou plus.",
  emptyRulesSpec: "Indiquez un préréglage (par ex. omnibus) ou des options comme target=50.",
};

/** @public Read through src/i18n/languages.ts. */
export const comforts: typeof comfortsEn = {
  stillOut: (p: { list: string }) => `Encore en jeu : ${p.list}`,
  playedCardsOn: "Cartes jouées : la main de chaque joueur liste les cartes encore en jeu.",
  playedCardsOff: "Cartes jouées : non affichées.",

  undoButton: "Annuler",
  undone: (p: { card: string }) => `↩️ Vous avez repris ${p.card}, ainsi que les cartes des robots jouées après. C'est de nouveau à vous.`,
  undoUnrated: "Une partie avec une annulation ne compte pas pour le classement.",
  undoOnlyAlone: "L'annulation est réservée aux tables d'une seule personne avec des robots : ici, d'autres personnes ont vu votre carte.",
  undoNothing:
    "Aucune carte à reprendre : l'annulation porte sur votre dernière carte de cette donne, avant que vous ne jouiez la suivante.",
  undoOncePerTrick: "Vous avez déjà repris une carte dans ce pli : une annulation par pli, et seulement de votre dernière carte.",
  undoNotNow: "Rien à reprendre pour l'instant : l'annulation porte sur une carte jouée dans cette donne.",
  undoThread: (p: { name: string; trick: number }) =>
    `↩️ ${p.name} a repris une carte : le pli ${p.trick} est rejoué, et c'est son prochain message qui compte.`,

  deckPrompt:
    "L'apparence de vos cartes (seulement l'image de votre main ; retenue pour toutes les tables ; changez-la avec les options de /hearts deck) :",
  deckTwoColour: "Deux couleurs (♠♣ noirs, ♥♦ rouges)",
  deckFourColour: "Quatre couleurs (♣ vert, ♦ bleu)",
  deckLargeIndex: "Grands index dans les coins",
  deckNormalIndex: "Index normaux dans les coins",
  deckSaved: (p: { style: string }) =>
    `✅ Vos cartes ressemblent maintenant à ceci : ${p.style}. Vos menus l'affichent dès leur prochain changement.`,
};

/** @public Read through src/i18n/languages.ts. */
export const pictures: typeof picturesEn = {
  openSeat: "Place libre",
  heartsBroken: "Cœurs ouverts",
  queenOfSpades: "Dame de pique",
  trickOf13: (v) => `Pli ${v.n} sur 13`,
  led: "ENTAME",
  wins: "GAGNE",
  tableTitle: "Dame de pique · table",
  seated: (v) => `${v.n} sur 4 assis`,
  readyToDeal: "Prêt à distribuer",
  waitingForPlayers: "En attente de joueurs",
  allSeatsTaken: "Les quatre places sont prises",
  seatsOpen: (v) => `${v.n} ${v.n === 1 ? "place libre" : "places libres"}`,
  pass: (v) =>
    `Passe ${({ left: "à gauche", right: "à droite", across: "en face", hold: "aucune" } as Record<string, string>)[v.dir] ?? v.dir}`,
  hand: (v) => `Donne ${v.n}`,
  trickPart: (v) => ` · Pli ${v.n} sur 13`,
  passingPart: " · Passe",
  finalPart: " · Fin",
  moonPart: " · Lune tirée",
  passed: "PASSÉ ✓",
  choosing: "CHOISIT…",
  toPlay: "À JOUER",
  total: "TOTAL",
  handCol: "DONNE",
  eachPassed: (v) => `3 cartes chacun · ${v.done} sur 4 ont passé`,
  shotTheMoon: "Lune tirée !",
  isChoosing: (v) => `${v.name} choisit`,
  gameOver: "Partie terminée",
  win: (v) => `${v.names} ${v.n > 1 ? "gagnent" : "gagne"}`,
  seat: (v) => `Place ${v.n}`,
  ordinal: (v) => (v.n === 1 ? "1ER" : `${v.n}E`),
  noPoints: "aucun point",
  points: (v) => `${v.points} ${Math.abs(v.n) > 1 ? "points" : "point"}`,
  shotTheMoonBy: (v) => `${v.name} a tiré la lune`,
  results: "résultats",
  player: "JOUEUR",
  taken: "PRIS",
  to: (v) => `EN ${v.n}`,
  tricks: (v) => (v.n <= 1 ? `${v.n} pli` : `${v.n} plis`),
  moonSubtract: (v) => `Lune −${v.n}`,
  moonAdd: (v) => `Lune, autres +${v.n}`,
  sun: (v) => `Soleil ${v.n}`,
  perfect100: "100 pile → 50",
  noTricks: (v) => `Aucun pli ${v.n}`,
  rulesCountdown: (v) => `Compte à rebours depuis ${v.n} · le total le plus haut gagne · fin à 0`,
  rulesTarget: (v) => `Partie en ${v.n} · le total le plus bas gagne`,
  end: "FIN",
  target: "OBJECTIF",
  start: "début",
  overSubtitle: (v) =>
    `${v.hands} ${v.hands === 1 ? "donne" : "donnes"} · ${v.countdown !== null ? `compte à rebours depuis ${v.countdown}` : `en ${v.target}`}`,
  rating: "COTE",
  games: "PARTIES",
  winsCol: "VICT.",
  perHand: "MOYENNE",
  noRatedGames: "Aucune partie classée pour l'instant",
};

/** @public Read through src/i18n/languages.ts. */
export const rules: typeof rulesEn = {
  "not-an-object": "Les règles doivent être un objet d'options.",
  "unknown-option": (v) => `Option inconnue « ${v.key} ». Options : ${v.options}.`,
  missing: (v) => `${v.key} est manquant.`,
  choice: (v) => `${v.key} doit valoir l'une de ces valeurs : ${v.choices}.`,
  flag: (v) => `${v.key} doit valoir true ou false.`,
  integer: (v) => `${v.key} doit être un nombre entier de ${v.min} à ${v.max}.`,
  "integer-or-off": (v) => `${v.key} doit être off ou un nombre entier de ${v.min} à ${v.max}.`,
  "unknown-preset": (v) => `Préréglage de règles inconnu « ${v.preset} ». Préréglages : ${v.presets}.`,
  "not-key-value": (v) => `« ${v.part} » n'est pas de la forme clé=valeur.`,
};

/** @public Read through src/i18n/languages.ts. */
export const presets: typeof presetsEn = {
  title: (v) => FR[v.name]?.[0] ?? presetsEn.title(v),
  description: (v) => FR[v.name]?.[1] ?? presetsEn.description(v),
};

/** @public Read through src/i18n/languages.ts. */
export const lobby: typeof lobbyEn = {
  joined: "Vous avez rejoint la table.",
  tookSeat: (v) => `Vous avez pris la place de ${v.name}.`,
  waitForStart: "Attendez que l'hôte appuie sur Commencer.",
  welcomeBack: "Bon retour : vous retrouvez votre place.",
  leftClosed: "Vous êtes parti ; la table est fermée.",
  left: "Vous avez quitté la table.",
  leftGameClosed: "Vous êtes parti ; personne d'autre ne jouait, la partie est donc fermée.",
  leftBotPlays: "Vous êtes parti. Un robot joue à votre place ; /hearts join vous la rend.",
  botSitsDown: (v) => `${v.name} (${levelName(LEVEL_FR, v.level)}) s'installe.`,
  botStandsUp: (v) => `${v.name} se lève.`,
  kickedLobby: (v) => `${v.name} n'a plus de place.`,
  kickedGameClosed: "Personne d'autre ne jouait, la partie est donc fermée.",
  kickedBotPlays: (v) => `Un robot joue désormais à la place de ${v.name} ; /hearts join la lui rend.`,
  optionsUpdated: "Options mises à jour.",
  optionsUpdatedTick: "✅ Options mises à jour.",
  rulesSet: (v) => `✅ Règles : ${v.preset}.`,
  tableClosed: "La table est fermée.",
  opened: "Votre table est ouverte. Les autres appuient sur **Rejoindre** ; vous appuyez sur **Commencer** quand vous êtes prêt.",
  openedFill:
    "Votre table est ouverte. Les autres appuient sur **Rejoindre** ; vous appuyez sur **Commencer** quand vous êtes prêt. Les places vides seront prises par des robots au démarrage.",
  started: "La partie a commencé. Voici vos cartes (vous seul les voyez).",
  rematchOpened:
    "Une nouvelle table est ouverte avec les mêmes joueurs et les mêmes règles. Tout le monde est assis : partez si vous ne voulez pas jouer, puis appuyez sur **Commencer**.",
  cannotPost:
    "Je n'ai pas pu publier la table dans ce salon. Vérifiez que j'ai le droit d'envoyer des messages, d'intégrer des liens et de joindre des fichiers ici.",
  cannotPostRematch: "Je n'ai pas pu publier la nouvelle table dans ce salon.",
  missingPermissions: (v) =>
    `Je ne peux pas tenir une table ici : il me manque ${v.count > 1 ? "les permissions" : "la permission"} ${v.list} dans ce salon. Demandez à un administrateur du serveur de ${v.count > 1 ? "les accorder" : "l'accorder"} à mon rôle, ou utilisez un autre salon.`,
  permViewChannel: "Voir le salon",
  permSendMessages: "Envoyer des messages",
  permEmbedLinks: "Intégrer des liens",
  permAttachFiles: "Joindre des fichiers",
  permSendInThreads: "Envoyer des messages dans les fils",
  chooseLevel: `Choisissez un niveau : ${levelList(LEVEL_FR, "ou")}.`,
  level: (v) => levelName(LEVEL_FR, v.level),
  addBot: (v) => addLine(LEVEL_FR, v.level, `Ajouter un robot (${v.level})`),
  noteJoined: (v) => `${v.name} a rejoint la table.`,
  noteTookSeat: (v) => `${v.name} a pris la place de ${v.bot}.`,
  noteLeft: (v) => `${v.name} est parti.`,
  noteLeftNewHost: (v) => `${v.name} est parti. ${v.host} est maintenant l'hôte.`,
  noteBotAdded: (v) => `${v.name} a ajouté ${v.bot} (robot ${levelName(LEVEL_FR, v.level)}).`,
  noteBotLeft: (v) => `${v.bot} a quitté la table.`,
  noteKicked: (v) => `${v.name} a été retiré de la table par l'hôte.`,
  noteOptions: (v) => `${v.name} a modifié les options.`,
  closedEveryoneLeft: "Tout le monde est parti, la table est donc fermée.",
  closedAllAway: "Tous les joueurs sont partis ou absents, la partie est donc fermée.",
  closedEndedBy: (v) => `${v.name} a fermé la table.`,
  closedWon: (v) => `${v.winners} a gagné.`,
  closedLobbyTimeout: "Personne n'a lancé cette table, elle s'est donc fermée. Ouvrez-en une nouvelle avec /hearts new.",
  closedDamaged:
    "L'enregistrement de cette partie est endommagé, elle ne peut pas continuer. Désolé ! Ouvrez une nouvelle table avec /hearts new.",
  closedNotPosted: "Le message de la table n'a pas pu être publié.",
  closedChannelDeleted: "Le salon a été supprimé.",
  storeBack: "✅ Je peux de nouveau enregistrer les parties : la partie continue.",
  storePaused:
    "⚠️ Je ne peux pas enregistrer les parties pour l'instant, cette partie est donc en pause. Rien n'est perdu ; je vous préviendrai ici quand elle reprendra.",
  resumed: "🔄 Je suis de retour après un redémarrage : la partie reprend là où elle en était.",
};
