/**
 * Pictures for the Discord layer. Rendering never stops the game: a failed render is logged and the
 * message goes out with text only.
 */
import * as render from "../index.js";
import type { PlayerLabel } from "../index.js";
import type { Card, HandResult, PublicView, Rules, TrickRecord } from "../../game/index.js";
import type { Logger } from "../../log.js";
import type { Locale } from "../../i18n/index.js";
import type { TableRecord } from "../../table/records.js";
import { tableLocale } from "../../table/options.js";
import type { LoadGauge } from "./load.js";
import { PicturesUnavailable, type RenderMethod, type RenderProcess, type Renderer } from "./render-process.js";

export type { Renderer };
import { isBotSeat } from "../../table/seats.js";

export const canvasRenderer: Renderer = render;

/** Optional pictures step aside while this many wait for the picture process (about half a second of drawing). */
const MAX_BACKLOG = 12;

/** One paced job's pictures: drawn on the picture process, then picked up by the job's last pass. */
interface Session {
  round: number;
  ready: Map<string, Buffer | null>;
  missing: { key: string; what: string; table: string | null; method: RenderMethod; args: unknown[] }[];
}

/** The players as a picture names them: their names, and which seats computer players hold. */
function labels(record: TableRecord): PlayerLabel[] {
  const out: PlayerLabel[] = [];
  for (const s of record.seats) out[s.seat] = { name: s.name, isBot: isBotSeat(s) };
  return out;
}

export class Images {
  private session: Session | null = null;
  /** Pictures that could not be drawn and went out as text (metrics). */
  failed = 0;

  constructor(
    private readonly renderer: Renderer | null,
    private readonly log: Logger,
    private readonly load: Pick<LoadGauge, "busy" | "skipped"> | null = null,
    /** Draws in a child process (only for the canvas renderer); null: draw inline. */
    private readonly offload: RenderProcess | null = null,
  ) {}

  /** Whether a picture that is nice but not needed should be drawn now. */
  private optional(): boolean {
    if (!this.busy) return true;
    if (this.load && (!this.session || this.session.round === 0)) this.load.skipped++;
    return false;
  }

  private run<M extends RenderMethod>(what: string, table: string | null, method: M, ...args: Parameters<Renderer[M]>): Buffer | null {
    if (!this.renderer) return null;
    const s = this.session;
    if (s) {
      // Inside paced(): the picture comes from the picture process; this pass only notes it.
      const key = `${method}${JSON.stringify(args)}`;
      const png = s.ready.get(key);
      if (png !== undefined) return png;
      s.missing.push({ key, what, table, method, args });
      return null;
    }
    try {
      return (this.renderer[method] as (...a: unknown[]) => Buffer)(...args);
    } catch (err) {
      this.failed++;
      this.log.error({ table, err, image: what }, "could not draw an image; sending text only");
      return null;
    }
  }

  /** Whether pictures are drawn off the main thread (then pacer jobs go through paced()). */
  get offloaded(): boolean {
    return !!this.renderer && !!this.offload?.available;
  }

  /**
   * Builds a message whose pictures are drawn on the picture process: `build` runs once to learn
   * which pictures it wants (building a message without them is cheap), they are drawn, and
   * `build` runs again with them. Whatever changed meanwhile is drawn in another round.
   */
  async paced<T>(lane: number, build: () => T): Promise<T> {
    const s: Session = { round: 0, ready: new Map(), missing: [] };
    for (;;) {
      s.missing = [];
      this.session = s;
      let out: T;
      try {
        out = build();
      } finally {
        this.session = null;
      }
      if (!s.missing.length || s.round >= 3) return out;
      s.round++;
      await Promise.all(
        s.missing.map(async (m) => {
          const png = await this.offload!.render(m.method, m.args, lane).catch((err: Error) => {
            this.failed++;
            // A picture process restarting was logged once by itself; each picture it refuses is not.
            if (!(err instanceof PicturesUnavailable))
              this.log.error({ table: m.table, err: err.message, image: m.what }, "could not draw an image; sending text only");
            return null;
          });
          s.ready.set(m.key, png);
        }),
      );
    }
  }

  /** Pictures queued or being drawn by the picture process. */
  get backlog(): number {
    return this.offload?.backlog ?? 0;
  }

  get busy(): boolean {
    return !!this.load?.busy || (this.offloaded && this.offload!.backlog > MAX_BACKLOG);
  }

  table(record: TableRecord, view: PublicView | null, status?: string): Buffer | null {
    return this.run(
      "table",
      record.id,
      "renderTable",
      { players: labels(record), view, status, locale: tableLocale(record) },
      { fourColour: record.settings.fourColourDeck },
    );
  }

  /** Optional: under load the menu lists the hand as text. */
  hand(
    cards: Card[],
    legal: Card[],
    selected: Card[],
    style?: { fourColour: boolean; largeIndex: boolean },
    locale?: Locale,
  ): Buffer | null {
    if (!this.optional()) return null;
    return style || locale
      ? this.run("hand", null, "renderHand", { cards, legal, selected }, { ...style, ...(locale ? { locale } : {}) })
      : this.run("hand", null, "renderHand", { cards, legal, selected });
  }

  /** Optional: under load the thread gets the trick's caption only. */
  trick(record: TableRecord, trick: TrickRecord, trickNumber: number, heartsBrokenNow: boolean, queenFell: boolean): Buffer | null {
    if (!this.optional()) return null;
    return this.run(
      "trick",
      record.id,
      "renderTrick",
      { players: labels(record), trick, trickNumber, rules: record.rules, heartsBrokenNow, queenFell, locale: tableLocale(record) },
      { fourColour: record.settings.fourColourDeck },
    );
  }

  handSummary(record: TableRecord, result: HandResult): Buffer | null {
    return this.run("hand-summary", record.id, "renderHandSummary", {
      players: labels(record),
      result,
      rules: record.rules,
      handLimit: record.settings.handLimit,
      locale: tableLocale(record),
    });
  }

  leaderboard(title: string, rows: Parameters<Renderer["renderLeaderboard"]>[0]["rows"], locale?: Locale): Buffer | null {
    return this.run("leaderboard", null, "renderLeaderboard", { title, rows, locale });
  }

  dailyBoard(input: Parameters<Renderer["renderDailyBoard"]>[0]): Buffer | null {
    return this.run("daily-board", null, "renderDailyBoard", input);
  }

  tournamentStandings(input: Parameters<Renderer["renderTournamentStandings"]>[0]): Buffer | null {
    return this.run("tournament-standings", null, "renderTournamentStandings", input);
  }

  season(input: Parameters<Renderer["renderSeason"]>[0]): Buffer | null {
    return this.run("season", null, "renderSeason", input);
  }

  tournamentPodium(input: Parameters<Renderer["renderTournamentPodium"]>[0]): Buffer | null {
    return this.run("tournament-podium", null, "renderTournamentPodium", input);
  }

  gameOver(record: TableRecord, history: HandResult[], totals: number[], placements: number[], rules: Rules): Buffer | null {
    return this.run("game-over", record.id, "renderGameOver", {
      players: labels(record),
      history,
      totals,
      placements,
      rules,
      handLimit: record.settings.handLimit,
      locale: tableLocale(record),
    });
  }
}
