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
