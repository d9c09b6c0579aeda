/**
 * A season's table (src/table/tournament/season.ts): place, name, the season's percentage (the
 * average of the person's nights) and the nights played; the people not ranked yet (fewer nights
 * than the season's minimum) below, dimmed, with a tag. Drawn as the tournament's standings are
 * (./ranked.ts), its words given in the reader's language by the presenter.
 */
import type { Canvas } from "canvas";
import { drawPill, medal, pillWidth, type PillStyle } from "./draw.js";
import { encodePng } from "./png.js";
import { drawRankedList, MAX_ROWS, PAD, percentText } from "./ranked.js";
import { COLORS, WIDTH } from "./theme.js";
import { cutName, drawText } from "./text.js";
import type { Locale } from "../i18n/index.js";

export interface SeasonPictureRow {
  /** Among the ranked; null: not ranked yet. */
  place: number | null;
  name: string;
  percent: number;
  nights: number;
}

export interface SeasonPictureInput {
  title: string;
  /** "after night 3 of 8" */
  subtitle: string;
  columns: { player: string; percent: string; nights: string };
  /** The tag beside someone not ranked yet, and its explanation in the footer. */
  waiting: { tag: string; legend: string };
  /** Ranked first, best first, then the others. */
  rows: SeasonPictureRow[];
  more: string | null;
  locale?: Locale;
}

const TAG: PillStyle = { bg: COLORS.panelAlt, fg: COLORS.textDim, size: 10 };

export function drawSeason(input: SeasonPictureInput): Canvas {
  const col = { percent: 600, nights: WIDTH - PAD - 8 };
  const c = input.columns;
  return drawRankedList({
    title: input.title,
    subtitle: input.subtitle,
    heads: [c.player, { text: c.percent, x: col.percent }, { text: c.nights, x: col.nights }],
    rows: input.rows,
    more: input.more,
    legend: input.rows.slice(0, MAX_ROWS).some((r) => r.place === null) ? { ...input.waiting, style: TAG } : null,
    row(ctx, row, { mid, name }) {
      const ranked = row.place !== null;
      if (row.place !== null) medal(ctx, row.place, PAD + 16, mid, 13);
      const tagW = ranked ? 0 : pillWidth(ctx, input.waiting.tag, TAG) + 8;
      const f = drawText(ctx, cutName(row.name, 28), name, mid + 6, {
        size: 17,
        color: ranked ? COLORS.text : COLORS.textDim,
        maxWidth: col.percent - 110 - name - tagW,
      });
      if (!ranked) drawPill(ctx, input.waiting.tag, name + f.width + 8, mid, TAG);
      drawText(ctx, percentText(row.percent, input.locale), col.percent, mid + 7, {
        size: 19,
        bold: true,
        color: ranked ? COLORS.gold : COLORS.textDim,
        align: "right",
      });
      drawText(ctx, String(row.nights), col.nights, mid + 6, { size: 16, color: COLORS.textDim, align: "right" });
    },
  });
}

export function renderSeason(input: SeasonPictureInput): Buffer {
  return encodePng(drawSeason(input));
}
