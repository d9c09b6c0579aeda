/**
 * One post of the game's thread, composed from everything a table has pending (./thread-news.ts):
 * a trick's picture and caption, a hand's score, the start or the end of the game, lines that could
 * not wait, or else a mention of someone who seems away (./away-watch.ts).
 */
import { ButtonStyle } from "discord.js";
import type { TableRecord } from "../../table/records.js";
import { playsForTournament } from "../../table/tournament/integrity.js";
import { isBotSeat } from "../../table/seats.js";
import type { TableView } from "../../table/types.js";
import type { Images } from "../../render/runtime/images.js";
import { Lane, type Pacer } from "../../render/runtime/pacer.js";
import { encodeId } from "../interactions/ids.js";
import type { OutMessage } from "../interactions/message.js";
import { button, row } from "../views/components.js";
import { handStartText, trickCaption } from "../views/thread.js";
import { publicWords, seatName } from "../views/wording.js";
import { awayText, type AwayWatch } from "./away-watch.js";
import type { News } from "./thread-news.js";

export interface ComposeDeps {
  images: Images;
  pacer: Pacer;
  away: Pick<AwayWatch, "dueMentions" | "waitsOf">;
  /** The Activity is configured: a mention offers Open the table beside My hand. */
  activity?: boolean;
  /** A tournament round's table: its round, the tournament's rounds and channel, and the pause before the next round. */
  roundOf?(tableId: string): Promise<RoundOfTable | null>;
}

/** What a round's table says at its end of what comes next. */
export interface RoundOfTable {
  round: number;
  rounds: number;
  channelId: string;
  breakMs: number;
}

/** The pause before the next round, in words both languages read: "1 min", "30 s". */
const waitWords = (ms: number) => (ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.max(1, Math.round(ms / 1000))} s`);

/**
 * A finished round table's last line: no rematch (the tournament seats its next round), but where
 * the standings come and when the next round starts.
 */
async function roundEnd(record: TableRecord, deps: ComposeDeps, m: ReturnType<typeof publicWords>): Promise<string> {
  const r = await deps.roundOf?.(record.id).catch(() => null);
  if (!r) return m.table.roundTableDone;
  const channel = `<#${r.channelId}>`;
  return r.round < r.rounds
    ? m.table.roundTableOver({ round: r.round, rounds: r.rounds, channel, wait: waitWords(r.breakMs) })
    : m.table.roundTableLast({ round: r.round, rounds: r.rounds, channel });
}

/** A post, and the waits it is about when it only mentions people (taken down once they are over). */
export interface Composed {
  out: OutMessage;
  waits: [number, string][] | null;
  /** The places of the game this post tells, [from, to) (../../table/catch-up.ts); null: no news. */
  told: { from: number; to: number } | null;
}

/** A person who leads the next trick, named as a mention (it notifies only when allowed). */
function leaderMention(record: TableRecord, seat: number): string | null {
  const s = record.seats.find((x) => x.seat === seat);
  return s?.userId && !isBotSeat(s) ? `<@${s.userId}>` : null;
}

/**
 * One message from everything pending (and clears it), or null when there is nothing to say: a
 * trick's picture and caption, a hand's score, the start or the end of the game, lines that
 * could not wait, or else a mention of someone who seems away.
 */
