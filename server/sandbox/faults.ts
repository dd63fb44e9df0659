/**
 * Failures on demand for fault tests: a rule matches requests of one provider (optionally by path
 * and method) and answers an error status, delays the answer, or both, for a number of requests.
 */

export type SandboxProvider = 'youtube' | 'soundcloud' | 'twitch' | 'twitch-oauth' | 'paypal' | 'discord';

export interface FaultRule {
  provider: SandboxProvider;
  /** Matches when the path (after /sandbox/<provider>) contains this text */
  path?: string;
  method?: 'GET' | 'POST';
  /** Answer this status with the provider's error body instead of the real answer */
  status?: number;
  /** Retry-After header (seconds) sent with the status */
  retryAfter?: number;
  /** Wait this long before answering (a slow provider; with no status, the real answer follows) */
  delayMs?: number;
  /** Hold the answer until this settles: a gate the test opens when it has seen what it waits for */
  hold?: Promise<unknown>;
  /** How many matching requests fail; default 1, Infinity for all */
  times?: number;
  /**
   * A rate limit instead of a count: every matching request fails (429) for this many seconds from
   * the first one, by the sandbox's clock, then the bucket is full again. Twitch's answer says when
   * (Ratelimit-Reset).
   */
  rateLimitSeconds?: number;
  /**
   * PayPal only: apply the fault after the request has done its work (the capture happened, its
   * answer is lost or late), instead of before (nothing happened).
   */
  after?: boolean;
}

/** A rule as matched: a rate limit's end (epoch ms) is set by its first request. */
export interface MatchedRule extends FaultRule {
  resetAt?: number;
}

interface ActiveRule extends MatchedRule {
  remaining: number;
  hits: number;
  /** Resolves the rule's `reached` */
  reached: () => void;
}

export class Faults {
  private rules: ActiveRule[] = [];

  /**
   * Adds a rule; the answer counts the requests it has hit so far, and `reached` resolves when the
   * first one arrives (a gate: the code under test is at that request now).
   */
  inject(rule: FaultRule): { hits: () => number; reached: Promise<void>; remove: () => void } {
    let resolve!: () => void;
    const reached = new Promise<void>((done) => {
      resolve = done;
    });
    const active: ActiveRule = { ...rule, remaining: rule.times ?? 1, hits: 0, reached: resolve };
    this.rules.push(active);
    return {
      hits: () => active.hits,
      reached,
      remove: () => {
        this.rules = this.rules.filter((r) => r !== active);
      },
    };
  }

  clear() {
    this.rules = [];
  }

  /**
   * The first rule matching this request at `now` (epoch ms), used up by one (a rate limit lasts
   * until its reset instead); undefined when none applies.
   */
  take(provider: SandboxProvider, method: string, path: string, now = Date.now()): MatchedRule | undefined {
    const rule = this.rules.find(
      (r) => r.remaining > 0 && r.provider === provider && (!r.method || r.method === method) && (!r.path || path.includes(r.path)),
    );
    if (!rule) return undefined;
    if (rule.rateLimitSeconds !== undefined) {
      rule.resetAt ??= now + rule.rateLimitSeconds * 1000;
      if (now >= rule.resetAt) {
        this.rules = this.rules.filter((r) => r !== rule);
        return this.take(provider, method, path, now);
      }
    } else rule.remaining--;
    rule.hits++;
    rule.reached();
    if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
    return rule;
  }
}
