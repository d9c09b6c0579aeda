/** `/hearts deck`: the person's deck style for their own hand pictures (../views/deck.ts). */
import { OPT } from "../../../commands/hearts.js";
import { deckMessage, type DeckPrefs } from "../views/deck.js";
import { command } from "./types.js";

/** `/hearts deck [colours] [index]`: sets what is given, then shows the style with a sample hand. */
export const deckCommand = command({
  name: "deck",
  defer: "reply",
  uses: ["decks", "images"],
  parse: (i) => {
    const colours = i.options.getString(OPT.colours);
    const index = i.options.getString(OPT.index);
    const patch: Partial<DeckPrefs> = {};
    if (colours === "four" || colours === "two") patch.fourColour = colours === "four";
    if (index === "large" || index === "normal") patch.largeIndex = index === "large";
    return patch;
  },
  async run(ctx, patch) {
    const changing = Object.keys(patch).length > 0;
    const prefs = changing ? await ctx.decks.set(ctx.actor.userId, patch) : await ctx.decks.load(ctx.actor.userId);
    return ctx.respond.send(deckMessage(ctx.locale, prefs, changing, ctx.images));
  },
});
