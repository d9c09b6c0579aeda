/** Game review from the store: the person's last finished game is found, reviewed at their seat, and the review kept. */
import { expect, it } from "vitest";
import { decide } from "../../src/ai/index.js";
import { apply, awaiting, createGame, presetRules, viewFor, type Seat } from "../../src/game/index.js";
import { ReviewService } from "../../src/table/review.js";
import { openStore } from "../../src/store/index.js";
import { SETTINGS, tempDb } from "./helpers.js";

it("finds the person's last finished game in the store, reviews their seat, and keeps the review", async () => {
  const db = tempDb();
  const store = await openStore(db.url);
  try {
    const rules = { ...presetRules("classic")!, target: 20 };
    const t = await store.createTable({
      guildId: "g",
      channelId: "c",
      hostId: "ann",
      rules,
      settings: SETTINGS,
      deal: { format: 1, seed: 11 },
      seats: [],
    });
    let state = createGame(rules, 11);
    let seq = 0;
    while (state.phase !== "game-over") {
      for (const seat of awaiting(state)) {
        const action = decide(viewFor(state, seat as Seat), "medium", { seed: seq, samples: 4 });
        const r = apply(state, action);
        if (!r.ok) throw new Error(r.reason);
        state = r.state;
        expect(await store.appendAction(t.id, seq++, seat, action)).toEqual({ ok: true });
      }
    }
    const players = [0, 1, 2, 3].map((seat) => ({
      seat,
      userId: seat === 2 ? "ann" : null,
      botLevel: seat === 2 ? null : ("medium" as const),
      name: `p${seat}`,
      total: state.totals[seat],
      place: state.placements![seat],
    }));
    await store.recordFinishedGame({
      tableId: t.id,
      guildId: "g",
      rules,
      rated: false,
      players,
      hands: state.history.map((h) => ({
        change: h.change,
        handPoints: h.handPoints,
        moonShooter: h.moon?.shooter ?? null,
        queenTakenBy: h.queenTakenBy,
        jackTakenBy: h.jackTakenBy,
      })),
      finishedAt: new Date(),
    });
    const svc = new ReviewService({ store, bots: { decide: async () => Promise.reject(new Error("unused")) }, samples: 16 });
    const source = await svc.lastGame("g", "ann");
    expect(source).toMatchObject({ key: `table:${t.id}`, seat: 2, deal: { format: 1, seed: 11 } });
    expect(await svc.lastGame("g", "bob")).toBeNull();
    const r = await svc.review("ann", source!);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.review.decisions).toBeGreaterThan(10);
    expect(r.review.top.every((d) => d.seat === 2)).toBe(true);
    expect(JSON.parse((await store.getCached("review", `table:${t.id}|ann`))!)).toEqual(r.review);
  } finally {
    await store.close();
    db.cleanup();
  }
}, 30_000);
