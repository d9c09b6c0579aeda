/**
 * A tournament in the chat: its sign-up message (kept up to date, with Join and Leave), what
 * /hearts tournament show answers, and the posts of the night: the reminder, each round's start,
 * the standings after a round (a picture, with its text for when pictures are off), the podium
 * and each player's summary. Times are Discord timestamps, so each reader sees their own clock.
 */
import { ButtonStyle } from "discord.js";
import { messages, type Locale, type Messages } from "../../i18n/index.js";
import type { Images } from "../../render/runtime/images.js";
import type { Standing, TournamentView } from "../../table/tournament/api.js";
import { FORMER_KEY } from "../../table/store.js";
import { percentWords, podiumPicture, standingsPicture, tournamentRows } from "../presenting/tournament-pictures.js";
import { encodeId } from "../interactions/ids.js";
import type { OutMessage } from "../interactions/message.js";
import { COLOUR, button, row } from "./components.js";

/** Names the sign-up message lists before "and N more" (an embed's description holds 4,096 characters). */
const LISTED = 60;
/** Standings lines in a text answer (the picture shows more). */
const TEXT_ROWS = 10;
/** A post's length limit, with room to spare. */
const POST_CHARS = 1900;

const at = (d: Date, style: "F" | "R" | "t") => `<t:${Math.floor(d.getTime() / 1000)}:${style}>`;
const tw = (locale: Locale) => messages(locale).tournamentChat;

function playerList(t: TournamentView, w: Messages["tournamentChat"]): string {
  const people = t.players.filter((p) => !p.left || t.status !== "signup");
  const names = people.slice(0, LISTED).map((p) => p.name);
  const list = names.join(", ") + (people.length > LISTED ? `, ${w.signupMore({ n: people.length - LISTED })}` : "");
  return w.signupPlayers({ n: people.length, list });
}

function stateLine(t: TournamentView, w: Messages["tournamentChat"]): string | null {
  if (t.paused) return w.signupPaused;
  switch (t.status) {
    case "signup":
      return null;
    case "playing":
      return w.signupPlaying({ round: t.round, rounds: t.rounds });
    case "finished":
      return w.signupFinished;
    case "cancelled":
      return w.signupCancelled;
  }
}

/** The sign-up message: what, when, how it is scored, who is in; Join and Leave while sign-up is open. */
export function signupMessage(t: TournamentView, locale: Locale): OutMessage {
  const m = messages(locale);
  const w = m.tournamentChat;
  const lines = [
    w.signupWhen({ at: `${at(t.startsAt, "F")} (${at(t.startsAt, "R")})`, rounds: t.rounds, hands: t.handsPerRound }),
    w.signupRules({ rules: `\`${t.rulesSpec}\``, level: m.lobby.level({ level: t.botLevel }) }),
    w.signupHow,
    playerList(t, w),
  ];
  const state = stateLine(t, w);
  if (state) lines.push(`**${state}**`);
  const open = t.status === "signup";
  return {
    embeds: [
      {
        title: w.signupTitle({ name: t.name }),
        description: lines.join("\n\n"),
        color: t.status === "cancelled" || t.status === "finished" ? COLOUR.closed : COLOUR.tournament,
      },
    ],
    components: open
      ? [
          row(
            button(encodeId({ verb: "tjoin", tableId: t.id }), w.join, ButtonStyle.Success),
            button(encodeId({ verb: "tleave", tableId: t.id }), w.leave, ButtonStyle.Secondary),
          ),
        ]
      : [],
  };
}

/** "1. Ann 62.5%" lines, best first (the people ranked: never someone absent). */
export function standingsLines(t: TournamentView, standings: readonly Standing[], locale: Locale, max = TEXT_ROWS): string[] {
  const w = tw(locale);
  const rows = tournamentRows(t, ranked(standings));
  const lines = rows
    .slice(0, max)
    .map((r) => w.standingsText({ place: r.place, name: r.name, percent: percentWords(r.percent, locale), stoodIn: r.stoodIn }));
  if (rows.length > max) lines.push(w.more({ n: rows.length - max }));
  return lines;
}

/** "Absent, not ranked: Ivy.": the people who made no move themselves (scoring.ts), or nothing. */
function absentLines(t: TournamentView, standings: readonly Standing[], locale: Locale): string[] {
  const names = new Map(t.players.map((p) => [p.userId, p.name]));
  const absent = standings.filter((s) => s.absent).map((s) => names.get(s.id) ?? s.id);
  return absent.length ? [tw(locale).absentLine({ list: absent.join(", ") })] : [];
}

/** /hearts tournament show: the sign-up message's text, and the standings so far (picture and top lines). */
export function showMessage(t: TournamentView, locale: Locale, images: Images): OutMessage {
  const base = signupMessage(t, locale);
  const embed = { ...base.embeds![0] };
  const files = [];
  if (t.standings.length) {
    embed.description += `\n\n${[...standingsLines(t, t.standings, locale), ...absentLines(t, t.standings, locale)].join("\n")}`;
    const png = images.tournamentStandings(standingsPicture(t, t.played.at(-1)?.round ?? t.round, t.standings, locale));
    if (png) {
      files.push({ name: "standings.png", data: png });
      embed.image = { url: "attachment://standings.png" };
    }
  }
  return { embeds: [embed], files, components: [] };
}

