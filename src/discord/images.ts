/**
 * Pictures for the Discord layer. Rendering never stops the game: a failed render is logged and the
 * message goes out with text only.
 */
import * as render from "../render/index.js";
import type { Card, HandResult, PublicView, Rules, TrickRecord } from "../game/index.js";
import type { Logger } from "../log.js";
import type { TableRecord } from "../store/types.js";
import type { LoadGauge } from "./load.js";
import { labels } from "./views.js";

export type Renderer = Pick<typeof render, "renderTrick" | "renderTable" | "renderHand" | "renderHandSummary" | "renderGameOver" | "renderLeaderboard">;

export const canvasRenderer: Renderer = render;

export class Images {
  constructor(
    private readonly renderer: Renderer | null,
    private readonly log: Logger,
    private readonly load: Pick<LoadGauge, "busy" | "skipped"> | null = null,
  ) {}

  /** Whether a picture that is nice but not needed should be drawn now. */
  private optional(): boolean {
    if (!this.load?.busy) return true;
    this.load.skipped++;
    return false;
  }

  private run(what: string, table: string | null, fn: (r: Renderer) => Buffer): Buffer | null {
    if (!this.renderer) return null;
    try {
      return fn(this.renderer);
    } catch (err) {
      this.log.error({ table, err, image: what }, "could not draw an image; sending text only");
      return null;
    }
  }

  get busy(): boolean {
    return !!this.load?.busy;
  }

  table(record: TableRecord, view: PublicView | null, status?: string): Buffer | null {
    return this.run("table", record.id, (r) => r.renderTable({ players: labels(record), view, status }, { fourColour: record.settings.fourColourDeck }));
  }

  /** Optional: under load the menu lists the hand as text. */
  hand(cards: Card[], legal: Card[], selected: Card[]): Buffer | null {
    if (!this.optional()) return null;
    return this.run("hand", null, (r) => r.renderHand({ cards, legal, selected }));
  }

  /** Optional: under load the thread gets the trick's caption only. */
  trick(record: TableRecord, trick: TrickRecord, trickNumber: number, heartsBrokenNow: boolean, queenFell: boolean): Buffer | null {
    if (!this.optional()) return null;
    return this.run("trick", record.id, (r) =>
      r.renderTrick({ players: labels(record), trick, trickNumber, rules: record.rules, heartsBrokenNow, queenFell }, { fourColour: record.settings.fourColourDeck }),
    );
  }

  handSummary(record: TableRecord, result: HandResult): Buffer | null {
    return this.run("hand-summary", record.id, (r) => r.renderHandSummary({ players: labels(record), result, rules: record.rules }));
  }

  leaderboard(title: string, rows: Parameters<Renderer["renderLeaderboard"]>[0]["rows"]): Buffer | null {
    return this.run("leaderboard", null, (r) => r.renderLeaderboard({ title, rows }));
  }

  gameOver(record: TableRecord, history: HandResult[], totals: number[], placements: number[], rules: Rules): Buffer | null {
    return this.run("game-over", record.id, (r) => r.renderGameOver({ players: labels(record), history, totals, placements, rules }));
  }
}
