import { BullModule } from '@nestjs/bullmq';
import { Module, type DynamicModule, type Provider, type Type } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import type { DefaultJobOptions } from 'bullmq';
import { LoggerModule } from 'nestjs-pino';
import { logDestination, scoutLoggerOptions } from '@scout/telemetry';
import { DataSource } from 'typeorm';
import { AlertJobsModule, alertsQueue, AlertsQueueProducer } from '@scout/alerts';
import { AppConfig, CoreModule, type Clock } from '@scout/core';
import { dataSourceOptions } from '@scout/database';
import { FEEDS_QUEUE, FeedIngestionModule, fomoFeedSource } from '@scout/feeds';
import { OAUTH_QUEUE, OAuthJobsModule } from '@scout/auth';
import { IDEMPOTENCY_QUEUE, IdempotencyModule } from '@scout/idempotency';
import { LEDGER_ENTITIES, LEDGER_QUEUE, LedgerModule, LedgerQueueProducer } from '@scout/ledger';
import { TraderDirectoryJobsModule, TRADERS_QUEUE, TradersQueueProducer } from '@scout/traders';
import {
  createFomoClients,
  DexScreenerClient,
  fomoSourceSettings,
  UpstreamModule,
  UpstreamSources,
  type FomoClients,
  type UpstreamEndpoints,
} from '@scout/upstream';
import { AlertsProcessor } from './processors/alerts.processor';
import { FeedsProcessor } from './processors/feeds.processor';
import { IdempotencyProcessor } from './processors/idempotency.processor';
import { OAuthProcessor } from './processors/oauth.processor';
import { LedgerProcessor } from './processors/ledger.processor';
import { TradersProcessor } from './processors/traders.processor';
import { assertEveryJobHandled, type AnyJobQueue, type JobProcessor } from './queues/job-processor';
import { queueConnection, useBackendAwareQueueClasses } from './queues/queue-backend';
import { WORKER_SETUP, WorkerRunner, type WorkerSetup } from './worker-runner.service';

/** Every job family this worker consumes, and its processor. */
const QUEUES: AnyJobQueue[] = [LEDGER_QUEUE, IDEMPOTENCY_QUEUE, OAUTH_QUEUE, TRADERS_QUEUE, FEEDS_QUEUE];
const PROCESSORS: Type<JobProcessor>[] = [LedgerProcessor, IdempotencyProcessor, OAuthProcessor, TradersProcessor, AlertsProcessor, FeedsProcessor];

/** Docker stops a container 10 s after SIGTERM; finish jobs well inside that. */
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 8_000;

/**
 * Every job (scheduled runs too): a few retries with backoff for a passing failure (a permanent one
 * throws UnrecoverableError), and finished jobs kept for a while to look at, not forever.
 */
const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 24 * 3600, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

const WORKER_DATA_SOURCE = 'scout-worker';

/** Connections the worker's own ledger queries need (processors run one job at a time). */
const WORKER_POOL_MAX = 4;

export interface WorkerContextOptions {
  /** Redis key prefix or PostgreSQL schema of the queues (tests isolate runs with it). */
  namespace?: string;
  /** How long closing waits for in-flight jobs before leaving them to be retried. */
  shutdownTimeoutMs?: number;
  /** Upsert the job schedulers at start (default true; off in tests that must not sweep a shared database). */
  schedulers?: boolean;
  /** Test seam: the clock jobs read (plan renewals and grant expiry act at its time). */
  clock?: Clock;
  /** Whether this worker takes part in the live feed's ingestion (default: FEED_INGESTION, when FOMO has keys). */
  feedIngestion?: boolean;
  /** Test seams: more job families, their processors and what those need. */
  queues?: AnyJobQueue[];
  processors?: Type<JobProcessor>[];
  providers?: Provider[];
}

