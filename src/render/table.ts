/**
 * The table pictures: a finished trick, and the live table (trick in progress, turn, passing,
 * scores, lobby). Seat 0 sits at the bottom and play goes clockwise, so seat 1 is on the left,
 * seat 2 at the top and seat 3 on the right, exactly as "pass left" moves cards.
 */
import { messages, type Locale, type Messages } from "../i18n/index.js";
import { createCanvas, type Canvas } from "canvas";
import type { Card, PassDirection, PublicView, Rules, TrickRecord } from "../game/index.js";
import { CARD_H, CARD_W, drawCard, roundRect } from "./cards.js";
import {
  arrow,
  botBadgeWidth,
  drawBotBadge,
  drawPill,
  drawTrophy,
  fillRound,
  moonIcon,
  pillWidth,
  seatDot,
  strokeRound,
  type PillStyle,
} from "./draw.js";
import { font } from "./fonts.js";
import { encodePng, newImage } from "./png.js";
import { COLORS, WIDTH } from "./theme.js";
import { drawText, fitText, drawFitted, signed, type Ctx } from "./text.js";
import type { PlayerLabel, RenderOptions } from "./types.js";

const W = WIDTH;
const HEADER = 50;
const FELT = { x: 8, y: HEADER + 4, w: W - 16, h: 500 };
const BODY_H = FELT.y + FELT.h + 8;
const FOOTER = 40;
const CX = W / 2;
const CY = FELT.y + FELT.h / 2;

type Pos = "S" | "W" | "N" | "E";
const SEAT_POS: Pos[] = ["S", "W", "N", "E"];

/** Where each seat's card lies (top-left corner). */
const CARD_AT: Record<Pos, { x: number; y: number }> = {
  S: { x: CX - CARD_W / 2, y: CY + 90 - CARD_H / 2 },
  N: { x: CX - CARD_W / 2, y: CY - 90 - CARD_H / 2 },
  W: { x: CX - 112 - CARD_W / 2, y: CY - CARD_H / 2 },
  E: { x: CX + 112 - CARD_W / 2, y: CY - CARD_H / 2 },
};

/** Each seat's name plate. */
const PLATE: Record<Pos, { x: number; y: number; w: number }> = {
  S: { x: CX - 160, y: FELT.y + FELT.h - 22, w: 320 },
  N: { x: CX - 160, y: FELT.y + 22, w: 320 },
  W: { x: 14, y: CY, w: 214 },
  E: { x: W - 14 - 214, y: CY, w: 214 },
};

// ---- cached backgrounds -------------------------------------------------------------------

const baseCache = new Map<number, Canvas>();

/** The header strip and the felt with its rail: identical in every table picture, drawn once. */
function background(height: number): Canvas {
  let c = baseCache.get(height);
  if (c) return c;
  c = createCanvas(W, height);
  const ctx = c.getContext("2d");
  ctx.fillStyle = COLORS.page;
  ctx.fillRect(0, 0, W, height);
  // A vertical gradient only: each row is one colour, which PNG compresses to almost nothing
  // (a radial "spotlight" cost 40-60 KB per image in measurements).
  const g = ctx.createLinearGradient(0, FELT.y, 0, FELT.y + FELT.h);
  g.addColorStop(0, COLORS.felt);
  g.addColorStop(1, COLORS.feltDark);
  roundRect(ctx, FELT.x, FELT.y, FELT.w, FELT.h, 40);
  ctx.fillStyle = g;
  ctx.fill();
  ctx.lineWidth = 6;
  ctx.strokeStyle = COLORS.rail;
  ctx.stroke();
  roundRect(ctx, FELT.x + 10, FELT.y + 10, FELT.w - 20, FELT.h - 20, 32);
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = "rgba(255, 255, 255, 0.07)";
  ctx.stroke();
  baseCache.set(height, c);
  return c;
}

let glow: Canvas | null = null;

/** A gold halo behind the winning card, blurred once. */
function winnerGlow(): Canvas {
  if (glow) return glow;
  const m = 18;
  glow = createCanvas(CARD_W + m * 2, CARD_H + m * 2);
  const ctx = glow.getContext("2d");
  ctx.shadowColor = "rgba(255, 214, 90, 0.95)";
  ctx.shadowBlur = 16;
  roundRect(ctx, m - 3, m - 3, CARD_W + 6, CARD_H + 6, 11);
  ctx.fillStyle = COLORS.gold;
  ctx.fill();
  return glow;
}

