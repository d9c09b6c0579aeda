/** Scoreboards: the end of a hand, the end of a game (with a chart), and a guild leaderboard. */
import { messages, type Locale, type Messages } from "../i18n/index.js";
import type { Canvas } from "canvas";
import { moonValue, type HandResult, type Rules } from "../game/index.js";
import {
  botBadgeWidth,
  drawBotBadge,
  drawPill,
  drawTrophy,
  fillRound,
  medal,
  moonIcon,
  pillWidth,
  seatDot,
  type PillStyle,
} from "./draw.js";
import { font } from "./fonts.js";
import { encodePng, newImage } from "./png.js";
import { COLORS, SEAT_COLORS, WIDTH } from "./theme.js";
import { drawFitted, drawText, fitText, signed, type Ctx } from "./text.js";
import type { PlayerLabel, RenderOptions } from "./types.js";

const W = WIDTH;
const PAD = 20;

const nameOf = (players: PlayerLabel[], seat: number): PlayerLabel => players[seat] ?? { name: `Seat ${seat + 1}`, isBot: false };

/** Lower is better in penalty scoring, higher under countdown. */
export const betterFirst = (rules: Rules) => (a: number, b: number) => (rules.countdown === null ? a - b : b - a);

/** Places 1..4 from totals alone (ties share a place). */
function standings(rules: Rules, totals: readonly number[]): number[] {
  const cmp = betterFirst(rules);
  return totals.map((t) => 1 + totals.filter((o) => cmp(o, t) < 0).length);
}

function page(ctx: Ctx, h: number): void {
  ctx.fillStyle = COLORS.page;
  ctx.fillRect(0, 0, W, h);
}

function titleBar(ctx: Ctx, title: string, subtitle: string | null, pills: { text: string; style: PillStyle }[] = []): void {
  // A felt band ties the scoreboards to the table pictures.
  const g = ctx.createLinearGradient(0, 0, 0, 64);
  g.addColorStop(0, COLORS.felt);
  g.addColorStop(1, COLORS.feltDark);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, W, 64);
  let right = W - PAD;
  for (const p of [...pills].reverse()) {
    const pw = pillWidth(ctx, p.text, p.style);
    right -= pw;
    drawPill(ctx, p.text, right, 32, p.style);
    right -= 8;
  }
  const f = drawText(ctx, title, PAD, 41, { size: 26, bold: true, color: COLORS.text, maxWidth: right - PAD - 20, minSize: 17 });
  if (subtitle)
    drawText(ctx, subtitle, PAD + f.width + 14, 40, { size: 16, color: "#cfe3d7", maxWidth: right - PAD - f.width - 30, minSize: 12 });
}

/** Name with seat dot and BOT badge, fitted to maxWidth; (x, y) is the baseline start. */
function nameCell(ctx: Ctx, p: PlayerLabel, seat: number | null, x: number, y: number, maxWidth: number, size = 19): void {
  let nx = x;
  if (seat !== null) {
    seatDot(ctx, seat, x + 6, y - size * 0.33, 6);
    nx += 18;
  }
  const badge = p.isBot ? botBadgeWidth(ctx) + 8 : 0;
  const f = fitText(ctx, p.name, maxWidth - (nx - x) - badge, size, true, 12);
  ctx.fillStyle = COLORS.text;
  drawFitted(ctx, f, nx, y, "left", true);
  if (p.isBot) drawBotBadge(ctx, nx + f.width + 8, y - size * 0.33);
}

function valueColor(change: number, rules: Rules): string {
  if (change === 0) return COLORS.textDim;
  const good = rules.countdown === null ? change < 0 : change > 0;
  return good ? "#57d08f" : "#ff7a7f";
}

function rulesLine(rules: Rules, w: Pictures, handLimit?: number): string {
  if (handLimit) return w.rulesHands({ n: handLimit });
  if (rules.countdown !== null) return w.rulesCountdown({ n: rules.countdown });
  return w.rulesTarget({ n: rules.target });
}

// ---- end of hand ---------------------------------------------------------------------------

export interface HandSummaryInput {
  players: PlayerLabel[];
  result: HandResult;
  rules: Rules;
  /** A tournament round's game: it ends after this many hands (its rules' target is only internal, never shown). */
  handLimit?: number;
  /** The language of the picture's words (default English). */
  locale?: Locale;
}

