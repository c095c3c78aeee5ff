import { Injectable, Module, Optional, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig, ServiceStatusRegistry, SessionUsageTracker } from '@scout/core';
import { HttpUpstreamSource, type UpstreamSourceStats } from './http-upstream-source';
import { UnconfiguredUpstreamSource } from './unconfigured-upstream-source';
import type { UpstreamSourceOptions } from './upstream.types';

/**
 * Builds the data sources of every provider client, wired to the status registry (service_health,
 * key states) and to callers' "clear cache" moments, and closes their connections on shutdown.
 */
@Injectable()
export class UpstreamSources implements OnModuleDestroy {
  private readonly sources = new Map<string, HttpUpstreamSource | UnconfiguredUpstreamSource>();

  constructor(
    private readonly status: ServiceStatusRegistry,
    private readonly usage: SessionUsageTracker,
    /** Where UPSTREAM_SLOW_CALL_MS is read; without it, sources keep their own default. */
    @Optional() private readonly config?: AppConfig,
  ) {}

  /**
   * One source per provider host; a second source with the same name is refused. A source given
   * no slowCallMs takes the configured UPSTREAM_SLOW_CALL_MS.
   */
  create(options: UpstreamSourceOptions): HttpUpstreamSource {
    this.refuseTwice(options.name);
    const slowCallMs = options.slowCallMs ?? this.config?.UPSTREAM_SLOW_CALL_MS;
    const source = new HttpUpstreamSource({ ...options, slowCallMs }, { usage: this.usage });
    this.status.addSource(source.name, source);
    this.sources.set(source.name, source);
    return source;
  }

  /**
   * A source whose host `setting` leaves unset: listed in service_health as down, naming the
   * setting; every request fails with an UpstreamError naming it (a 502 from the tools, uncharged).
   */
  unconfigured(name: string, setting: string): UnconfiguredUpstreamSource {
    this.refuseTwice(name);
    const source = new UnconfiguredUpstreamSource(name, setting);
    this.status.addSource(name, source);
    this.sources.set(name, source);
    return source;
  }

  /** Counters of every source, by name order. */
  stats(): UpstreamSourceStats[] {
    return [...this.sources.values()].map((s) => s.stats()).sort((a, b) => a.source.localeCompare(b.source));
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.sources.values()].map((s) => s.close()));
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