// ---- pieces --------------------------------------------------------------------------------

interface PlateInfo {
  player: PlayerLabel | null;
  seat: number;
  /** Second line: label/value pairs, e.g. [["TOTAL", "34"], ["HAND", "+5"]]. */
  stats?: [string, string][];
  highlight?: "turn" | "winner" | null;
  tags?: { text: string; style: PillStyle }[];
  /** The words of the picture's language. */
  w: Pictures;
}

type Pictures = Messages["pictures"];

const GOLD_TAG: PillStyle = { bg: COLORS.gold, fg: "#2a2205", size: 11 };

function plateHeight(info: PlateInfo): number {
  return info.stats ? 62 : 46;
}

function drawPlate(ctx: Ctx, pos: Pos, info: PlateInfo): void {
  const p = PLATE[pos];
  const h = plateHeight(info);
  // W/E plates are centred on their y; N/S plates hang from the felt edge towards the centre.
  const y = pos === "N" ? p.y : pos === "S" ? p.y - h : p.y - h / 2;
  const { x, w } = p;
  if (!info.player) {
    fillRound(ctx, x, y, w, h, 12, "rgba(0, 0, 0, 0.16)");
    strokeRound(ctx, x + 1, y + 1, w - 2, h - 2, 11, "rgba(255, 255, 255, 0.35)", 1.5, [6, 5]);
    drawText(ctx, info.w.openSeat, x + w / 2, y + h / 2 + 6, { size: 17, color: COLORS.textDim, align: "center" });
    return;
  }
  fillRound(ctx, x, y, w, h, 12, info.highlight ? "rgba(0, 0, 0, 0.45)" : COLORS.panel);
  if (info.highlight) strokeRound(ctx, x + 1.5, y + 1.5, w - 3, h - 3, 11, COLORS.gold, 3);

  // Name row: seat dot, name (fitted), BOT badge; centred as a group.
  const nameSize = 20;
  const badge = info.player.isBot ? botBadgeWidth(ctx) + 7 : 0;
  const dot = 18;
  const f = fitText(ctx, info.player.name, w - 16 - dot - badge, nameSize, true, 14);
  const rowW = dot + f.width + badge;
  let rx = x + (w - rowW) / 2;
  const nameY = info.stats ? y + 27 : y + h / 2 + 7;
  seatDot(ctx, info.seat, rx + 6, nameY - 6, 6);
  rx += dot;
  ctx.fillStyle = COLORS.text;
  drawFitted(ctx, f, rx, nameY, "left", true);
  if (info.player.isBot) drawBotBadge(ctx, rx + f.width + 7, nameY - 6);

  if (info.stats) {
    const parts = info.stats;
    const labelFont = font(12, true);
    const valueFont = font(17, true);
    const gap = 16;
    let total = 0;
    const widths = parts.map(([label, value]) => {
      ctx.font = labelFont;
      const lw = ctx.measureText(label).width;
      ctx.font = valueFont;
      const vw = ctx.measureText(value).width;
      total += lw + 5 + vw;
      return [lw, vw];
    });
    total += gap * (parts.length - 1);
    let sx = x + (w - total) / 2;
    const sy = y + 51;
    ctx.textAlign = "left";
    parts.forEach(([label, value], i) => {
      ctx.font = labelFont;
      ctx.fillStyle = COLORS.textMute;
      ctx.fillText(label, sx, sy);
      sx += widths[i][0] + 5;
      ctx.font = valueFont;
      ctx.fillStyle = COLORS.text;
      ctx.fillText(value, sx, sy + 1);
      sx += widths[i][1] + gap;
    });
  }

  // Tags sit on the plate's top edge, right-aligned, like notification badges.
  if (info.tags?.length) {
    let tx = x + w - 10;
    for (const t of [...info.tags].reverse()) {
      const tw = pillWidth(ctx, t.text, t.style);
      tx -= tw;
      drawPill(ctx, t.text, tx, y, t.style);
      tx -= 6;
    }
  }
}

