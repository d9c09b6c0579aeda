/**
 * People playing a table through the fake Discord only: open it, join, start, and act from their
 * private menus as a person would (pick 3 cards and pass, press an enabled card, choose the moon).
 * Works against the bot in this process or in another one (nothing here reads the bot's memory).
 */
import { decodeId } from "../../src/discord/interactions/ids.js";
import type { Rng } from "../../src/game/index.js";
import type { FakeDiscord, FakeMessage, FakeUser, InteractionHandle } from "../fake-discord/server.js";

export const controls = (msg: FakeMessage | null | undefined): any[] => (msg?.components ?? []).flatMap((r: any) => r.components ?? []);
export const verbOf = (c: any): string | undefined => (typeof c?.custom_id === "string" ? decodeId(c.custom_id)?.verb : undefined);

/** The latest public table message in a channel. */
export function tableMessageIn(fake: FakeDiscord, channelId: string): FakeMessage | null {
  let best: FakeMessage | null = null;
  for (const m of fake.messages.values()) {
    if (m.channel_id !== channelId || m.deleted || m.visibleTo !== null || m.embeds?.[0]?.title !== "♥ Hearts") continue;
    if (!best || BigInt(m.id) > BigInt(best.id)) best = m;
  }
  return best;
}

export function tableIdOfMessage(msg: FakeMessage | null): string | null {
  for (const c of controls(msg)) {
    const id = typeof c.custom_id === "string" ? decodeId(c.custom_id) : null;
    if (id) return id.tableId;
  }
  return null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for an interaction's acknowledgement; false if none came within Discord's 3 s. */
export async function acked(h: InteractionHandle): Promise<boolean> {
  try {
    await h.ack;
    return true;
  } catch {
    return false;
  }
}

export interface DriverOptions {
  /** Game length: the target score (small games finish quickly). */
  target?: number;
  /** Called with every interaction the driver sends (so a suite can judge its answer too). */
  onSend?: (h: InteractionHandle) => void;
  /** Whether the table is over (default: a "Game over" post or a closed table message seen). */
  isOver?: (tableId: string) => Promise<boolean> | boolean;
}

export class TableDriver {
  tableId: string | null = null;
  /** Each person's latest private menu message. */
  readonly menus = new Map<string, string>();
  private lastAct = new Map<string, number>();
  /** Actions the bot confirmed with ✅: "tableId:version:verb:user". */
  readonly confirmed: Array<{ tableId: string; version: number; userId: string; customId: string; text: string }> = [];
  games = 0;
  /** What the bot answered when a table did not open. */
  readonly openFailures: string[] = [];

  constructor(
    readonly fake: FakeDiscord,
    readonly channelId: string,
    readonly humans: FakeUser[],
    private readonly rng: Rng,
    private readonly opts: DriverOptions = {},
  ) {
    // An action counts as acknowledged when the bot's answer to that very interaction says ✅.
    this.off = fake.onCall((call) => {
      const p = call.token ? this.pending.get(call.token) : undefined;
      if (!p || call.status >= 300) return;
      const msg = call.path.startsWith("/interactions/") ? call.body?.data : call.body;
      const text = [msg?.content ?? "", ...(msg?.embeds ?? []).map((e: any) => e.description ?? "")].join("\n");
      const m = /✅ (You played [^\n.]*|You passed [^\n.]*|Your moon choice is in)/.exec(text);
      if (m) {
        this.pending.delete(call.token!);
        this.confirmed.push({ ...p, text: m[1] });
      }
    });
  }

  private readonly pending = new Map<string, { tableId: string; version: number; userId: string; customId: string }>();
  private readonly off: () => void;

  stop(): void {
    this.off();
  }

  private send(h: InteractionHandle): InteractionHandle {
    this.opts.onSend?.(h);
    return h;
  }

  /** The host opens a table, the others join, the host starts. Returns false if it did not open. */
  async open(): Promise<boolean> {
    const [host, ...others] = this.humans;
    const before = tableMessageIn(this.fake, this.channelId)?.id ?? null;
    const opened = this.send(
      this.fake.slashCommand(host, "hearts", { subcommand: "new", options: { target: this.opts.target ?? 30 } }, this.channelId),
    );
    if (!(await acked(opened))) return false;
    const table = await this.fake
      .waitFor(
        () => {
          const m = tableMessageIn(this.fake, this.channelId);
          return m && m.id !== before && controls(m).some((c) => verbOf(c) === "join") ? m : null;
        },
        5000,
        "the new table message",
      )
      .catch(() => null);
    if (!table) {
      const said = opened.reply();
      this.openFailures.push(
        said
          ? [said.content, ...(said.embeds ?? []).map((e: any) => e.description ?? "")].join(" ").trim() || "(no answer)"
          : "(no answer)",
      );
      return false;
    }
    this.tableId = tableIdOfMessage(table);
    this.menus.clear();
    for (const u of others) {
      const join = controls(table).find((c) => verbOf(c) === "join");
      if (join) await acked(this.send(this.fake.clickButton(u, table.id, join.custom_id)));
    }
    const start = controls(tableMessageIn(this.fake, this.channelId)).find((c) => verbOf(c) === "start");
    if (!start) return false;
    const h = this.send(this.fake.clickButton(host, tableMessageIn(this.fake, this.channelId)!.id, start.custom_id));
    if (!(await acked(h))) return false;
    // The host's answer to Start is their menu.
    const menu = await h.waitForResponse((m) => controls(m).length > 0, 5000).catch(() => null);
    if (menu) this.menus.set(host.id, menu.id);
    this.games++;
    return true;
  }

  /** Opens (or reopens) a person's menu with /hearts hand. */
  async reopen(u: FakeUser): Promise<void> {
    if (!this.fake.channels.has(this.channelId)) return;
    const h = this.send(this.fake.slashCommand(u, "hearts", { subcommand: "hand" }, this.channelId));
    if (!(await acked(h))) return;
    const menu = await h.waitForResponse((m) => controls(m).length > 0, 5000).catch(() => null);
    if (menu) this.menus.set(u.id, menu.id);
    this.lastAct.set(u.id, Date.now());
  }

  menuOf(u: FakeUser): FakeMessage | null {
    const id = this.menus.get(u.id);
    const m = id ? this.fake.messages.get(id) : undefined;
    return m && !m.deleted ? m : null;
  }

  /** Each person does what their menu offers now. Returns how many acted. */
  async step(): Promise<number> {
    let acted = 0;
    await Promise.all(
      this.humans.map(async (u) => {
        try {
          if (await this.act(u)) acted++;
        } catch (e) {
          // The fake refuses only what no client could do (a click in a deleted channel or message).
          if (!String(e).includes("fake Discord")) throw e;
        }
      }),
    );
    return acted;
  }

  private async act(u: FakeUser): Promise<boolean> {
    const menu = this.menuOf(u);
    const now = Date.now();
    if (!menu) {
      await this.reopen(u);
      return false;
    }
    const cs = controls(menu);
    const pick = cs.find((c) => verbOf(c) === "pick");
    const pass = cs.find((c) => verbOf(c) === "pass" && !c.disabled);
    const plays = cs.filter((c) => (verbOf(c) === "play" || verbOf(c) === "moon") && !c.disabled);
    let h: InteractionHandle | null = null;
    let used = "";
    if (pass) h = this.fake.clickButton(u, menu.id, (used = pass.custom_id));
    else if (pick && pick.options?.length >= 3) {
      const values = pick.options.map((o: any) => o.value as string);
      const chosen: string[] = [];
      while (chosen.length < 3) {
        const v = values[this.rng.int(values.length)];
        if (!chosen.includes(v)) chosen.push(v);
      }
      h = this.fake.selectMenu(u, menu.id, pick.custom_id, chosen);
    } else if (plays.length) h = this.fake.clickButton(u, menu.id, (used = plays[this.rng.int(plays.length)].custom_id));
    if (!h) {
      // Nothing to do on this menu for a while: it may be out of date (a refresh lost), reopen it.
      if (now - (this.lastAct.get(u.id) ?? 0) > 1500) await this.reopen(u);
      return false;
    }
    this.send(h);
    this.lastAct.set(u.id, now);
    const id = used ? decodeId(used) : null;
    if (id && "version" in id) this.pending.set(h.token, { tableId: id.tableId, version: id.version, userId: u.id, customId: used });
    const edits = menu.edits;
    if (!(await acked(h))) return false;
    await h.waitForEdit(edits, 3000).catch(() => undefined);
    return true;
  }

  /** Plays until the game is over or `ms` pass; true when over. */
  async playToEnd(ms: number): Promise<boolean> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (this.tableId && (await this.over())) return true;
      const n = await this.step();
      if (!n) await sleep(20);
    }
    return false;
  }

  async over(): Promise<boolean> {
    if (!this.tableId) return false;
    if (this.opts.isOver) return this.opts.isOver(this.tableId);
    return this.postedOver();
  }

  /** Whether the game's Game over post (with its Rematch button) is in the channel or its thread. */
  async postedOver(): Promise<boolean> {
    for (const m of this.fake.messages.values()) {
      if (m.visibleTo !== null || !m.content.includes("Game over")) continue;
      const ch = this.fake.channels.get(m.channel_id);
      if (
        (m.channel_id === this.channelId || ch?.parent_id === this.channelId) &&
        controls(m).some((c) => decodeId(c.custom_id ?? "")?.tableId === this.tableId)
      )
        return true;
    }
    return false;
  }
}
