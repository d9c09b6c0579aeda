/**
 * Finding tables, for the table service: a person's reads through the gate (gate.ts: who asks and
 * where, the only way src/discord and src/activity reach a table), the domain's own (opening a
 * table checks its channel), and the system's readers of the domain's updates.
 */
import { sentence } from "../i18n/index.js";
import { admit, misplacedId, pick } from "./gate.js";
import { viewOf, type LiveTable } from "./live.js";
import type { TableRegistry } from "./registry.js";
import type { Store } from "./store.js";
import { refuse, type Asker, type Outcome, type Purpose, type TableView } from "./types.js";

/**
 * The system's readers (the presenter of updates, the menus' refresher, metrics): open tables in
 * memory, by id or place, read for no person. A person's request never uses them
 * (test/house/gate.test.ts allows them only in src/discord/presenting and src/discord/bot).
 */
export interface SystemTables {
  openTable(tableId: string): TableView | null;
  /** Every open table in a channel or thread (a tournament's channel holds several). */
  tablesIn(channelId: string): TableView[];
  /** The open table in a channel or thread (the first of several). */
  tableIn(channelId: string): TableView | null;
}

export interface TableFinderDeps {
  registry: TableRegistry<LiveTable>;
  store: Pick<Store, "findOpenTable">;
  load(tableId: string): Promise<LiveTable | null>;
}

export class TableFinder {
  readonly system: SystemTables;

  constructor(private readonly deps: TableFinderDeps) {
    this.system = {
      openTable: (tableId) => {
        const live = deps.registry.get(tableId);
        return live ? viewOf(live) : null;
      },
      tablesIn: (channelId) => deps.registry.allIn(channelId).map(viewOf),
      tableIn: (channelId) => this.system.tablesIn(channelId)[0] ?? null,
    };
  }

  /** The table a person means where they ask: memory first (every open table is there after a resume), the store for one not loaded yet. */
  async here(asker: Asker, purpose: Purpose, about?: string | null): Promise<Outcome<{ table: TableView }>> {
    let here = this.deps.registry.allIn(asker.where.channelId);
    if (!here.length) {
      const record = await this.deps.store.findOpenTable(asker.where.channelId);
      const loaded = record ? await this.deps.load(record.id) : null;
      here = loaded && !loaded.closed ? [loaded] : [];
    }
    const live = pick(here, asker, purpose, about);
    return "ok" in live ? live : admitted(live, asker, purpose);
  }

  /** A table by id, open or closed; an id naming another channel is refused before any read. */
  async at(tableId: string, asker: Asker, purpose: Purpose, memoryOnly: boolean): Promise<Outcome<{ table: TableView }>> {
    const misplaced = misplacedId(tableId, asker.where);
    if (misplaced) return misplaced;
    const live = memoryOnly ? this.deps.registry.get(tableId) : await this.deps.load(tableId);
    if (!live) return refuse("no-table", sentence("refusals", "noTable"));
    return admitted(live, asker, purpose);
  }

  /** The open table in a channel or thread, from memory or the store: the domain's own (one open table a channel), never a person's read. */
  async findOpen(channelId: string): Promise<TableView | null> {
    const live = this.deps.registry.in(channelId);
    if (live) return viewOf(live);
    const record = await this.deps.store.findOpenTable(channelId);
    const loaded = record ? await this.deps.load(record.id) : null;
    return loaded ? viewOf(loaded) : null;
  }
}

function admitted(live: LiveTable, asker: Asker, purpose: Purpose): Outcome<{ table: TableView }> {
  return admit(live.record, asker, purpose) ?? { ok: true, table: viewOf(live) };
}
