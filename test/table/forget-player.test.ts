/** "Forget me" at open tables: the person leaves, and a seat they hold in a game becomes an anonymous computer player. */
import { describe, expect, it } from "vitest";
import { alice, bob, carol, openTable, playOut, setup } from "./service-helpers.js";

describe("forgetPlayer", () => {
  it("in a game: the seat becomes an anonymous computer player, the host passes on, and the game plays to its end", async () => {
    const s = setup({ settings: { fillWithBots: true } });
    const id = await openTable(s, [alice, bob, carol]);
    expect((await s.service.start(id, alice)).ok).toBe(true);
    expect(await s.service.forgetPlayer(alice.userId, "Former player")).toBe(1);
    const t = (await s.service.get(id))!;
    expect(t.record.seats[0]).toMatchObject({ userId: null, name: "Former player", botControlled: false });
    expect(JSON.stringify(t.record)).not.toContain(alice.userId);
    expect(t.record.hostId).toBe(bob.userId);
    await playOut(s, id, [bob, carol]);
    expect((await s.service.get(id))!.record.status).toBe("finished");
    expect(JSON.stringify(s.store.finished)).not.toContain(alice.userId);
  }, 20_000);

  it("in a lobby: the person leaves as if they pressed Leave", async () => {
    const s = setup();
    const id = await openTable(s, [alice, bob]);
    expect(await s.service.forgetPlayer(bob.userId, "Former player")).toBe(1);
    expect((await s.service.get(id))!.record.seats.map((x) => x.userId)).toEqual([alice.userId]);
    expect(await s.service.forgetPlayer(carol.userId, "Former player")).toBe(0);
  });

  it("drops the person's face the table knew from their clicks (a chat player's avatar), and keeps the others'", async () => {
    const s = setup({ settings: { fillWithBots: true } });
    const face = (n: number) => String(n).repeat(32);
    const [a, b] = [
      { ...alice, avatar: face(1) },
      { ...bob, avatar: face(2) },
    ];
    const id = await openTable(s, [a, b, { ...carol, avatar: "../not-a-hash" }]);
    const view = (await s.service.get(id))!;
    expect([alice, bob, carol].map((p) => view.faceOf(p.userId))).toEqual([face(1), face(2), null]);
    expect(await s.service.forgetPlayer(alice.userId, "Former player")).toBe(1);
    expect([alice, bob].map((p) => s.service.current(view).faceOf(p.userId))).toEqual([null, face(2)]);
  });
});
