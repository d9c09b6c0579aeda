/**
 * The gate's rules (src/table/gate.ts), on records: membership of the table's server and channel,
 * a tournament's round table its own people's, the host's powers there, someone out of the
 * tournament, and which of a channel's tables a person means.
 */
import { describe, expect, it } from "vitest";
import { admit, misplacedId, pick } from "../../src/table/gate.js";
import type { SeatRecord, TableRecord } from "../../src/table/records.js";
import type { Asker, Refusal } from "../../src/table/types.js";

const G = "900000000000000001";
const C = "800000000000000001";
const seat = (n: number, userId: string | null, more: Partial<SeatRecord> = {}): SeatRecord => ({
  seat: n,
  userId,
  botLevel: userId ? null : "easy",
  name: userId ?? `Bot ${n}`,
  botControlled: false,
  timeouts: 0,
  ...more,
});
type Gated = Pick<TableRecord, "id" | "guildId" | "channelId" | "threadId" | "settings" | "seats" | "hostId">;
const table = (id: string, users: (string | null)[], o: { round?: boolean; thread?: string; host?: string; out?: string } = {}): Gated => ({
  id,
  guildId: G,
  channelId: C,
  threadId: o.thread ?? null,
  hostId: o.host ?? users[0] ?? "org",
  seats: users.map((u, n) => seat(n, u, u && u === o.out ? { out: true, botControlled: true } : {})),
  settings: { handLimit: o.round ? 4 : undefined } as TableRecord["settings"],
});
const asker = (userId: string, where: { guildId?: string | null; channelId?: string } = {}, more: Partial<Asker> = {}): Asker => ({
  userId,
  name: userId,
  where: { guildId: where.guildId === undefined ? G : where.guildId, channelId: where.channelId ?? C },
  ...more,
});
const code = (r: { record: Gated } | Refusal | null) => (r && "ok" in r ? r.code : r ? r.record.id : null);

describe("the gate", () => {
  it("admits a table only from its own server and its channel or thread", () => {
    const t = table("t", ["ann", "bob"], { thread: "th" });
    expect(admit(t, asker("cy"), "watch")).toBeNull();
    expect(admit(t, asker("cy", { channelId: "th" }), "watch")).toBeNull();
    expect(admit(t, asker("cy", { channelId: "other" }), "watch")?.code).toBe("elsewhere");
    expect(admit(t, asker("cy", { guildId: "another" }), "watch")?.code).toBe("elsewhere");
    // A table id names its channel: refused from elsewhere before anything is read.
    expect(misplacedId(`${C}-0123456789abcdef`, { guildId: G, channelId: "other" })?.code).toBe("elsewhere");
    expect(misplacedId(`${C}-0123456789abcdef`, { guildId: G, channelId: "th", parentId: C })).toBeNull();
  });

  it("keeps a round table to its people; its organiser (the host) and Manage Channels hold the host's powers there", () => {
    const t = table("r", ["ann", "bob", null, "dee"], { round: true, host: "org" });
    expect(admit(t, asker("ann"), "watch")).toBeNull();
    expect(admit(t, asker("eve"), "watch")?.code).toBe("hidden");
    expect(admit(t, asker("eve"), "host")?.code).toBe("hidden");
    expect(admit(t, asker("org"), "watch")?.code).toBe("hidden");
    expect(admit(t, asker("org"), "host")).toBeNull();
    expect(admit(t, asker("mod", {}, { canManage: true }), "host")).toBeNull();
    // An ordinary table is anyone's to watch in its channel.
    expect(admit(table("o", ["ann"]), asker("eve"), "watch")).toBeNull();
  });

  it("refuses someone out of the tournament at their old seat", () => {
    const t = table("r", ["ann", "bob", "cy", "dee"], { round: true, out: "bob" });
    expect(admit(t, asker("bob"), "watch")?.code).toBe("withdrawn");
    expect(admit(t, { userId: "bob", name: "Bob" }, "watch")?.code).toBe("withdrawn");
  });

  it("in a channel of several tables finds the asker's own, or the named player's, never just the last one", () => {
    const one = { record: table("one", ["ann", "bob", "cy", "dee"], { round: true, host: "org" }) };
    const two = { record: table("two", ["eve", "fay", "gus", "hal"], { round: true, host: "org" }) };
    expect(code(pick([one, two], asker("ann"), "watch"))).toBe("one");
    expect(code(pick([one, two], asker("hal"), "watch"))).toBe("two");
    expect(code(pick([one, two], asker("ivy"), "watch"))).toBe("hidden");
    expect(code(pick([one, two], asker("org"), "host"))).toBe("which-table");
    expect(code(pick([one, two], asker("org"), "host", "fay"))).toBe("two");
    expect(code(pick([], asker("ann"), "watch"))).toBe("no-table");
    // A thread holds one table: it is the one meant, and the gate then decides.
    expect(code(pick([two], asker("ivy"), "watch"))).toBe("two");
    // An ordinary table is the channel's for anyone.
    const casual = { record: table("casual", ["ann"]) };
    expect(code(pick([casual], asker("ivy"), "watch"))).toBe("casual");
  });
});
