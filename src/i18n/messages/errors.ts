/** What the router and the handlers answer when something is off: the place, the button, the bot. */
export const en = {
  notInGuild: "Hearts tables live in servers: use /hearts in a server channel.",
  unknownSubcommand: "Unknown subcommand. Try `/hearts new`, `/hearts join` or `/hearts hand`.",
  noTableHere: "There is no open table in this channel. Open one with `/hearts new`.",
  unknownButton: "This button is not one I recognise (it may be from an old version of the bot). Use `/hearts hand` for your cards.",
  tableGone: "This table no longer exists. Open a new one with `/hearts new`.",
  otherChannel: "This button belongs to a table in another channel.",
  olderCommand:
    "Discord sent this command in an older form than I expect (the /hearts command was just updated). Nothing was changed: please try again in a minute, or without that option.",
  done: "Done.",
};

/** @public Read through the catalogue's area table (src/i18n/index.ts). */
export const fr: typeof en = {
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