type Pictures = Messages["pictures"];

const MARK: Record<string, PillStyle> = {
  moon: { bg: "#3b2f0b", fg: COLORS.gold, size: 12, border: "#8a6d14" },
  perfect: { bg: "#17456b", fg: "#bfe2ff", size: 12, border: "#2f77b5" },
  bonus: { bg: "#17623c", fg: "#c9f5dc", size: 12, border: "#2e9c63" },
  queen: { bg: "#0e0f10", fg: "#ffffff", size: 12, border: "#5a5f63" },
};

/** The markers a row carries: moon, sun, perfect 100, J♦, No Tricks, Q♠ taken. */
function markers(r: HandResult, rules: Rules, seat: number, w: Pictures): { text: string; style: PillStyle; moon?: boolean }[] {
  const out: { text: string; style: PillStyle; moon?: boolean }[] = [];
  if (r.moon?.shooter === seat) {
    const v = moonValue(rules);
    out.push({ text: r.moon.choice === "subtract" ? w.moonSubtract({ n: v }) : w.moonAdd({ n: v }), style: MARK.moon, moon: true });
  }
  if (r.sun === seat) out.push({ text: w.sun({ n: signed(rules.shootTheSun) }), style: MARK.moon });
  if (r.perfect100.includes(seat as never)) out.push({ text: w.perfect100, style: MARK.perfect });
  if (r.jackTakenBy === seat) out.push({ text: `J♦ ${signed(rules.jackOfDiamonds)}`, style: MARK.bonus });
  if (r.noTricksBonus.includes(seat as never)) out.push({ text: w.noTricks({ n: signed(rules.noTricksBonus) }), style: MARK.bonus });
  if (r.queenTakenBy === seat && r.moon?.shooter !== seat) out.push({ text: "Q♠", style: MARK.queen });
  return out;
}

