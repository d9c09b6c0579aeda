/**
 * Keeps players' open private menus up to date: after every change, the menus of the people the
 * game now waits for (or of everyone, at a new hand or the end) are redrawn through their
 * interaction webhooks (outside Discord's global limit), built when they are sent.
 */
import type { SavedMenu } from "../../table/store.js";
import { tableLocale } from "../../table/options.js";
import type { TableService } from "../../table/service.js";
import type { TableView } from "../../table/types.js";
import type { Images } from "../../render/runtime/images.js";
import type { Menus } from "./menus.js";
import { Lane, type Pacer } from "../../render/runtime/pacer.js";
import { handMenu } from "../views/hand-menu.js";
import type { DeckStyles } from "./deck-styles.js";

export interface MenuRefresherDeps {
  service: TableService;
  images: Images;
  menus: Menus;
  pacer: Pacer;
  /** Players' deck styles, as known without waiting (see ../views/deck.ts). */
  decks?: DeckStyles;
}

export class MenuRefresher {
  constructor(private readonly deps: MenuRefresherDeps) {}

  /** Refreshes the open menus of the people the game now waits for (or of every person). */
  awaited(table: TableView, everyone: boolean): void {
    if (!table.game) return;
    const seats = everyone ? [0, 1, 2, 3] : table.awaiting;
    for (const seat of seats) this.seat(table, seat);
  }

  seat(table: TableView, seat: number): void {
    const rec = table.record.seats.find((s) => s.seat === seat);
    if (!rec?.userId) return;
    const userId = rec.userId;
    const id = table.record.id;
    this.deps.menus.refresh(id, userId, (known) =>
      this.deps.pacer.run(Lane.Menu, () => {
        // Built when it is sent, from the table as it is then, in the player's language (the
        // table's while it is not known, after a restart).
        const now = this.deps.service.current(table);
        const locale = known ?? tableLocale(now.record);
        const view = now.handOf(userId);
        if (!view) return null;
        const selected =
          view.phase === "passing" && !view.passed ? this.deps.menus.pickedFor(id, userId, view.handIndex, view.hand) : undefined;
        return handMenu(now, view, this.deps.images, {
          selected,
          deadline: now.deadline(seat),
          locale,
          deck: this.deps.decks?.peek(userId),
        });
      }),
    );
  }

  /**
   * After a restart: the menus players still had open (their tokens still valid) are brought up to
   * date at once, instead of showing a stale "waiting" until someone presses Refresh.
   */
  restore(saved: SavedMenu[]): number {
    let restored = 0;
    for (const m of saved) {
      const table = this.deps.service.system.openTable(m.tableId);
      const seat = table?.record.seats.find((s) => s.userId === m.userId);
      if (!table || !seat || !this.deps.menus.restore(m)) continue;
      this.seat(table, seat.seat);
      restored++;
    }
    return restored;
  }

  /** The table closed: its menus get their last refresh ("closed") before they are forgotten. */
  forgetSoon(tableId: string): void {
    setTimeout(() => this.deps.menus.forgetTable(tableId), 5_000).unref?.();
  }
}
