import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  Inject,
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type InjectionToken,
  type ModuleMetadata,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OptionalFactoryDependency,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { feedIngestionLag, feedLeaseHeld } from '@scout/metrics';
import { DataSource } from 'typeorm';
import { FeedStore } from '../feed-store';
import { DEFAULT_INGESTOR_OPTIONS, FeedIngestor, type FeedIngestorOptions, type FeedSource } from './feed-ingestor';
import { Lease } from './lease';

export const FEED_SOURCE = Symbol('FEED_SOURCE');
export const FEED_INGESTION_SETTINGS = Symbol('FEED_INGESTION_SETTINGS');

export interface FeedIngestionSettings {
  /** Off: the module is there (its store for the retention job) but no loop runs. */
  enabled: boolean;
  options?: Partial<FeedIngestorOptions>;
}

/** Runs the feed ingestor for as long as the process lives (it waits while another process holds the lease). */
@Injectable()
export class FeedIngestionService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('FeedIngestion');
  readonly ingestor: FeedIngestor;
  /** The probes of the lease and lag gauges (read at scrape time), removed at shutdown. */
  private stopProbes: Array<() => void> = [];

  constructor(
    @Inject(FEED_SOURCE) source: FeedSource,
    @Inject(FEED_INGESTION_SETTINGS) private readonly settings: FeedIngestionSettings,
    @InjectDataSource() db: DataSource,
    private readonly store: FeedStore,
  ) {
    const options = { ...DEFAULT_INGESTOR_OPTIONS, ...settings.options };
    const lease = new Lease(db, 'feed-ingestion', `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, options.leaseTtlMs);
    this.ingestor = new FeedIngestor(source, store, lease, this.logger, options);
  }

  onApplicationBootstrap(): void {
    if (!this.settings.enabled) return;
    this.ingestor.start();
    this.stopProbes = [
      feedLeaseHeld.addProbe(() => [{ labels: {}, value: this.ingestor.stats.holdsLease ? 1 : 0 }]),
      // Read by the lease holder only (one process in the deployment): now minus the newest stored event's time.
      feedIngestionLag.addProbe(async () => {
        if (!this.ingestor.stats.holdsLease) return [];
        const newest = await this.store.newestAt();
        return newest ? [{ labels: {}, value: Math.max(0, (Date.now() - newest.getTime()) / 1000) }] : [];
      }),
    ];
  }

  async onApplicationShutdown(): Promise<void> {
    for (const stop of this.stopProbes) stop();
    await this.ingestor.stop();
  }
}

export interface FeedIngestionModuleOptions {
  imports?: ModuleMetadata['imports'];
  settings: FeedIngestionSettings;
  source:
    { useValue: FeedSource } | { useFactory: (...args: never[]) => FeedSource | Promise<FeedSource>; inject?: (InjectionToken | OptionalFactoryDependency)[] };
}

/** The worker's side of the feed: the ingestion loop and the store the retention job purges. */
@Module({})
export class FeedIngestionModule {
  static register(options: FeedIngestionModuleOptions): DynamicModule {
    return {
      module: FeedIngestionModule,
      imports: options.imports ?? [],
      providers: [
        { provide: FEED_SOURCE, ...options.source },
        { provide: FEED_INGESTION_SETTINGS, useValue: options.settings },
        FeedStore,
        FeedIngestionService,
      ],
      exports: [FeedStore, FeedIngestionService],
    };
  }
}
