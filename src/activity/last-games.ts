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

  /** The finished game last played where `asker` opened the page, as the store has it and the domain's gate lets them see it; null if none is remembered. */
  async find(service: Pick<TableService, "tableAt">, asker: Asker): Promise<Outcome<{ table: TableView }> | null> {
    const id = this.ids.get(asker.where.channelId);
    const r = id ? await service.tableAt(id, asker) : null;
    return r && (!r.ok || r.table.record.status === "finished") ? r : null;
  }
}
