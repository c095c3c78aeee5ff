import { Injectable, Logger, Module, Optional, type OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig, ServiceStatusRegistry, SessionUsageTracker } from '@scout/core';
import { BREAKER_STATE_VALUES, KEY_STATES, sourceLabelOf, upstreamBreakerState, upstreamKeys } from '@scout/metrics';
import { HttpUpstreamSource, type UpstreamSourceStats } from './http-upstream-source';
import { SharedCache } from './shared-cache';
import { UnconfiguredUpstreamSource } from './unconfigured-upstream-source';
import type { UpstreamSourceOptions } from './upstream.types';

/**
 * Builds the data sources of every provider client, wired to the status registry (service_health,
 * key states), to callers' "clear cache" moments and, when REDIS_URL is set, to the response cache
 * every API process shares; closes their connections on shutdown.
 */
@Injectable()
export class UpstreamSources implements OnModuleDestroy {
  private readonly sources = new Map<string, HttpUpstreamSource | UnconfiguredUpstreamSource>();
  private readonly redis: Redis | null = null;
  private readonly shared: SharedCache | null = null;
  /** The probes of the breaker and key gauges (read at scrape time), removed at shutdown. */
  private readonly stopProbes: Array<() => void>;

  constructor(
    private readonly status: ServiceStatusRegistry,
    private readonly usage: SessionUsageTracker,
    /** Where UPSTREAM_SLOW_CALL_MS, UPSTREAM_CACHE_GRACE_MS, REDIS_URL and UPSTREAM_CACHE_PREFIX are read; without it, sources keep their defaults. */
    @Optional() private readonly config?: AppConfig,
  ) {
    this.stopProbes = [upstreamBreakerState.addProbe(() => this.breakerSamples()), upstreamKeys.addProbe(() => this.keySamples())];
    if (config?.REDIS_URL) {
      // No offline queue: while Redis is away a read fails at once and goes upstream instead of waiting.
      this.redis = new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      const logger = new Logger('SharedCache');
      let reported = false;
      this.redis.on('error', (err: Error) => {
        if (!reported) logger.warn(`Redis unavailable, the response cache is per process until it is back: ${err.message}`);
        reported = true;
      });
      this.redis.on('ready', () => (reported = false));
      this.shared = new SharedCache(this.redis, config.UPSTREAM_CACHE_PREFIX);
    }
  }

  /**
   * One source per provider host; a second source with the same name is refused. A source given
   * no slowCallMs or cacheGraceMs takes the configured UPSTREAM_SLOW_CALL_MS or UPSTREAM_CACHE_GRACE_MS.
   */
  create(options: UpstreamSourceOptions): HttpUpstreamSource {
    this.refuseTwice(options.name);
    const slowCallMs = options.slowCallMs ?? this.config?.UPSTREAM_SLOW_CALL_MS;
    const cacheGraceMs = options.cacheGraceMs ?? this.config?.UPSTREAM_CACHE_GRACE_MS;
    const source = new HttpUpstreamSource({ ...options, slowCallMs, cacheGraceMs }, { usage: this.usage, shared: this.shared });
    this.status.addSource(source.name, source);
    this.sources.set(source.name, source);
    return source;
  }

  /**
   * A source whose host `setting` leaves unset: listed in service_health as unconfigured, naming the
   * setting; every request fails with an UpstreamError naming it (a 502 from the tools, uncharged).
   */
  unconfigured(name: string, setting: string): UnconfiguredUpstreamSource {
    this.refuseTwice(name);
    const source = new UnconfiguredUpstreamSource(name, setting);
    this.status.addSource(name, source);
    this.sources.set(name, source);
    return source;
  }

  /** The shared cache's Redis connection: 'ready' when in use, another ioredis status while not, null without REDIS_URL. */
  get sharedCacheStatus(): string | null {
    return this.redis?.status ?? null;
  }

  /** Counters of every source, by name order. */
  stats(): UpstreamSourceStats[] {
    return [...this.sources.values()].map((s) => s.stats()).sort((a, b) => a.source.localeCompare(b.source));
  }

  async onModuleDestroy(): Promise<void> {
    for (const stop of this.stopProbes) stop();
    await Promise.all([...this.sources.values()].map((s) => s.close()));
    this.redis?.disconnect();
  }

  /** Each configured source's breaker: 0 closed, 1 half-open, 2 open. */
  private breakerSamples() {
    return [...this.sources.values()]
      .filter((s): s is HttpUpstreamSource => s instanceof HttpUpstreamSource)
      .map((s) => ({ labels: { source: sourceLabelOf(s.name) }, value: BREAKER_STATE_VALUES[s.breakerState()] }));
  }

  /** Each keyed source's keys by state, every state listed (0 included) so a series never vanishes. */
  private keySamples() {
    const samples: Array<{ labels: { source: string; state: string }; value: number }> = [];
    for (const source of this.sources.values()) {
      const states = source.keyStates();
      if (states.length === 0) continue;
      for (const state of KEY_STATES) {
        samples.push({ labels: { source: sourceLabelOf(source.name), state }, value: states.filter((k) => k.state === state).length });
      }
    }
    return samples;
  }

  private refuseTwice(name: string): void {
    if (this.sources.has(name)) throw new Error(`Upstream source "${name}" is created twice`);
  }
}

/** The upstream layer; ServiceStatusRegistry and SessionUsageTracker come from the global CoreModule. */
@Module({
  providers: [UpstreamSources],
  exports: [UpstreamSources],
})
export class UpstreamModule {}