function drawSlot(ctx: Ctx, pos: Pos, active: boolean): void {
  const { x, y } = CARD_AT[pos];
  if (active) {
    fillRound(ctx, x, y, CARD_W, CARD_H, 8, "rgba(243, 199, 70, 0.10)");
    strokeRound(ctx, x + 1, y + 1, CARD_W - 2, CARD_H - 2, 8, COLORS.gold, 2.5, [8, 6]);
  } else strokeRound(ctx, x + 1, y + 1, CARD_W - 2, CARD_H - 2, 8, "rgba(255, 255, 255, 0.16)", 2, [8, 6]);
}

function header(ctx: Ctx, title: string, pills: { text: string; style: PillStyle }[]): void {
  let right = W - 14;
  for (const p of [...pills].reverse()) {
    const pw = pillWidth(ctx, p.text, p.style);
    right -= pw;
    drawPill(ctx, p.text, right, HEADER / 2 + 2, p.style);
    right -= 8;
  }
  drawText(ctx, title, 18, HEADER / 2 + 9, { size: 21, bold: true, color: COLORS.text, maxWidth: right - 30, minSize: 15 });
}

function footer(ctx: Ctx, status: string, y: number): void {
  drawText(ctx, status, W / 2, y + FOOTER / 2 + 6, { size: 17, color: COLORS.textDim, align: "center", maxWidth: W - 40, minSize: 13 });
}

const HEARTS_PILL: PillStyle = { bg: COLORS.heartPill, fg: "#ffffff", pip: { suit: 3, color: "#ffffff" } };
const QUEEN_PILL: PillStyle = { bg: "#0e0f10", fg: "#ffffff", border: "#5a5f63", pip: { suit: 2, color: "#ffffff" } };
const NEUTRAL_PILL: PillStyle = { bg: "#2d3439", fg: COLORS.text };
const LED_TAG: PillStyle = { bg: "#e8e8e2", fg: "#1b1b1b", size: 11 };
const PASSED_TAG: PillStyle = { bg: COLORS.green, fg: "#0b2416", size: 11 };
const WAITING_TAG: PillStyle = { bg: "#4a5359", fg: "#e6e6e6", size: 11 };

function pointsText(points: number, w: Pictures): string {
  if (points === 0) return w.noPoints;
  return w.points({ points: signed(points), n: points });
}

// ---- trick ---------------------------------------------------------------------------------

export interface TrickInput {
  players: PlayerLabel[];
  trick: TrickRecord;
  /** As in the engine's "trick-won" event: 0 for the first trick of a hand. */
  trickNumber: number;
  rules: Rules;
  heartsBrokenNow: boolean;
  queenFell: boolean;
  /** The language of the picture's words (default English). */
  locale?: Locale;
}

export function drawTrick(input: TrickInput, opts: RenderOptions = {}): Canvas {
  const { canvas, ctx } = newImage(W, BODY_H);
  ctx.drawImage(background(BODY_H), 0, 0);
  const { trick } = input;
  const w = messages(input.locale).pictures;
  const pills: { text: string; style: PillStyle }[] = [];
  if (input.heartsBrokenNow) pills.push({ text: w.heartsBroken, style: HEARTS_PILL });
  if (input.queenFell) pills.push({ text: w.queenOfSpades, style: QUEEN_PILL });
  const n = Math.min(13, Math.max(1, input.trickNumber + 1));
  header(ctx, w.trickOf13({ n }), pills);

  for (let seat = 0; seat < 4; seat++) {
    const pos = SEAT_POS[seat];
    const tags: PlateInfo["tags"] = [];
    if (seat === trick.leader) tags.push({ text: w.led, style: LED_TAG });
    if (seat === trick.winner) tags.push({ text: w.wins, style: GOLD_TAG });
    drawPlate(ctx, pos, { player: input.players[seat] ?? null, seat, highlight: seat === trick.winner ? "winner" : null, tags, w });
  }
  const g = winnerGlow();
  const wAt = CARD_AT[SEAT_POS[trick.winner]];
  ctx.drawImage(g, wAt.x - (g.width - CARD_W) / 2, wAt.y - (g.height - CARD_H) / 2);
  trick.cards.forEach((card, i) => {
    const at = CARD_AT[SEAT_POS[(trick.leader + i) & 3]];
    drawCard(ctx, card, at.x, at.y, opts.fourColour ?? false, input.locale);
  });
  // What the trick carries, in the middle of the table.
  const pts = trick.points;
  const style: PillStyle =
    pts > 0
      ? { bg: "#7d1d24", fg: "#ffffff", size: 16, border: "#e5484d" }
      : pts < 0
        ? { bg: "#17623c", fg: "#ffffff", size: 16, border: "#3fbf7f" }
        : { bg: "rgba(0,0,0,0.35)", fg: COLORS.textDim, size: 16 };
  const text = pointsText(pts, w);
  drawPill(ctx, text, CX - pillWidth(ctx, text, style) / 2, CY, style);
  return canvas;
}

