/**
 * Skill ratings for 4-player free-for-all Hearts, with openskill (Weng-Lin, Plackett-Luce):
 * a maintained multiplayer rating model rather than a hand-rolled Elo variant. Pure functions.
 */
import { ordinal, rate, rating } from "openskill";

export interface Skill {
  mu: number;
  sigma: number;
}

export const INITIAL_SKILL: Skill = rating();

/** The number shown to people: a conservative estimate (mu − 3σ) on a familiar scale, new players at 1000. */
export function displayRating(skill: Skill): number {
  return Math.round(1000 + 40 * ordinal(skill));
}

/**
 * New skills after one game. `places` are 1..4 with ties sharing a place. A rating entity may hold
 * several seats (three "hard" bots at one table): each seat is rated as its own player from the
 * entity's skill, and the entity moves by the mean of its seats' changes.
 */
export function rateGame(entities: readonly string[], skills: ReadonlyMap<string, Skill>, places: readonly number[]): Map<string, Skill> {
  const before = entities.map((e) => skills.get(e) ?? INITIAL_SKILL);
  const after = rate(
    before.map((s) => [{ mu: s.mu, sigma: s.sigma }]),
    { rank: places.slice() },
  ).map((team) => team[0]);
  const sums = new Map<string, { mu: number; sigma: number; n: number }>();
  entities.forEach((e, i) => {
    const acc = sums.get(e) ?? { mu: 0, sigma: 0, n: 0 };
    acc.mu += after[i].mu - before[i].mu;
    acc.sigma += after[i].sigma - before[i].sigma;
    acc.n++;
    sums.set(e, acc);
  });
  const out = new Map<string, Skill>();
  for (const [e, d] of sums) {
    const s = skills.get(e) ?? INITIAL_SKILL;
    out.set(e, { mu: s.mu + d.mu / d.n, sigma: Math.max(0.5, s.sigma + d.sigma / d.n) });
  }
  return out;
}
