import { Injectable } from '@nestjs/common';

export type SourceState = 'ok' | 'degraded' | 'down';

export interface SourceHealth {
  name: string;
  state: SourceState;
  /** When a `down` source will be tried again (ISO 8601), else null. */
  retryAt: string | null;
  detail?: string;
}

export interface UpstreamKeyState {
  source: string;
  /** A short, non-secret label of the key (never the key). */
  key: string;
  state: 'healthy' | 'exhausted' | 'invalid';
  resetAt: string | null;
  /** For sources that report credits per answer: the key's balance as last seen, and that call's cost. */
  credits?: { remaining: number | null; lastCost: number | null; seenAt: string };
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
