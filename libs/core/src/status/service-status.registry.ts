import { Injectable } from '@nestjs/common';

export type SourceState = 'ok' | 'degraded' | 'down' | 'unconfigured';

/** Scout as a whole: a source left unconfigured on purpose does not count against it. */
export type OverallState = Exclude<SourceState, 'unconfigured'>;

export interface SourceHealth {
  /** The data source's name, as Scout calls it (e.g. fomo, dexscreener, jupiter, token-analytics). */
  name: string;
  /**
   * ok; degraded (some of its calls of the last 5 minutes failed or were slow, or it is recovering
   * after an outage); down (its circuit is open after repeated failures, or none of its API keys is
   * usable now); unconfigured (the deployment left a setting it needs unset, a host or its API keys:
   * `setting` names it; nothing is sent and its tools answer 502 until it is set).
   */
  state: SourceState;
  /** When a `down` source will be tried again (ISO 8601), else null. */
  retryAt: string | null;
  /** Why the source is degraded, down or unconfigured, in words an operator can act on; absent when it is ok. */
  detail?: string;
  /** For an unconfigured source: the environment variable to set (e.g. LAUNCHPAD_API_URL); absent otherwise. */
  setting?: string;
}

/**
 * The worst state among the sources: down if any is down, degraded if any is degraded, else ok.
 * An unconfigured source counts as neither: it is a choice of the deployment, not an outage.
 */
export function overallState(sources: readonly Pick<SourceHealth, 'state'>[]): OverallState {
  if (sources.some((s) => s.state === 'down')) return 'down';
  if (sources.some((s) => s.state === 'degraded')) return 'degraded';
  return 'ok';
}

export interface UpstreamKeyState {
  /** The data source the key belongs to. */
  source: string;
  /** A short, non-secret label of the key (never the key). */
  key: string;
  /** healthy; exhausted (throttled with 402/429, resting until resetAt); invalid (refused with 401/403, for the life of the process). */
  state: 'healthy' | 'exhausted' | 'invalid';
  /** When an exhausted key may be used again, ISO 8601 UTC; null in any other state. */
  resetAt: string | null;
  /** For sources that report credits per answer: the key's balance as last seen, and that call's cost. */
  credits?: {
    /** The provider's credits left on the key, as its last answer said; null when it did not say. */
    remaining: number | null;
    /** The provider's credits that last answer cost; null when it did not say. */
    lastCost: number | null;
    /** When that answer came, ISO 8601 UTC. */
    seenAt: string;
  };
}

/** Implemented by each upstream source so health and usage tools can report it. */
export interface SourceStatusReporter {
  health(): SourceHealth;
  keyStates(): UpstreamKeyState[];
}

/**
 * Where data sources report their state and the trader directory its size. The account tools
 * read it; they never call an upstream themselves.
 */
@Injectable()
export class ServiceStatusRegistry {
  private readonly sources = new Map<string, SourceStatusReporter>();
  private loadedTraders: () => Promise<number> = () => Promise.resolve(0);

  addSource(name: string, reporter: SourceStatusReporter): void {
    if (this.sources.has(name)) throw new Error(`Data source "${name}" is registered twice`);
    this.sources.set(name, reporter);
  }

  setLoadedTradersCounter(counter: () => Promise<number>): void {
    this.loadedTraders = counter;
  }

  sourceHealth(): SourceHealth[] {
    return [...this.sources.values()].map((s) => s.health());
  }

  keyStates(): UpstreamKeyState[] {
    return [...this.sources.values()].flatMap((s) => s.keyStates());
  }

  /** The trader directory's size; null when it cannot be read (health must answer even then). */
  async traderCount(): Promise<number | null> {
    return this.loadedTraders().catch(() => null);
  }
}
