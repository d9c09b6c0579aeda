/**
 * Fair use: one person, or one server, must never slow every other table. Each interaction spends
 * from its user's and its server's budget; opening a table (or a rematch) has its own cooldown per
 * person, taken before the table opens. A refusal is always a sentence saying when to try again,
 * never silence (worded in the person's language by the router); autocomplete, which cannot carry a
 * sentence, answers with no suggestions.
 *
 * rate-limiter-flexible (in memory) rather than hand-written buckets: a well-kept library whose
 * keys expire by themselves, so a million users that clicked once cost nothing an hour later, and
 * whose consume() takes a point at once (two calls at the same moment cannot both get the last one).
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

/**
 * A person's fair share of their budget: the first half of `perUser` in a window is theirs whatever
 * the server does; only what they send beyond it needs room in the server's budget.
 */
const fairShareOf = (perUser: number): number => Math.ceil(perUser / 2);

/** Autocomplete requests one person may send in a window, per interaction they may send (typing is quick). */
const AUTOCOMPLETE_PER_INTERACTION = 2;

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/** The cooldown taken for one open: kept once a table opened, else given back. */
interface OpenTicket {
  /** A table (or rematch) opened: the cooldown runs its course. */
  keep(): void;
  /** Gives the cooldown back unless kept (nothing opened: a refused attempt does not count). */
  settle(): Promise<void>;
}

export class FairUse {
  private readonly user: RateLimiterMemory | null;
  private readonly guild: RateLimiterMemory | null;
  private readonly open: RateLimiterMemory | null;
  private readonly typing: RateLimiterMemory | null;
  private readonly fairShare: number;
  /** Refusals so far, by kind (logs and benchmarks). */
  readonly refused = { user: 0, guild: 0, open: 0, autocomplete: 0 };

  constructor(limits: FairUseLimits = DEFAULT_FAIR_USE) {
    const perWindow = (keyPrefix: string, points: number) =>
      points > 0 ? new RateLimiterMemory({ keyPrefix, points, duration: limits.windowS }) : null;
    this.user = perWindow("user", limits.perUser);
    this.guild = perWindow("guild", limits.perGuild);
    this.typing = perWindow("typing", limits.perUser * AUTOCOMPLETE_PER_INTERACTION);
    this.open = limits.openCooldownS > 0 ? new RateLimiterMemory({ keyPrefix: "open", points: 1, duration: limits.openCooldownS }) : null;
    // Without a per-person budget every interaction needs room in the server's.
    this.fairShare = limits.perUser > 0 ? fairShareOf(limits.perUser) : 0;
  }

  /**
   * null when the interaction may go on; otherwise the sentence to answer with. The person's budget
   * is spent first. Within their fair share an interaction is always admitted, and only counted
   * against the server (so the people sending most are the first to find the server's budget
   * spent); beyond it, it needs room in the server's budget. However many accounts flood a server,
   * each gets its own share and no more, so someone who clicks now and then is always served.
   */
  async admit(userId: string, guildId: string | null): Promise<Sentence | null> {
    const used = await spend(this.user, userId);
    if (typeof used !== "number") {
      this.refused.user++;
      return sentence("fairUse", "tooFast", { seconds: seconds(used.wait) });
    }
    if (guildId && this.guild) {
      if (this.user && used <= this.fairShare) {
        await this.guild.penalty(guildId, 1);
        return null;
      }
      const server = await spend(this.guild, guildId);
      if (typeof server !== "number") {
        this.refused.guild++;
        return sentence("fairUse", "serverBusy", { seconds: seconds(server.wait) });
      }
    }
    return null;
  }

  /** Whether an autocomplete request may be answered (its own budget: typing never uses up clicks). */
  async mayAutocomplete(userId: string): Promise<boolean> {
    const used = await spend(this.typing, userId);
    if (typeof used === "number") return true;
    this.refused.autocomplete++;
    return false;
  }

  /**
   * Before opening a table or a rematch: takes the person's cooldown at once, so two opens at the
   * same moment (in two channels) cannot both pass. The sentence when it is taken already.
   */
  async takeOpen(userId: string): Promise<Sentence | OpenTicket> {
    const open = this.open;
    if (!open) return { keep: () => undefined, settle: async () => undefined };
    const took = await spend(open, userId);
    if (typeof took !== "number") {
      this.refused.open++;
      return sentence("fairUse", "openCooldown", { seconds: seconds(took.wait) });
    }
    let kept = false;
    return {
      keep: () => {
        kept = true;
      },
      settle: async () => {
        if (!kept) await open.delete(userId);
      },
    };
  }
}

export const isTicket = (x: Sentence | OpenTicket): x is OpenTicket => "keep" in x;

/** Spends one point: the points used in the window so far, or the milliseconds until one is free. */
async function spend(limiter: RateLimiterMemory | null, key: string): Promise<number | { wait: number }> {
  if (!limiter) return 0;
  try {
    return (await limiter.consume(key)).consumedPoints;
  } catch (res) {
    if (res instanceof RateLimiterRes) return { wait: res.msBeforeNext };
    throw res;
  }
}