export function drawHandSummary(input: HandSummaryInput, _opts: RenderOptions = {}): Canvas {
  const { result: r, rules, players } = input;
  const words = messages(input.locale).pictures;
  const rowH = 66;
  const top = 64 + 44;
  const H = top + rowH * 4 + 52;
  const { canvas, ctx } = newImage(W, H);
  page(ctx, H);
  const pills: { text: string; style: PillStyle }[] = [];
  if (r.moon)
    pills.push({
      text: words.shotTheMoonBy({ name: fitText(ctx, nameOf(players, r.moon.shooter).name, 150, 15, true).text }),
      style: { bg: "#3b2f0b", fg: COLORS.gold, border: "#8a6d14" },
    });
  titleBar(ctx, words.hand({ n: r.handIndex + 1 }), words.results, pills);

  // Column headers.
  const col = { place: PAD + 18, name: PAD + 44, taken: 420, change: 535, total: 636, bar: 660 };
  const countdown = rules.countdown !== null;
  const end = countdown ? 0 : rules.target;
  const start = countdown ? (rules.countdown as number) : 0;
  ctx.font = font(12, true);
  ctx.fillStyle = COLORS.textMute;
  ctx.textAlign = "left";
  ctx.fillText(words.player, col.name, top - 14);
  ctx.textAlign = "center";
  ctx.fillText(words.taken, col.taken, top - 14);
  ctx.textAlign = "right";
  ctx.fillText(words.handCol, col.change, top - 14);
  ctx.fillText(words.total, col.total, top - 14);
  ctx.textAlign = "left";
  ctx.fillText(words.to({ n: end }), col.bar, top - 14);

  const places = standings(rules, r.totals);
  const order = [0, 1, 2, 3].sort((a, b) => places[a] - places[b] || a - b);
  order.forEach((seat, i) => {
    const y = top + i * rowH;
    fillRound(ctx, PAD - 8, y, W - 2 * PAD + 16, rowH - 8, 12, i % 2 === 0 ? COLORS.panelSolid : COLORS.panelAlt);
    const mid = y + (rowH - 8) / 2;
    medal(ctx, places[seat], col.place, mid, 14);
    const marks = markers(r, rules, seat, words);
    const hasMarks = marks.length > 0;
    nameCell(ctx, nameOf(players, seat), seat, col.name, hasMarks ? mid - 3 : mid + 7, col.taken - 50 - col.name);
    if (hasMarks) {
      let mx = col.name + 18;
      for (const m of marks) {
        const icon = m.moon ? 18 : 0;
        const w = pillWidth(ctx, m.text, m.style) + icon;
        // Markers that would run into the numbers are left out; the most important come first.
        if (mx + w > col.taken - 44) break;
        if (m.moon) moonIcon(ctx, mx + 7, mid + 15, 7);
        drawPill(ctx, m.text, mx + icon, mid + 15, m.style);
        mx += w + 6;
      }
    }
    // Points taken this hand (penalty cards), then the signed change of the total.
    const taken = r.handPoints[seat];
    drawText(ctx, String(taken), col.taken, mid + 3, {
      size: 20,
      bold: true,
      color: taken ? COLORS.text : COLORS.textMute,
      align: "center",
    });
    drawText(ctx, words.tricks({ n: r.tricksWon[seat] }), col.taken, mid + 20, { size: 12, color: COLORS.textMute, align: "center" });
    const change = r.change[seat];
    drawText(ctx, signed(change, true), col.change, mid + 8, { size: 22, bold: true, color: valueColor(change, rules), align: "right" });
    const total = r.totals[seat];
    drawText(ctx, signed(total), col.total, mid + 9, { size: 26, bold: true, color: COLORS.text, align: "right" });
    // How close this total is to ending the game: a bar from the start towards the end value.
    const bw = W - PAD - col.bar - 8;
    const frac = Math.max(0, Math.min(1, (total - start) / (end - start)));
    fillRound(ctx, col.bar, mid - 5, bw, 10, 5, "#3a4247");
    if (frac > 0) {
      const hue = 130 - 130 * frac;
      fillRound(ctx, col.bar, mid - 5, Math.max(10, bw * frac), 10, 5, `hsl(${hue}, 65%, 50%)`);
    }
  });
  drawText(ctx, rulesLine(rules, words, input.handLimit), W / 2, H - 20, {
    size: 15,
    color: COLORS.textMute,
    align: "center",
    maxWidth: W - 40,
  });
  return canvas;
}

export function renderHandSummary(input: HandSummaryInput, opts: RenderOptions = {}): Buffer {
  return encodePng(drawHandSummary(input, opts));
}

// ---- end of game ---------------------------------------------------------------------------

export interface GameOverInput {
  players: PlayerLabel[];
  history: HandResult[];
  totals: number[];
  placements: number[];
  rules: Rules;
  /** A tournament round's game: it ends after this many hands, and the chart has no target line. */
  handLimit?: number;
  /** The language of the picture's words (default English). */
  locale?: Locale;
}

function niceStep(range: number, ticks: number): number {
  const raw = range / ticks;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const n = raw / mag;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 2.5 ? 2.5 : n <= 5 ? 5 : 10) * mag;
}

/** The dashed line of the total that ends the game, with its label. */
function goalLine(ctx: Ctx, y: number, left: number, right: number, label: string): void {
  const gy = Math.round(y) + 0.5;
  ctx.setLineDash([7, 5]);
  ctx.strokeStyle = "rgba(229, 72, 77, 0.8)";
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(left, gy);
  ctx.lineTo(right, gy);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.font = font(11, true);
  ctx.fillStyle = "#ff8a8e";
  ctx.textAlign = "left";
  ctx.fillText(label, left + 6, gy - 5);
}