export function renderTrick(input: TrickInput, opts: RenderOptions = {}): Buffer {
  return encodePng(drawTrick(input, opts));
}

// ---- table ---------------------------------------------------------------------------------

export interface TableInput {
  players: PlayerLabel[];
  /** null in the lobby, before the game starts. */
  view: PublicView | null;
  /** A short line under the table, e.g. "Waiting for Ana to pass". */
  status?: string;
  /** The language of the picture's words (default English). */
  locale?: Locale;
}

/** Arrows showing where the cards go: a clockwise ring for left, anticlockwise for right, a cross for across. */
function passArrows(ctx: Ctx, dir: PassDirection): void {
  const color = "rgba(255, 255, 255, 0.85)";
  if (dir === "across") {
    // Read together, the four pieces are ↕ and ↔ around the caption: opposite seats swap.
    arrow(ctx, CX, CY + 50, CX, CY + 140, color, 4);
    arrow(ctx, CX, CY - 50, CX, CY - 140, color, 4);
    arrow(ctx, CX - 112, CY - 4, CX - 172, CY - 4, color, 4);
    arrow(ctx, CX + 112, CY - 4, CX + 172, CY - 4, color, 4);
    return;
  }
  const r = 140;
  const ry = 118;
  const cw = dir === "left";
  // Seat angles on screen: S bottom (90°), W left (180°), N top (270°), E right (0°).
  for (let i = 0; i < 4; i++) {
    const from = (Math.PI / 2) * (1 + i);
    const span = Math.PI / 2 - 0.5;
    const a0 = cw ? from + 0.25 : from - 0.25;
    const a1 = cw ? a0 + span : a0 - span;
    ctx.beginPath();
    const steps = 16;
    for (let k = 0; k <= steps - 2; k++) {
      const a = a0 + ((a1 - a0) * k) / steps;
      const px = CX + Math.cos(a) * r;
      const py = CY + Math.sin(a) * ry;
      if (k === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    ctx.strokeStyle = color;
    ctx.lineWidth = 4;
    ctx.lineCap = "round";
    ctx.stroke();
    const b = a0 + ((a1 - a0) * (steps - 2)) / steps;
    arrow(ctx, CX + Math.cos(b) * r, CY + Math.sin(b) * ry, CX + Math.cos(a1) * r, CY + Math.sin(a1) * ry, color, 4);
  }
}

function centreText(ctx: Ctx, big: string, small: string | null, y = CY): void {
  drawText(ctx, big, CX, y + (small ? -2 : 9), { size: 28, bold: true, color: COLORS.text, align: "center", maxWidth: 300, minSize: 18 });
  if (small) drawText(ctx, small, CX, y + 28, { size: 17, color: COLORS.textDim, align: "center", maxWidth: 300, minSize: 13 });
}

export function drawTable(input: TableInput, opts: RenderOptions = {}): Canvas {
  const height = input.status ? BODY_H + FOOTER - 8 : BODY_H;
  const { canvas, ctx } = newImage(W, height);
  ctx.drawImage(background(height), 0, 0);
  const v = input.view;
  const w = messages(input.locale).pictures;
  if (input.status) footer(ctx, input.status, BODY_H - 8);

  if (!v) {
    const seated = [0, 1, 2, 3].filter((s) => input.players[s]).length;
    header(ctx, w.tableTitle, [{ text: w.seated({ n: seated }), style: NEUTRAL_PILL }]);
    for (let seat = 0; seat < 4; seat++) drawPlate(ctx, SEAT_POS[seat], { player: input.players[seat] ?? null, seat, w });
    centreText(ctx, seated === 4 ? w.readyToDeal : w.waitingForPlayers, seated === 4 ? w.allSeatsTaken : w.seatsOpen({ n: 4 - seated }));
    return canvas;
  }

  const countdown = v.rules.countdown !== null;
  const phase = v.phase;
  const pills: { text: string; style: PillStyle }[] = [];
  if (phase === "passing") pills.push({ text: w.pass({ dir: v.passDirection }), style: { bg: "#2f5bd3", fg: "#ffffff" } });
  if (v.heartsBroken && phase === "playing") pills.push({ text: w.heartsBroken, style: HEARTS_PILL });
  const trickPart =
    phase === "playing"
      ? w.trickPart({ n: Math.min(13, v.trickNumber + 1) })
      : phase === "passing"
        ? w.passingPart
        : phase === "game-over"
          ? w.finalPart
          : w.moonPart;
  header(ctx, `${w.hand({ n: v.handIndex + 1 })}${trickPart}`, pills);

  for (let seat = 0; seat < 4; seat++) {
    const pos = SEAT_POS[seat];
    const hp = v.handPoints[seat] ?? 0;
    const tags: PlateInfo["tags"] = [];
    let highlight: PlateInfo["highlight"] = null;
    if (phase === "passing")
      tags.push(v.passSubmitted[seat] ? { text: w.passed, style: PASSED_TAG } : { text: w.choosing, style: WAITING_TAG });
    if (phase === "playing" && v.trick.length > 0 && v.leader === seat) tags.push({ text: w.led, style: LED_TAG });
    if (phase === "playing" && v.turn === seat) {
      highlight = "turn";
      tags.push({ text: w.toPlay, style: GOLD_TAG });
    }
    if (phase === "moon-choice" && v.pendingMoon === seat) highlight = "turn";
    if (phase === "game-over" && v.placements)
      tags.push({ text: w.ordinal({ n: v.placements[seat] }), style: v.placements[seat] === 1 ? GOLD_TAG : WAITING_TAG });
    drawPlate(ctx, pos, {
      player: input.players[seat] ?? null,
      seat,
      highlight,
      tags,
      w,
      stats: [
        [w.total, signed(v.totals[seat])],
        [w.handCol, countdown ? signed(-hp, true) : signed(hp, true)],
      ],
    });
  }

  if (phase === "playing") {
    const played = new Set<number>();
    v.trick.forEach((card: Card, i: number) => {
      const seat = (v.leader + i) & 3;
      played.add(seat);
      const at = CARD_AT[SEAT_POS[seat]];
      drawCard(ctx, card, at.x, at.y, opts.fourColour ?? false, input.locale);
    });
    for (let seat = 0; seat < 4; seat++) if (!played.has(seat)) drawSlot(ctx, SEAT_POS[seat], seat === v.turn);
  } else if (phase === "passing") {
    passArrows(ctx, v.passDirection);
    const done = v.passSubmitted.filter(Boolean).length;
    centreText(ctx, w.pass({ dir: v.passDirection }), w.eachPassed({ done }));
  } else if (phase === "moon-choice") {
    const shooter = v.pendingMoon ?? v.turn;
    moonIcon(ctx, CX, CY - 62, 26);
    const name = input.players[shooter]?.name ?? w.seat({ n: shooter + 1 });
    centreText(ctx, w.shotTheMoon, w.isChoosing({ name: fitText(ctx, name, 200, 17).text }), CY + 10);
  } else {
    const winners = v.winners ?? [];
    const names = winners.map(
      (s) => fitText(ctx, input.players[s]?.name ?? w.seat({ n: s + 1 }), 240 / Math.max(1, winners.length), 17).text,
    );
    drawTrophy(ctx, CX, CY - 58);
    centreText(ctx, w.gameOver, names.length ? w.win({ names: names.join(" & "), n: names.length }) : null, CY + 10);
  }
  return canvas;
}

export function renderTable(input: TableInput, opts: RenderOptions = {}): Buffer {
  return encodePng(drawTable(input, opts));
}
