/**
 * The game just over in each channel or thread, for a page opened after its end: it shows the
 * final scores, who won and Rematch, as a page that was open at the end does (the channel has no
 * open table then). Held in memory, the latest few thousand channels: a restart forgets them (the
 * chat's game-over message still offers Rematch), and a new table in the channel is found first.
 */
import type { TableService } from "../table/service.js";
import type { Asker, Outcome, TableUpdate, TableView } from "../table/types.js";

/** Channels remembered at most (the oldest goes first): a few thousand ids, a few hundred kB at worst. */
const MAX_CHANNELS = 5000;

export class LastGames {
  private readonly ids = new Map<string, string>();

  constructor(private readonly max = MAX_CHANNELS) {}

  /** Every table update: a finished game is remembered where it was played. */
  saw(table: TableView, update: TableUpdate): void {
    if (update.type !== "closed" || update.reason !== "finished") return;
    const { channelId, threadId, id } = table.record;
    for (const ch of threadId ? [channelId, threadId] : [channelId]) {
      this.ids.delete(ch);
      this.ids.set(ch, id);
      if (this.ids.size > this.max) this.ids.delete(this.ids.keys().next().value!);
    }
  }

  /**
   * What a page opened by `asker` shows, as the domain's gate lets them see it: the open table where
   * they opened it (their own among a tournament's), else the game just over there (its scores and
   * Rematch), else the gate's refusal.
   */
  async here(service: Pick<TableService, "tableHere" | "tableAt">, asker: Asker): Promise<Outcome<{ table: TableView }>> {
    const open = await service.tableHere(asker);
    const id = open.ok || open.code !== "no-table" ? undefined : this.ids.get(asker.where.channelId);
    const last = id ? await service.tableAt(id, asker) : null;
    return last && (!last.ok || last.table.record.status === "finished") ? last : open;
  }
}