export async function composePost(n: News, table: TableView, deps: ComposeDeps): Promise<Composed | null> {
  const { record } = n;
  const images = deps.images;
  const pace = <T>(fn: () => T) => deps.pacer.run(Lane.Post, fn);
  const post = n.tricks.length || n.scores.length || n.gameOver || n.start || (n.urgent && n.lines.length);
  const mentions = deps.away.dueMentions(table);
  if (!post && !mentions.length) return null;
  // Taken at once: news arriving while the pictures are drawn goes in the next message.
  let lines = n.lines.splice(0);
  n.urgent = false;
  if (n.foldTimer) clearTimeout(n.foldTimer);
  n.foldTimer = null;
  // A hand's last trick has its own post like the others; its score (and the game's end) follow,
  // and only then the tricks of the next hand, which may already be waiting when posting lags.
  const scoresPending = n.scores.length > 0 || !!n.gameOver;
  const before = n.tricks.filter((t) => !t.afterScore).length;
  const scoresLater = before > 0 && scoresPending;
  const tricks = scoresPending ? n.tricks.splice(0, before) : n.tricks.splice(0);
  const hands = scoresLater ? [] : n.hands.splice(0);
  const scores = scoresLater ? [] : n.scores.splice(0);
  const gameOver = scoresLater ? null : n.gameOver;
  // The places it tells: from its oldest news to the oldest still waiting (or past all that was filed).
  const taken = [...tricks.map((t) => t.at), ...(!scoresLater && n.scoreAt !== null ? [n.scoreAt] : [])];
  if (!scoresLater) n.scoreAt = null;
  const waiting = [...n.tricks.map((t) => t.at), ...(n.scoreAt !== null ? [n.scoreAt] : [])];
  const told = taken.length
    ? { from: Math.min(...taken), to: waiting.length ? Math.min(...waiting) : (n.through ?? Math.max(...taken) + 1) }
    : null;
  // The score is in this post: the tricks waiting behind it come next.
  if (!scoresLater) for (const t of n.tricks) t.afterScore = false;
  const start = n.start;
  const nextHand = n.nextHand;
  const moon = n.moon;
  if (!scoresLater) n.gameOver = null;
  n.start = false;
  n.moon = false;
  if (scores.length || start) n.nextHand = null;
  const files: OutMessage["files"] = [];
  const state = table.game;
  const ping = (u: string) => `<@${u}>`;
  const m = publicWords(record);
  let components: OutMessage["components"];
  let waits: [number, string][] | null = null;
  if (start) {
    lines.unshift(m.table.gameOn({ names: record.seats.map((s) => seatName(record, s.seat, m)).join(", ") }));
    if (nextHand) lines.push(handStartText(record, nextHand));
  }
  for (const t of tricks) {
    const png = await pace(() => images.trick(record, t.trick, t.trickNumber, t.heartsBroken, t.queenFell));
    if (png) files.push({ name: `trick-${t.trickNumber + 1}.png`, data: png });
    lines.push(
      trickCaption(
        record,
        t.trickNumber,
        t.trick,
        t.trickNumber < 12 && !scoresLater && !scores.length ? leaderMention(record, t.trick.winner) : null,
      ),
    );
  }
  if (moon && state?.phase === "moon-choice") lines.push(m.table.moonChoosing({ name: seatName(record, state.turn, m) }));
  for (const h of hands) {
    const png = await pace(() => images.handSummary(record, h));
    if (png) files.push({ name: `hand-${h.handIndex + 1}.png`, data: png });
  }
  if (scores.length) {
    lines.push(...scores);
    if (nextHand && !gameOver) lines.push(handStartText(record, nextHand));
  }
  let allowed = mentions;
  if (gameOver) {
    const png = await pace(() => images.gameOver(record, gameOver.history, gameOver.totals, gameOver.placements!, record.rules));
    if (png) files.push({ name: "game-over.png", data: png });
    const winners = (gameOver.winners ?? []).map((s) => seatName(record, s, m)).join(m.table.and);
    lines.push(
      m.table.gameOverPost({
        winners,
        totals: [0, 1, 2, 3].map((s) => `${seatName(record, s, m)} ${gameOver.totals[s]}`).join(", "),
        hinted: record.hintsUsed,
      }),
    );
    if (playsForTournament(record)) {
      allowed = [];
      lines.push(await roundEnd(record, deps, m));
    } else {
      allowed = record.seats.filter((s) => s.userId).map((s) => s.userId!);
      lines.push(m.table.rematchPrompt({ pings: allowed.map(ping).join(" ") }));
      components = [row(button(encodeId({ verb: "rematch", tableId: record.id }), m.table.rematch, ButtonStyle.Success))];
    }
  } else if (mentions.length) {
    lines.push(`${mentions.map(ping).join(" ")} ${awayText(state, m)}`);
    const hand = button(encodeId({ verb: "hand", tableId: record.id }), m.table.myHand, ButtonStyle.Primary);
    const open = button(encodeId({ verb: "activity", tableId: record.id }), m.table.openActivity, ButtonStyle.Success);
    components = [deps.activity ? row(hand, open) : row(hand)];
    // A mention on its own is taken down once its wait is over.
    if (!post && state) waits = deps.away.waitsOf(table, mentions);
  }
  if (!lines.length && !files.length) return null;
  let content = lines.join("\n");
  // Discord's 2000 characters: the oldest lines give way.
  while (content.length > 1900 && lines.length > 1) {
    lines = ["…", ...lines.slice(2)];
    content = lines.join("\n");
  }
  return { out: { content: content.slice(0, 2000), files: files.slice(-10), mentions: allowed, components }, waits, told };
}
