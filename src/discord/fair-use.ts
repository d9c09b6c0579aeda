/**
 * Fair use: one person, or one server, must never slow every other table. Each interaction spends
 * from its user's and its server's budget; opening a table (or a rematch) has its own cooldown per
 * person. A refusal is always a sentence saying when to try again, never silence (worded in the
 * person's language by the router).
 *
 * rate-limiter-flexible (in memory) rather than hand-written buckets: a well-kept library whose
 * keys expire by themselves, so a million users that clicked once cost nothing an hour later.
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { sentence, type Sentence } from "../i18n/index.js";

export interface FairUseLimits {
  /** Interactions one person may send in `windowS` seconds (0: no limit). */
  perUser: number;
  /** Interactions one server may send in `windowS` seconds, every table and person there (0: no limit). */
  perGuild: number;
  windowS: number;
  /** Seconds between two tables (new or rematch) opened by one person (0: none). */
  openCooldownS: number;
}

/**
 * A person plays at most a card or two a second; 12 in 5 s leaves room for quick double clicks.
 * A server at its table cap (10) with 4 people each clicking once a second stays under 60 a second.
 */
export const DEFAULT_FAIR_USE: FairUseLimits = { perUser: 12, perGuild: 300, windowS: 5, openCooldownS: 10 };

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

export class FairUse {
  private readonly user: RateLimiterMemory | null;
  private readonly guild: RateLimiterMemory | null;
  private readonly open: RateLimiterMemory | null;
  /** Refusals so far, by kind (logs and benchmarks). */
  readonly refused = { user: 0, guild: 0, open: 0 };

  constructor(limits: FairUseLimits = DEFAULT_FAIR_USE) {
    this.user = limits.perUser > 0 ? new RateLimiterMemory({ keyPrefix: "user", points: limits.perUser, duration: limits.windowS }) : null;
    this.guild =
      limits.perGuild > 0 ? new RateLimiterMemory({ keyPrefix: "guild", points: limits.perGuild, duration: limits.windowS }) : null;
    this.open = limits.openCooldownS > 0 ? new RateLimiterMemory({ keyPrefix: "open", points: 1, duration: limits.openCooldownS }) : null;
  }

  /** null when the interaction may go on; otherwise the sentence to answer with. */
  async admit(userId: string, guildId: string | null): Promise<Sentence | null> {
    const waitUser = await spend(this.user, userId);
    if (waitUser !== null) {
      this.refused.user++;
      return sentence("fairUse", "tooFast", { seconds: seconds(waitUser) });
    }
    if (guildId) {
      const waitGuild = await spend(this.guild, guildId);
      if (waitGuild !== null) {
        this.refused.guild++;
        return sentence("fairUse", "serverBusy", { seconds: seconds(waitGuild) });
      }
    }
    return null;
  }

  /** Before opening a table or a rematch: null when allowed, else the sentence. Spends nothing. */
  async mayOpen(userId: string): Promise<Sentence | null> {
    const res = this.open ? await this.open.get(userId) : null;
    if (!res || res.consumedPoints < 1) return null;
    this.refused.open++;
    return sentence("fairUse", "openCooldown", { seconds: seconds(res.msBeforeNext) });
  }

  /** A table was opened: the person's cooldown starts (a refused attempt does not count). */
  async opened(userId: string): Promise<void> {
    await spend(this.open, userId);
  }
}

/** Spends one point; null if allowed, else the milliseconds until it would be. */
async function spend(limiter: RateLimiterMemory | null, key: string): Promise<number | null> {
  if (!limiter) return null;
  try {
    await limiter.consume(key);
    return null;
  } catch (res) {
    if (res instanceof RateLimiterRes) return res.msBeforeNext;
    throw res;
  }
}