export function reminderPost(t: TournamentView, minutes: number, locale: Locale): OutMessage {
  // A former player (Forget me) has a stand-in id, not a Discord id: nobody to mention, and Discord refuses it.
  const ids = t.players.filter((p) => !p.left && !p.userId.startsWith(FORMER_KEY)).map((p) => p.userId);
  // Mentions only the people signed up (at most 100 are notified by Discord; the rest read it).
  const mentions = ids.slice(0, 100);
  return { content: tw(locale).reminder({ name: t.name, minutes, mentions: mentions.map((id) => `<@${id}>`).join(" ") }), mentions };
}

export function roundStartedPost(
  t: TournamentView,
  round: number,
  tables: number,
  sittingOut: readonly string[],
  locale: Locale,
): OutMessage {
  const w = tw(locale);
  const names = new Map(t.players.map((p) => [p.userId, p.name]));
  const lines = [w.roundStarted({ name: t.name, round, rounds: t.rounds, tables })];
  if (sittingOut.length) lines.push(w.sittingOut({ list: sittingOut.map((id) => names.get(id) ?? id).join(", ") }));
  return { content: lines.join("\n") };
}

/** After a round: the standings picture (its text when pictures are off), and when the next round starts. */
export function standingsPost(
  t: TournamentView,
  round: number,
  standings: readonly Standing[],
  next: Date | null,
  locale: Locale,
  images: Images,
): OutMessage {
  const w = tw(locale);
  const head = [
    w.roundClosed({ name: t.name, round, rounds: t.rounds }),
    ...(next ? [w.nextRound({ at: at(next, "R") })] : []),
    ...absentLines(t, standings, locale),
  ];
  const png = images.tournamentStandings(standingsPicture(t, round, ranked(standings), locale));
  if (png) return { content: head.join("\n"), files: [{ name: "standings.png", data: png }] };
  return { content: [...head, "", ...standingsLines(t, standings, locale)].join("\n") };
}

export function podiumPost(t: TournamentView, podium: readonly Standing[], locale: Locale, images: Images): OutMessage {
  const w = tw(locale);
  const names = new Map(t.players.map((p) => [p.userId, p.name]));
  const winners = podium.filter((s) => s.place === 1 && !s.absent).map((s) => names.get(s.id) ?? s.id);
  const png = winners.length ? images.tournamentPodium(podiumPicture(t, ranked(podium), locale)) : null;
  const content = winners.length ? w.finished({ name: t.name, winners: winners.join(", ") }) : w.finishedNobody({ name: t.name });
  if (png) return { content, files: [{ name: "podium.png", data: png }] };
  return { content: [content, "", ...standingsLines(t, podium, locale, 3)].join("\n") };
}

/** The people ranked: everyone but the absent (who made no move themselves, scoring.ts). */
const ranked = (standings: readonly Standing[]): Standing[] => standings.filter((s) => !s.absent);

/** What a player's summary says of the computer's part: on how many of their deals it played for them. */
function computerPart(s: Standing, stoodIn: boolean, w: Messages["tournamentChat"]): string {
  if (s.computerDeals > 0) return ` ${w.summaryComputer({ n: s.computerDeals, deals: s.deals })}`;
  // A stand-in recorded without the deals it played (a table finished before they were counted).
  return stoodIn ? ` ${w.summaryStoodIn}` : "";
}

/**
 * Each player's summary at the end: their place among the people ranked, percentage and deals,
 * and on how many of their deals the computer played for them; or that they are absent (they made
 * no move themselves). As few posts as fit (no one is pinged).
 */
export function summaryPosts(t: TournamentView, standings: readonly Standing[], locale: Locale): OutMessage[] {
  const w = tw(locale);
  const rows = tournamentRows(t, standings);
  const of = ranked(standings).length;
  const posts: OutMessage[] = [];
  let current = "";
  rows.forEach((r, i) => {
    const s = standings[i];
    // Someone who sat every round out (13 people at 3 tables of 4, say) played nothing to compare.
    const said = s.absent
      ? w.summaryAbsent({ deals: s.deals })
      : !s.deals
        ? w.summaryNoDeal({ place: r.place, of })
        : (r.percent === null
            ? w.summaryOneTable({ place: r.place, of, deals: s.deals })
            : w.summary({ place: r.place, of, percent: percentWords(r.percent, locale), deals: s.deals })) + computerPart(s, r.stoodIn, w);
    const line = w.summaryLine({ name: r.name, said });
    if (current && current.length + line.length + 1 > POST_CHARS) {
      posts.push({ content: current });
      current = "";
    }
    current = current ? `${current}\n${line}` : line;
  });
  if (current) posts.push({ content: current });
  return posts;
}
