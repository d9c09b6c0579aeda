/**
 * A tournament's pictures: the standings after a round (place, name, percentage, matchpoints,
 * rounds played, a mark for someone a computer player stood in for) and the podium at the end.
 * The words come in the input, already in the reader's language (the presenter takes them from the
 * catalogue), so the picture process needs no catalogue; numbers are written the reader's way.
 */
import type { Canvas } from "canvas";
import { drawPill, drawTrophy, fillRound, medal, pillWidth, type PillStyle } from "./draw.js";
import { font } from "./fonts.js";
import { encodePng } from "./png.js";
import { BAND, drawLegend, drawRankedList, MAX_ROWS, PAD, percentText, titledPage } from "./ranked.js";
import { COLORS, WIDTH } from "./theme.js";
import { cutName, drawText, type Ctx } from "./text.js";
import type { Locale } from "../i18n/index.js";

export interface TournamentRow {
  /** 1-based; people level on every measure share it. */
  place: number;
  name: string;
  /** 100 × matchpoints / top, or null with no deal compared yet. */
  percent: number | null;
  matchpoints: number;
  top: number;
  /** Rounds this person has played so far. */
  rounds: number;
  /** A computer player stood in for them (they stopped responding, left or were removed). */
  stoodIn: boolean;
}

export interface TournamentStandingsInput {
  /** The tournament's name. */
  title: string;
  /** "After round 2 of 3", in the reader's language. */
  subtitle: string;
  columns: { player: string; percent: string; matchpoints: string; rounds: string };
  /** The mark's words ("stood in"): drawn beside the name and explained once in the footer. */
  stoodIn: { tag: string; legend: string };
  /** Best first; the picture shows the first MAX_ROWS and says how many more there are with `more`. */
  rows: TournamentRow[];
  /** "and 12 more": the presenter words it; null when every row fits. */
  more: string | null;
  locale?: Locale;
}

export interface TournamentPodiumInput {
  title: string;
  /** "Winners", "Vainqueurs"… */
  subtitle: string;
  /** The standings' first places (1–3, ties share a step), best first. */
  rows: TournamentRow[];
  stoodIn: { tag: string; legend: string };
  locale?: Locale;
}

const W = WIDTH;
const STOOD_IN: PillStyle = { bg: COLORS.bot, fg: "#ffffff", size: 10 };

/** The name, then the stood-in tag after it when it applies. */
function nameWithMark(ctx: Ctx, row: TournamentRow, tag: string, x: number, y: number, maxWidth: number, size: number): void {
  const tagW = row.stoodIn ? pillWidth(ctx, tag, STOOD_IN) + 8 : 0;
  const f = drawText(ctx, cutName(row.name, 28), x, y, { size, color: COLORS.text, maxWidth: maxWidth - tagW });
  if (row.stoodIn) drawPill(ctx, tag, x + f.width + 8, y - size * 0.36, STOOD_IN);
}

export function drawTournamentStandings(input: TournamentStandingsInput): Canvas {
  const col = { percent: 520, matchpoints: 680, rounds: W - PAD - 8 };
  const c = input.columns;
  return drawRankedList({
    title: input.title,
    subtitle: input.subtitle,
    heads: [c.player, { text: c.percent, x: col.percent }, { text: c.matchpoints, x: col.matchpoints }, { text: c.rounds, x: col.rounds }],
    rows: input.rows,
    more: input.more,
    legend: input.rows.slice(0, MAX_ROWS).some((r) => r.stoodIn) ? { ...input.stoodIn, style: STOOD_IN } : null,
    row(ctx, row, { mid, name }) {
      medal(ctx, row.place, PAD + 16, mid, 13);
      nameWithMark(ctx, row, input.stoodIn.tag, name, mid + 6, col.percent - 100 - name, 17);
      drawText(ctx, percentText(row.percent, input.locale), col.percent, mid + 7, {
        size: 19,
        bold: true,
        color: COLORS.gold,
        align: "right",
      });
      drawText(ctx, `${row.matchpoints}/${row.top}`, col.matchpoints, mid + 6, { size: 16, color: COLORS.text, align: "right" });
      drawText(ctx, String(row.rounds), col.rounds, mid + 6, { size: 16, color: COLORS.textDim, align: "right" });
    },
  });
}

/** Step heights by place: the winner's is the tallest. */
const STEP = { 1: 150, 2: 110, 3: 80 } as Record<number, number>;
/** Steps left to right: second, first, third, as on a real podium. */
const ORDER = [2, 1, 3];

export function drawTournamentPodium(input: TournamentPodiumInput): Canvas {
  const byPlace = new Map<number, TournamentRow[]>();
  for (const r of input.rows.filter((r) => r.place <= 3)) byPlace.set(r.place, [...(byPlace.get(r.place) ?? []), r]);
  // Ties share a step: its names are stacked above it, as many as fit.
  const tallest = Math.max(1, ...[...byPlace.values()].map((v) => Math.min(v.length, 4)));
  const floor = BAND + 56 + tallest * 50 + STEP[1];
  const marked = input.rows.some((r) => r.place <= 3 && r.stoodIn);
  const H = floor + 24 + (marked ? 34 : 0);
  const { canvas, ctx } = titledPage(H, input.title, input.subtitle);
  const stepW = 220;
  const x0 = (W - 3 * stepW - 2 * 16) / 2;
  ORDER.forEach((place, i) => {
    const people = byPlace.get(place) ?? [];
    if (!people.length) return;
    const x = x0 + i * (stepW + 16);
    const h = STEP[place];
    fillRound(ctx, x, floor - h, stepW, h, 10, place === 1 ? COLORS.felt : COLORS.feltDark);
    medal(ctx, place, x + stepW / 2, floor - h + 34, 22);
    if (place === 1) drawTrophy(ctx, x + stepW / 2, floor - h + 104, 1.1);
    people.slice(0, 4).forEach((p, k) => {
      const y = floor - h - 18 - (Math.min(people.length, 4) - 1 - k) * 50;
      drawText(ctx, cutName(p.name, 22), x + stepW / 2, y - 20, {
        size: 19,
        bold: true,
        color: COLORS.text,
        align: "center",
        maxWidth: stepW - 8,
        minSize: 12,
      });
      const pct = percentText(p.percent, input.locale);
      if (p.stoodIn) {
        const tw = pillWidth(ctx, input.stoodIn.tag, STOOD_IN);
        ctx.font = font(16, true);
        const pw = ctx.measureText(pct).width;
        const left = x + stepW / 2 - (pw + 8 + tw) / 2;
        drawText(ctx, pct, left, y + 2, { size: 16, bold: true, color: COLORS.gold });
        drawPill(ctx, input.stoodIn.tag, left + pw + 8, y - 4, STOOD_IN);
      } else drawText(ctx, pct, x + stepW / 2, y + 2, { size: 16, bold: true, color: COLORS.gold, align: "center" });
    });
  });
  if (marked) drawLegend(ctx, { ...input.stoodIn, style: STOOD_IN }, floor + 26);
  return canvas;
}

export function renderTournamentStandings(input: TournamentStandingsInput): Buffer {
  return encodePng(drawTournamentStandings(input));
}

export function renderTournamentPodium(input: TournamentPodiumInput): Buffer {
  return encodePng(drawTournamentPodium(input));
}