@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig, databaseUrl: string, endpoints: UpstreamEndpoints, options: WorkerContextOptions = {}): DynamicModule {
    const queues = [...QUEUES, alertsQueue(config.ALERT_EVAL_INTERVAL_SECONDS), ...(options.queues ?? [])];
    const processors = [...PROCESSORS, ...(options.processors ?? [])];
    assertEveryJobHandled(queues, processors);
    // LISTEN and session advisory locks need a session of their own: the session URL, not a transaction-mode pooler.
    const sessionDatabaseUrl = config.databaseSessionUrl ?? databaseUrl;
    const connection = queueConnection({ redisUrl: config.REDIS_URL, databaseUrl: sessionDatabaseUrl, namespace: options.namespace });
    const setup: WorkerSetup = {
      backend: connection.kind,
      sessionDatabaseUrl,
      queues,
      processors,
      schedulers: options.schedulers ?? true,
      shutdownTimeoutMs: options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS,
    };
    useBackendAwareQueueClasses();
    // One FOMO source in the worker (key states, breaker, cache), shared by the directory refresh and the feed.
    let fomo: FomoClients | undefined;
    const fomoClients = (sources: UpstreamSources) => (fomo ??= createFomoClients((o) => sources.create(o), fomoSourceSettings(config, endpoints)));
    const ingest = (options.feedIngestion ?? config.FEED_INGESTION) && endpoints.fomoKeys.length > 0;
    return {
      module: WorkerModule,
      global: true,
      imports: [
        CoreModule.forRoot(config, {}, options.clock),
        // A standalone worker's logs, as the API's (LOG_FORMAT, Nest's start-up at debug, trace ids); inside
        // the API process, nestjs-pino's first logger (the API's) serves both.
        LoggerModule.forRoot({
          pinoHttp: [
            { ...scoutLoggerOptions(config.LOG_LEVEL), name: 'scout-worker' },
            logDestination({ format: config.logFormatFor(Boolean(process.stdout.isTTY)), sync: config.LOG_SYNC }),
          ],
        }),
        TypeOrmModule.forRoot({
          ...dataSourceOptions({ url: databaseUrl, poolMax: WORKER_POOL_MAX, entities: LEDGER_ENTITIES, applicationName: 'scout-worker' }),
          name: WORKER_DATA_SOURCE,
          retryAttempts: 2,
          retryDelay: 1000,
        }),
        BullModule.forRoot({
          connection: connection.connection,
          prefix: connection.prefix,
          defaultJobOptions: DEFAULT_JOB_OPTIONS,
          // Workers start in WorkerRunner.start, after the schedulers are upserted.
          extraOptions: { manualRegistration: true },
        }),
        BullModule.registerQueue(...queues.map((queue) => ({ name: queue.name }))),
        LedgerModule,
        IdempotencyModule,
        OAuthJobsModule,
        // The directory refresh reads FOMO's boards on a source of the worker's own (its own key
        // states and cache), at the same endpoints as the API.
        TraderDirectoryJobsModule.register({
          imports: [UpstreamModule],
          fomo: {
            inject: [UpstreamSources],
            useFactory: (sources: UpstreamSources) => fomoClients(sources).traders,
          },
        }),
        // The live trade feed into feed_events: one worker at a time ingests (a lease), the others stand by.
        FeedIngestionModule.register({
          imports: [UpstreamModule],
          settings: { enabled: ingest },
          source: {
            inject: [UpstreamSources],
            useFactory: (sources: UpstreamSources) => fomoFeedSource(fomoClients(sources).tokens, { baseUrl: endpoints.fomo, keys: endpoints.fomoKeys }),
          },
        }),
        // Alert evaluation reads DexScreener prices on a source of the worker's own.
        AlertJobsModule.register({
          imports: [UpstreamModule],
          prices: {
            inject: [UpstreamSources],
            useFactory: (sources: UpstreamSources) =>
              new DexScreenerClient(
                sources.create({
                  name: 'dexscreener',
                  baseUrl: endpoints.dexscreener,
                  keys: [],
                  keyPlacement: { kind: 'none' },
                  timeoutMs: config.UPSTREAM_TIMEOUT_MS,
                  retries: config.UPSTREAM_RETRIES,
                }),
              ),
          },
        }),
      ],
      providers: [
        // The worker's data source has a name of its own, so that beside the API in one process
        // (npm start) the two are not taken for one; the libraries inject the default one.
        { provide: DataSource, useExisting: getDataSourceToken(WORKER_DATA_SOURCE) },
        { provide: WORKER_SETUP, useValue: setup },
        WorkerRunner,
        LedgerQueueProducer,
        TradersQueueProducer,
        AlertsQueueProducer,
        ...processors,
        ...(options.providers ?? []),
      ],
      exports: [DataSource, LedgerQueueProducer, TradersQueueProducer, AlertsQueueProducer],
    };
  }
}
