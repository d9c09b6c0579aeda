/** Forgetting a person at one open table (src/table/privacy.ts), as a pure change of its record. */
import { describe, expect, it } from "vitest";
import { forgotten } from "../../src/table/privacy.js";
import { tableRecord } from "./fixtures.js";

describe("a person forgotten at a table", () => {
  it("leaves their seat to an anonymous computer player of the table's level, and the host passes to a person still playing", () => {
    const record = tableRecord(null, { people: 3, settings: { botLevel: "hard" } });
    const away = { ...record, seats: record.seats.map((s) => (s.seat === 1 ? { ...s, botControlled: true } : s)) };
    const change = forgotten(away, "u0", "Former player")!;
    expect(change.seat).toBe(0);
    expect(change.patch.seats![0]).toEqual({
      seat: 0,
      userId: null,
      botLevel: "hard",
      name: "Former player",
      botControlled: false,
      timeouts: 0,
    });
    expect(change.patch.seats!.slice(1)).toEqual(away.seats.slice(1));
    // Seat 1's person is away (a computer player holds it): the host passes to seat 2's.
    expect(change.patch.hostId).toBe("u2");
  });

  it("as a host who left their seat: only the host passes on; at a table they are not at: nothing", () => {
    const record = { ...tableRecord(null, { people: 2 }), hostId: "u9" };
    expect(forgotten(record, "u9", "Former player")).toEqual({ patch: { seats: record.seats, hostId: "u0" }, seat: null });
    expect(forgotten(record, "u7", "Former player")).toBeNull();
  });
});
