/** The fair-use budgets on their own: a person's share of the server, the open cooldown's ticket. */
import { describe, expect, it } from "vitest";
import { FairUse, isTicket } from "../../src/table/fair-use.js";

const limits = { perUser: 12, perGuild: 30, windowS: 5, openCooldownS: 10 };

describe("fair use", () => {
  it("a person's first half is never refused for the server's sake; beyond it, the server's budget decides", async () => {
    const f = new FairUse(limits);
    const refusals = async (user: string, n: number) => {
      let refused = 0;
      for (let k = 0; k < n; k++) if (await f.admit(user, "g")) refused++;
      return refused;
    };
    // Five accounts at full rate: 60 asked, the server's 30 spent by their first halves alone.
    for (let u = 0; u < 5; u++) await refusals(`flood${u}`, 12);
    expect(f.refused.guild).toBeGreaterThan(0);
    expect(await refusals("calm", 6)).toBe(0);
    expect(await refusals("calm", 1)).toBe(1);
  });

  it("without a per-person budget, every interaction needs room in the server's", async () => {
    const f = new FairUse({ ...limits, perUser: 0 });
    let refused = 0;
    for (let k = 0; k < 40; k++) if (await f.admit("one", "g")) refused++;
    expect(refused).toBe(10);
  });

  it("an open takes the cooldown at once, and an open that did not happen gives it back", async () => {
    const f = new FairUse(limits);
    const [a, b] = await Promise.all([f.takeOpen("ann"), f.takeOpen("ann")]);
    expect([a, b].filter(isTicket)).toHaveLength(1);
    const ticket = [a, b].find(isTicket)!;
    await ticket.settle();
    const again = await f.takeOpen("ann");
    expect(isTicket(again)).toBe(true);
    if (isTicket(again)) again.keep();
    if (isTicket(again)) await again.settle();
    expect(isTicket(await f.takeOpen("ann"))).toBe(false);
  });
});