function drawChart(ctx: Ctx, input: GameOverInput, x: number, y: number, w: number, h: number): void {
  const { history, rules } = input;
  const start = rules.countdown ?? 0;
  const series = [0, 1, 2, 3].map((s) => [start, ...history.map((r) => r.totals[s])]);
  const all = series.flat();
  // A hand-limited game's chart has no line that ends it (its target is only internal).
  const goal = input.handLimit ? null : rules.countdown !== null ? 0 : rules.target;
  let lo = Math.min(...all, 0, goal ?? 0);
  let hi = Math.max(...all, goal ?? 0, start);
  const step = niceStep(hi - lo || 10, 5);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  if (hi === lo) hi = lo + step;
  const left = x + 44;
  const right = x + w - 56;
  const top = y + 12;
  const bottom = y + h - 30;
  const n = Math.max(1, history.length);
  const px = (i: number) => left + ((right - left) * i) / n;
  const py = (v: number) => bottom - ((bottom - top) * (v - lo)) / (hi - lo);

  fillRound(ctx, x, y - 8, w, h + 8, 14, COLORS.panelSolid);
  ctx.lineWidth = 1;
  ctx.font = font(12);
  ctx.textAlign = "right";
  for (let v = lo; v <= hi + 1e-9; v += step) {
    const yy = Math.round(py(v)) + 0.5;
    ctx.strokeStyle = COLORS.grid;
    ctx.beginPath();
    ctx.moveTo(left, yy);
    ctx.lineTo(right, yy);
    ctx.stroke();
    ctx.fillStyle = COLORS.textMute;
    ctx.fillText(signed(Math.round(v * 10) / 10), left - 8, yy + 4);
  }
  // The line that ends the game: the target, or 0 under countdown.
  const words = messages(input.locale).pictures;
  if (goal !== null) goalLine(ctx, py(goal), left, right, rules.countdown !== null ? words.end : words.target);

  // Hand numbers along the bottom, thinned out when there are many hands.
  ctx.font = font(12);
  ctx.fillStyle = COLORS.textMute;
  ctx.textAlign = "center";
  const every = Math.ceil(n / 12);
  for (let i = 0; i <= n; i += every) ctx.fillText(i === 0 ? words.start : String(i), px(i), bottom + 18);

  // Lines, last place first so the winner's line is on top.
  const order = [0, 1, 2, 3].sort((a, b) => input.placements[b] - input.placements[a] || b - a);
  for (const s of order) {
    const pts = series[s];
    ctx.strokeStyle = SEAT_COLORS[s];
    ctx.lineWidth = 3;
    ctx.lineJoin = "round";
    ctx.lineCap = "round";
    ctx.beginPath();
    pts.forEach((v, i) => (i === 0 ? ctx.moveTo(px(i), py(v)) : ctx.lineTo(px(i), py(v))));
    ctx.stroke();
    if (n <= 30) {
      ctx.fillStyle = SEAT_COLORS[s];
      for (let i = 1; i < pts.length; i++) {
        ctx.beginPath();
        ctx.arc(px(i), py(pts[i]), 3.5, 0, Math.PI * 2);
        ctx.fill();
      }
    }
  }
  // Final totals at the right end, nudged apart so close totals stay readable.
  const labels = [0, 1, 2, 3].map((s) => ({ s, y: py(series[s][series[s].length - 1]) })).sort((a, b) => a.y - b.y);
  for (let i = 1; i < labels.length; i++) if (labels[i].y - labels[i - 1].y < 16) labels[i].y = labels[i - 1].y + 16;
  const overflow = labels[labels.length - 1].y - (bottom + 4);
  if (overflow > 0) for (const l of labels) l.y -= overflow;
  ctx.font = font(13, true);
  ctx.textAlign = "left";
  for (const l of labels) {
    ctx.fillStyle = SEAT_COLORS[l.s];
    ctx.fillText(signed(input.totals[l.s]), right + 10, l.y + 5);
  }
}

