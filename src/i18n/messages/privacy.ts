/** /hearts privacy: what the bot stores about a person or a server, and how to delete it. */
export const en = {
  title: "What I store about you",
  tables: (p: { n: number }) => `Tables you sat at or hosted: ${p.n}`,
  games: (p: { n: number; servers: number }) => `Finished games with your result: ${p.n}, on ${p.servers} server(s)`,
  standings: (p: { n: number }) => `Standings (one row per server): ${p.n}`,
  menus: (p: { n: number }) => `Saved private menus (kept over a restart, at most 15 minutes): ${p.n}`,
  dailies: (p: { n: number; reviews: number }) => `Daily challenge attempts: ${p.n}; saved reviews of your games: ${p.reviews}`,
  prefs: (p: { set: boolean }) => `Your deck style (/hearts deck): ${p.set ? "saved" : "not set"}`,
  names: (p: { names: string }) => `Your name as stored: ${p.names}`,
  noName: "none",
  why: "Why: to run your tables, and to show results, leaderboards and stats on each server.",
  howLong: (p: { days: number }) =>
    `How long: closed tables and their moves are deleted after the server's retention period (${p.days} days by default); results and standings stay until you ask.`,
  forgetExplained:
    "**Forget me** removes your id and name from every stored game, result and standing on every server. Your past results stay as an anonymous “Former player”, so the others' scores still add up. You also leave the tables you are at.",
  dailyKept:
    "Deleting a daily attempt of today (Forget me, or a purge) keeps only an unlinkable mark of it (a keyed hash of your id and the day, never your id) for two days, so that day's attempt can't be started again.",
  forgetButton: "Forget me",
  confirmForget: "Are you sure? This cannot be undone: I remove your id and name everywhere, and you leave the tables you are at.",
  confirmForgetButton: "Yes, forget me",
  forgotten: (p: { results: number; tables: number; open: number; dailies: number; reviews: number }) =>
    `Done: I forgot you. ${p.results} result(s) and ${p.tables} closed table(s) are now anonymous, standings were rebuilt, ${p.dailies} daily attempt(s) and ${p.reviews} review(s) were deleted, and you left ${p.open} open table(s).`,
  busy: "I am already deleting this; it will be done in a moment.",
  notAdmin: "Only members with the **Manage Server** permission can see and purge this server's data.",
  serverTitle: "This server's data",
  serverWhat: (p: { days: number }) =>
    `I store this server's tables and their moves (deleted ${p.days} days after a table closes), its finished games with each player's result, the standings built from them, and its /hearts settings. When I am removed from the server, open tables end and everything is deleted after 30 days (unless I am added back).`,
  purgeExplained: "**Purge** deletes this server's tables, moves, games, results and standings now; settings stay. Open tables end.",
  purgeButton: "Purge this server's data",
  confirmPurge: "Are you sure? This cannot be undone: every game, result and standing of this server is deleted, and open tables end.",
  confirmPurgeButton: "Yes, purge",
  purged: (p: { tables: number; games: number; open: number }) =>
    `Done: ${p.tables} table(s) and ${p.games} game(s) deleted; ${p.open} open table(s) ended.`,
  tableEndedPurge: "A server admin deleted this server's Hearts data, so this table is closed.",
  tableEndedRemoved: "The bot was removed from this server, so this table is closed.",
};

/** @public Read through the catalogue's area table (src/i18n/index.ts). */
export const fr: typeof en = {
  title: "Ce que je garde sur vous",
  tables: (p: { n: number }) => `Tables où vous étiez assis ou hôte : ${p.n}`,
  games: (p: { n: number; servers: number }) => `Parties terminées avec votre résultat : ${p.n}, sur ${p.servers} serveur(s)`,
  standings: (p: { n: number }) => `Classements (une ligne par serveur) : ${p.n}`,
  menus: (p: { n: number }) => `Menus privés gardés pendant un redémarrage (15 minutes au plus) : ${p.n}`,
  dailies: (p: { n: number; reviews: number }) => `Défis du jour tentés : ${p.n} ; analyses de vos parties gardées : ${p.reviews}`,
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
  forgotten: (p: { results: number; tables: number; open: number; dailies: number; reviews: number }) =>
    `C'est fait : je ne garde plus rien de vous. ${p.results} résultat(s) et ${p.tables} table(s) fermée(s) sont anonymes, les classements ont été recalculés, ${p.dailies} partie(s) du défi du jour et ${p.reviews} analyse(s) ont été effacées, et vous avez quitté ${p.open} table(s) ouverte(s).`,
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
    `C'est fait : ${p.tables} table(s) et ${p.games} partie(s) effacée(s) ; ${p.open} table(s) ouverte(s) fermée(s).`,
  tableEndedPurge: "Un administrateur a effacé les données de la Dame de pique de ce serveur : cette table est fermée.",
  tableEndedRemoved: "Le bot a été retiré de ce serveur : cette table est fermée.",
};
