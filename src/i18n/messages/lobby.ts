/**
 * Seats and tables: the answers to Join, Leave, Start, adding computer players, options (private),
 * and the lobby's news in the thread or on the table (public, in the table's language).
 */
import type { BotLevel } from "../../ai/levels.js";

/** Each computer players' level as a person reads it: its name, and its line in the lobby's menu. One row per row of src/ai/levels.ts (the compiler insists). */
type LevelWords = Record<BotLevel, { name: string; add: string }>;
const LEVEL_EN: LevelWords = {
  easy: { name: "easy", add: "Add an easy computer player" },
  medium: { name: "medium", add: "Add a medium computer player" },
  hard: { name: "hard", add: "Add a hard computer player" },
};
const LEVEL_FR: LevelWords = {
  easy: { name: "facile", add: "Ajouter un robot facile" },
  medium: { name: "moyen", add: "Ajouter un robot moyen" },
  hard: { name: "difficile", add: "Ajouter un robot difficile" },
};
/** A level's word; a level this version does not know (stored by a newer one) as it is stored. */
const levelName = (words: LevelWords, level: string): string => (Object.hasOwn(words, level) ? words[level as BotLevel].name : level);
const addLine = (words: LevelWords, level: string, unknown: string): string =>
  Object.hasOwn(words, level) ? words[level as BotLevel].add : unknown;
/** "easy, medium or hard", in the table's order. */
const levelList = (words: LevelWords, or: string): string => {
  const names = Object.values(words).map((w) => w.name);
  return `${names.slice(0, -1).join(", ")} ${or} ${names[names.length - 1]}`;
};

export const en = {
  // answers to the person who acted
  joined: "You joined the table.",
  tookSeat: (v: { name: string }) => `You took ${v.name}'s seat.`,
  waitForStart: "Wait for the host to press Start.",
  welcomeBack: "Welcome back: your seat is yours again.",
  leftClosed: "You left; the table is closed.",
  left: "You left the table.",
  leftGameClosed: "You left; nobody else was playing, so the game is closed.",
  leftBotPlays: "You left. A computer player plays your seat; /hearts join brings you back.",
  botSitsDown: (v: { name: string; level: string }) => `${v.name} (${v.level}) sits down.`,
  botStandsUp: (v: { name: string }) => `${v.name} stands up.`,
  kickedLobby: (v: { name: string }) => `${v.name} no longer has a seat.`,
  kickedGameClosed: "Nobody else was playing, so the game is closed.",
  kickedBotPlays: (v: { name: string }) => `A computer player now plays ${v.name}'s seat; /hearts join gives it back to them.`,
  optionsUpdated: "Options updated.",
  optionsUpdatedTick: "✅ Options updated.",
  rulesSet: (v: { preset: string }) => `✅ Rules set to ${v.preset}.`,
  tableClosed: "The table is closed.",
  opened: "Your table is open. Others press **Join** on it; you press **Start** when ready.",
  openedFill:
    "Your table is open. Others press **Join** on it; you press **Start** when ready. Empty seats get computer players when you start.",
  started: "The game has started. Here are your cards (only you see them).",
  rematchOpened:
    "A new table is open with the same players and rules. Everyone is seated: leave if you don't want to play, then press **Start**.",
  cannotPost: "I could not post the table in this channel. Check that I may send messages, embed links and attach files here.",
  cannotPostRematch: "I could not post the new table in this channel.",
  missingPermissions: (v: { list: string; count: number }) =>
    `I can't run a table here: I am missing the ${v.list} permission${v.count > 1 ? "s" : ""} in this channel. Ask a server admin to grant ${v.count > 1 ? "them" : "it"} to my role, or use another channel.`,
  permViewChannel: "View Channel",
  permSendMessages: "Send Messages",
  permEmbedLinks: "Embed Links",
  permAttachFiles: "Attach Files",
  permSendInThreads: "Send Messages in Threads",
  chooseLevel: `Choose a level: ${levelList(LEVEL_EN, "or")}.`,
  level: (v: { level: string }): string => levelName(LEVEL_EN, v.level),
  addBot: (v: { level: string }): string => addLine(LEVEL_EN, v.level, `Add a computer player (${v.level})`),
  // news for everyone at the table
  noteJoined: (v: { name: string }) => `${v.name} joined.`,
  noteTookSeat: (v: { name: string; bot: string }) => `${v.name} took ${v.bot}'s seat.`,
  noteLeft: (v: { name: string }) => `${v.name} left.`,
  noteLeftNewHost: (v: { name: string; host: string }) => `${v.name} left. ${v.host} is now the host.`,
  noteBotAdded: (v: { name: string; bot: string; level: string }) => `${v.name} added ${v.bot} (${v.level} computer player).`,
  noteBotLeft: (v: { bot: string }) => `${v.bot} left the table.`,
  noteKicked: (v: { name: string }) => `${v.name} was removed from the table by the host.`,
  noteOptions: (v: { name: string }) => `${v.name} changed the options.`,
  closedEveryoneLeft: "Everyone left, so the table is closed.",
  closedAllAway: "Every player has left or is away, so the game is closed.",
  closedEndedBy: (v: { name: string }) => `${v.name} ended the table.`,
  closedWon: (v: { winners: string }) => `${v.winners} won.`,
  closedLobbyTimeout: "Nobody started this table, so it closed. Open a new one with /hearts new.",
  closedDamaged: "This game's record is damaged, so it cannot continue. Sorry! Open a new table with /hearts new.",
  closedNotPosted: "The table message could not be posted.",
  closedChannelDeleted: "The channel was deleted.",
  storeBack: "✅ I can save games again: the game goes on.",
  storePaused: "⚠️ I can't save games right now, so this game is paused. Nothing is lost; I'll tell you here when it goes on.",
  resumed: "🔄 I'm back after a restart: the game goes on where it was.",
};

/** @public Read through the catalogue's area table (src/i18n/index.ts). */
export const fr: typeof en = {
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
