/**
 * `/hearts review [game]`: privately, the person's costliest decisions in their last finished game
 * (or their latest daily), each with a picture of their hand as it was (their choice lifted), the
 * trick on the table, the hard player's preference and the estimated cost; and a one-line summary.
 * Only what the person could see: their own hand and the cards played.
 */
import type { APIEmbed, ChatInputCommandInteraction } from "discord.js";
import { OPT } from "../../../commands/hearts.js";
import { cardText, cardsText as cardWords, localeOf, messages, words as sayWords } from "../../i18n/index.js";
import type { ReviewSource } from "../../table/review.js";
import type { TableView } from "../../table/types.js";
import { command, type HandlerCtx } from "./types.js";
import type { OutFile } from "../interactions/message.js";
import { COLOUR } from "../views/components.js";
import { Lane } from "../../render/runtime/pacer.js";

/** `/hearts review`, as the registry (handlers/index.ts) lists it: slow, so acknowledged at once. */
export const reviewHandler = command({
  name: "review",
  defer: "reply",
  uses: ["daily", "review", "images", "pacer"],
  parse: () => ({}),
  run: (ctx, _input, i) => reviewCommand(ctx, i),
});

async function reviewCommand(
  ctx: HandlerCtx<null | TableView, "daily" | "review" | "images" | "pacer">,
  i: ChatInputCommandInteraction,
): Promise<void> {
  const locale = localeOf(i.locale);
  const words = messages(locale);
  const m = words.review;
  const cardsText = (cards: readonly number[]) => cardWords(words, cards);
  if (!i.guildId) return ctx.respond.say(m.noGame);
  const which = i.options.getString(OPT.game) ?? "last";
  let source: ReviewSource | null = null;
  let what = m.lastGame;
  if (which === "daily") {
    const d = await ctx.daily.reviewSource(i.guildId, ctx.actor.userId);
    if (d) {
      source = d;
      what = m.dailyGame({ day: d.day });
    }
  } else source = await ctx.review.lastGame(i.guildId, ctx.actor.userId);
  if (!source) return ctx.respond.say(m.noGame);
  const r = await ctx.review.review(ctx.actor.userId, source);
  if (!r.ok)
    return ctx.respond.say(
      r.code === "hidden" ? sayWords(words, r.say) : r.code === "busy" ? m.busy : r.code === "pending" ? m.pending : m.noGame,
    );
  const { review } = r;
  const head: APIEmbed = {
    title: m.title({ what }),
    description: [
      m.summary({ matched: review.matched, decisions: review.decisions, cost: review.totalCost }),
      review.top.length ? "" : m.clean,
    ]
      .filter(Boolean)
      .join("\n"),
    color: COLOUR.review,
  };
  const embeds: APIEmbed[] = [head];
  const files: OutFile[] = [];
  // The pictures are drawn in their turn with the others (on the picture process when there is one).
  const pictures = await ctx.pacer.run(Lane.Answer, () => review.top.map((d) => ctx.images.hand(d.hand, [], d.chosen, undefined, locale)));
  review.top.forEach((d, n) => {
    const lines: string[] = [];
    if (d.kind === "pass") {
      const dir = d.passDirection === "left" ? m.dirLeft : d.passDirection === "right" ? m.dirRight : m.dirAcross;
      lines.push(m.youPassed({ cards: cardsText(d.chosen) }), m.expertPasses({ cards: cardsText(d.expert) }));
      embeds.push({ title: m.passTitle({ n: n + 1, hand: d.handIndex + 1, dir }), color: COLOUR.review });
    } else {
      lines.push(d.trick.length ? m.onTable({ cards: cardsText(d.trick) }) : m.youLed);
      lines.push(m.youPlayed({ card: cardText(words, d.chosen[0]) }), m.expertPlays({ card: cardText(words, d.expert[0]) }));
      embeds.push({ title: m.playTitle({ n: n + 1, hand: d.handIndex + 1, trick: d.trickNumber + 1 }), color: COLOUR.review });
    }
    lines.push(m.cost({ cost: d.cost, mine: d.chosenPoints, theirs: d.expertPoints }));
    const e = embeds[embeds.length - 1];
    const png = pictures[n];
    if (png) {
      const name = `decision${n + 1}.png`;
      files.push({ name, data: png });
      e.image = { url: `attachment://${name}` };
    } else lines.push(m.yourHand({ cards: cardsText(d.hand) }));
    e.description = lines.join("\n");
  });
  return ctx.respond.send({ embeds, files, components: [] });
}
