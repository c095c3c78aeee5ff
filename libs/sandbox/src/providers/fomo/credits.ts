/**
 * FOMO API keys and their credit budgets, and the "resolving" state of rarely seen traders.
 *
 * Each key has a budget (default: a Starter plan's 2,500,000 monthly credits). Every answer says
 * what it cost (`x-credits-cost`) and what is left (`x-credits-remaining`); a call that costs more
 * than is left is 402 credits_exhausted and costs nothing. Errors, 409 resolving and 503 cost 0,
 * except an unknown handle on /v2/users/{handle} (250, as upstream bills a miss).
 *
 * Resolving: the provider needs a moment to load an account it rarely sees. In the sandbox this is
 * a fixed set of traders (RESOLVING_TRADER_INDICES, exported as fixtures): the first request naming
 * one of them on a /v2/users route answers 409 {error:"resolving", retryable:true}; every later
 * request answers normally, until `reset()`.
 */

export interface FomoKey {
  key: string;
  /** Credit budget (default 2,500,000). */
  credits?: number;
  /** Plan name reported by /v2/me and the 402 body (default 'starter'). */
  plan?: string;
  /**
   * Whether the key may read candles (FOMO sells them to Growth and Scale plans). Default: yes for
   * a key with no plan named (the sandbox's own keys) or a growth / scale plan, no for other plans.
   */
  candles?: boolean;
}

export const DEFAULT_FOMO_CREDITS = 2_500_000;
/** Trader indices (into the population) that answer 409 resolving on their first request. */
export const RESOLVING_TRADER_INDICES: readonly number[] = [13, 131, 313];

export const COST = {
  free: 0,
  base: 250,
  profile: 2_500,
  profileMiss: 250,
  thesis: 1_250,
} as const;

const CANDLE_PLANS = ['growth', 'scale'];

interface KeyState {
  plan: string;
  candles: boolean;
  monthly: number;
  used: number;
}

export class FomoCredits {
  private readonly state = new Map<string, KeyState>();
  private readonly warmed = new Set<number>();

  constructor(private readonly keys: FomoKey[]) {
    this.reset();
  }

  /** Restores every budget and forgets which traders were already resolved. */
  reset(): void {
    this.state.clear();
    for (const k of this.keys) {
      const candles = k.candles ?? (k.plan === undefined || CANDLE_PLANS.includes(k.plan.toLowerCase()));
      this.state.set(k.key, { plan: k.plan ?? 'starter', candles, monthly: k.credits ?? DEFAULT_FOMO_CREDITS, used: 0 });
    }
    this.warmed.clear();
  }

  known(key: string): boolean {
    return this.state.has(key);
  }

  remaining(key: string): number {
    const s = this.state.get(key);
    return s ? Math.max(0, s.monthly - s.used) : 0;
  }

  /** Sets what is left on a key (tests, and the control API). */
  setRemaining(key: string, remaining: number): void {
    const s = this.state.get(key);
    if (s) s.used = s.monthly - remaining;
  }

  /** Charges `cost` if the key can afford it; false when it cannot (nothing charged). */
  charge(key: string, cost: number): boolean {
    const s = this.state.get(key)!;
    if (cost > s.monthly - s.used) return false;
    s.used += cost;
    return true;
  }

  me(key: string) {
    const s = this.state.get(key)!;
    return { plan: s.plan, credits: { monthly: s.monthly, usedThisMonth: s.used, prepaid: 0, remaining: this.remaining(key) } };
  }

  sellsCandles(key: string): boolean {
    return this.state.get(key)?.candles ?? false;
  }

  plan(key: string): string {
    return this.state.get(key)?.plan ?? 'starter';
  }

  /** True when this request must answer 409 resolving (first sight of a resolving trader). */
  stillResolving(traderIndex: number): boolean {
    if (!RESOLVING_TRADER_INDICES.includes(traderIndex) || this.warmed.has(traderIndex)) return false;
    this.warmed.add(traderIndex);
    return true;
  }
}