export function drawGameOver(input: GameOverInput, _opts: RenderOptions = {}): Canvas {
  const { players, totals, placements, rules } = input;
  const rowH = 50;
  const top = 64 + 18;
  const chartTop = top + rowH * 4 + 22;
  const chartH = 250;
  const H = chartTop + chartH + 26;
  const { canvas, ctx } = newImage(W, H);
  page(ctx, H);
  const hands = input.history.length;
  const w = messages(input.locale).pictures;
  const subtitle = input.handLimit
    ? w.rulesHands({ n: hands })
    : w.overSubtitle({ hands, countdown: rules.countdown, target: rules.target });
  titleBar(ctx, w.gameOver, subtitle);
  const order = [0, 1, 2, 3].sort((a, b) => placements[a] - placements[b] || a - b);
  order.forEach((seat, i) => {
    const y = top + i * rowH;
    const first = placements[seat] === 1;
    fillRound(ctx, PAD - 8, y, W - 2 * PAD + 16, rowH - 6, 12, first ? "#3b3212" : i % 2 === 0 ? COLORS.panelSolid : COLORS.panelAlt);
    const mid = y + (rowH - 6) / 2;
    medal(ctx, placements[seat], PAD + 18, mid, 15);
    nameCell(ctx, nameOf(players, seat), seat, PAD + 46, mid + 7, 470, 20);
    if (first) drawTrophy(ctx, W - PAD - 100, mid + 2, 0.55);
    drawText(ctx, signed(totals[seat]), W - PAD - 8, mid + 9, {
      size: 24,
      bold: true,
      color: first ? COLORS.gold : COLORS.text,
      align: "right",
    });
  });
  drawChart(ctx, input, PAD - 8, chartTop, W - 2 * PAD + 16, chartH);
  return canvas;
}

export function renderGameOver(input: GameOverInput, opts: RenderOptions = {}): Buffer {
  return encodePng(drawGameOver(input, opts));
}

// ---- leaderboard ---------------------------------------------------------------------------

export interface LeaderboardRow {
  rank: number;
  name: string;
  rating: number;
  games: number;
  wins: number;
  avgPointsPerHand: number;
  isBot: boolean;
}

export interface LeaderboardInput {
  title: string;
  rows: LeaderboardRow[];
  /** The language of the picture's words (default English). */
  locale?: Locale;
}

export function drawLeaderboard(input: LeaderboardInput): Canvas {
  const rows = input.rows.slice(0, 10);
  const rowH = 46;
  const top = 64 + 40;
  const H = top + rowH * Math.max(1, rows.length) + 18;
  const { canvas, ctx } = newImage(W, H);
  page(ctx, H);
  titleBar(ctx, input.title, null);
  const w = messages(input.locale).pictures;
  const col = { name: PAD + 46, rating: 470, games: 560, wins: 670, avg: W - PAD - 8 };
  ctx.font = font(12, true);
  ctx.fillStyle = COLORS.textMute;
  ctx.textAlign = "left";
  ctx.fillText(w.player, col.name, top - 14);
  ctx.textAlign = "right";
  ctx.fillText(w.rating, col.rating, top - 14);
  ctx.fillText(w.games, col.games, top - 14);
  ctx.fillText(w.winsCol, col.wins, top - 14);
  ctx.fillText(w.perHand, col.avg, top - 14);
  if (!rows.length) {
    drawText(ctx, w.noRatedGames, W / 2, top + 30, { size: 18, color: COLORS.textDim, align: "center" });
    return canvas;
  }
  rows.forEach((row, i) => {
    const y = top + i * rowH;
    fillRound(ctx, PAD - 8, y, W - 2 * PAD + 16, rowH - 6, 10, i % 2 === 0 ? COLORS.panelSolid : COLORS.panelAlt);
    const mid = y + (rowH - 6) / 2;
    medal(ctx, row.rank, PAD + 18, mid, 14);
    nameCell(ctx, { name: row.name, isBot: row.isBot }, null, col.name, mid + 7, col.rating - 80 - col.name, 19);
    drawText(ctx, String(Math.round(row.rating)), col.rating, mid + 8, { size: 21, bold: true, color: COLORS.gold, align: "right" });
    drawText(ctx, String(row.games), col.games, mid + 7, { size: 18, color: COLORS.text, align: "right" });
    const pct = row.games ? Math.round((100 * row.wins) / row.games) : 0;
    ctx.font = font(13);
    const pctText = `${pct}%`;
    const pw = ctx.measureText(pctText).width;
    drawText(ctx, pctText, col.wins, mid + 7, { size: 13, color: COLORS.textMute, align: "right" });
    drawText(ctx, String(row.wins), col.wins - pw - 8, mid + 7, { size: 18, color: COLORS.text, align: "right" });
    drawText(ctx, row.avgPointsPerHand.toFixed(1), col.avg, mid + 7, { size: 18, color: COLORS.text, align: "right" });
  });
  return canvas;
}

export function renderLeaderboard(input: LeaderboardInput): Buffer {
  return encodePng(drawLeaderboard(input));
}
