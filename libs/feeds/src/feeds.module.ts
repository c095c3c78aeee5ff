import { Module, type DynamicModule, type InjectionToken, type ModuleMetadata, type OptionalFactoryDependency } from '@nestjs/common';
import { FeedStore } from './feed-store';
import { FOMO_THESES_CLIENT, type FomoThesesFeedPort } from './feeds.ports';
import { FeedToolsService } from './tools/feed-tools.service';
import { ThesesRecentService } from './tools/theses-recent.service';
import { FEED_DATABASE_URL, FeedHub } from './watch/feed-hub';
import { WatchToolsService } from './watch/watch-tools.service';

export interface FeedsModuleOptions {
  imports?: ModuleMetadata['imports'];
  /**
   * The database the feed is stored in, on a connection string that gives a session of its own
   * (DATABASE_SESSION_URL, else DATABASE_URL): the hub LISTENs on it for new events.
   */
  databaseUrl: string;
  fomoTheses:
    | { useValue: FomoThesesFeedPort }
    | { useFactory: (...args: never[]) => FomoThesesFeedPort | Promise<FomoThesesFeedPort>; inject?: (InjectionToken | OptionalFactoryDependency)[] };
}

/**
 * The live-feed area in the API: the feed tools over the stored trade feed, the watch stream and
 * its fan-out (FeedHub, exported for the Server-Sent Events route). The ingestion that fills the
 * feed runs in the worker (FeedIngestionModule).
 */
@Module({})
export class FeedsModule {
  static register(options: FeedsModuleOptions): DynamicModule {
    return {
      module: FeedsModule,
      imports: options.imports ?? [],
      providers: [
        { provide: FOMO_THESES_CLIENT, ...options.fomoTheses },
        { provide: FEED_DATABASE_URL, useValue: options.databaseUrl },
        FeedStore,
        FeedHub,
        FeedToolsService,
        ThesesRecentService,
        WatchToolsService,
      ],
      exports: [FeedHub, FeedStore],
    };
  }
}
