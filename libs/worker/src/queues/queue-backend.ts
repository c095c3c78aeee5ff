import { BullModule } from '@nestjs/bullmq';
import {
  createPostgresBackend,
  createRedisBackend,
  Queue,
  Worker,
  type BackendFactory,
  type ConnectionOptions,
  type IQueueBackend,
  type PostgresPoolConfig,
  type Processor,
  type QueueOptions,
  type WorkerOptions,
} from 'bullmq';
import { EMBEDDED_QUEUE_SCHEMA } from '@scout/database';
import { bullmqTelemetry } from '@scout/telemetry';

export type QueueBackendKind = 'redis' | 'postgres';

/** Where the queues live, as BullModule.forRoot takes it. */
export interface QueueConnection {
  kind: QueueBackendKind;
  /** ioredis options for Redis; a node-postgres pool config (with BullMQ's `schema`) for PostgreSQL. */
  connection: ConnectionOptions;
  /** Redis key prefix (PostgreSQL namespaces by schema instead). */
  prefix?: string;
}

export interface QueueConnectionSettings {
  redisUrl?: string;
  /**
   * The ledger database, the queues' home when there is no Redis, on a connection string that gives
   * a session of its own (DATABASE_SESSION_URL, else DATABASE_URL): the backend LISTENs for new
   * jobs and sets its schema as a startup parameter (`options`), neither of which a transaction-mode
   * pooler carries (PgBouncer refuses `options`).
   */
  databaseUrl: string;
  /** Redis key prefix or PostgreSQL schema; BullMQ's defaults (`scout`, `bullmq`) when absent. */
  namespace?: string;
}

/**
 * Connections each backend's pool may hold, besides its one LISTEN connection. Every queue has its
 * own pools, so a worker's total grows with its queues: two each keeps a worker near twenty.
 */
const POSTGRES_POOL_MAX = 2;

/**
 * Redis when REDIS_URL is set, otherwise BullMQ's PostgreSQL backend on the ledger database (its
 * tables and functions in their own schema, created by BullMQ's own migrations at connect, which
 * an advisory lock serialises across processes).
 */
export function queueConnection(settings: QueueConnectionSettings): QueueConnection {
  if (settings.redisUrl) {
    return { kind: 'redis', connection: { url: settings.redisUrl }, prefix: settings.namespace ?? 'scout' };
  }
  const postgres: PostgresPoolConfig = {
    connectionString: settings.databaseUrl,
    schema: settings.namespace ?? EMBEDDED_QUEUE_SCHEMA,
    max: POSTGRES_POOL_MAX,
    migrate: true,
    application_name: 'scout-queue',
  };
  return { kind: 'postgres', connection: postgres };
}

/** A PostgreSQL pool config as built above; anything else is a Redis connection. */
function isPostgresConnection(connection: unknown): boolean {
  const url = (connection as { connectionString?: unknown } | null)?.connectionString;
  return typeof url === 'string' && /^postgres(ql)?:\/\//.test(url);
}

function backendFor(connection: unknown): BackendFactory<IQueueBackend, ConnectionOptions> {
  const factory = isPostgresConnection(connection) ? createPostgresBackend : createRedisBackend;
  return factory as unknown as BackendFactory<IQueueBackend, ConnectionOptions>;
}

/**
 * @nestjs/bullmq builds queues and workers as `new Queue(name, opts)` and `new Worker(name,
 * processor, opts)`, with no way to pass BullMQ 6's backend factory. Its documented extension point
 * is the class it instantiates (BullModule.queueClass / workerClass, meant for BullMQ Pro), so
 * these subclasses pick the backend from the connection each instance is given. The choice is per
 * instance, not process-wide, so a Redis and a PostgreSQL worker can share a process (tests).
 */
export class ScoutQueue extends Queue<any, any, string, any, any, string, IQueueBackend, ConnectionOptions> {
  constructor(name: string, opts: QueueOptions) {
    super(name, withTelemetry(opts), backendFor(opts.connection));
  }
}

export class ScoutWorker extends Worker<any, any, string, IQueueBackend> {
  constructor(name: string, processor: Processor, opts: WorkerOptions) {
    super(name, processor, withTelemetry(opts), backendFor(opts.connection));
  }
}

/**
 * While tracing, each queue and worker traces its jobs through BullMQ's own telemetry option
 * (bullmqTelemetry: a span per job added and per job processed, linked across processes); off,
 * the options are left as they are.
 */
function withTelemetry<T extends QueueOptions | WorkerOptions>(opts: T): T {
  const telemetry = opts.telemetry ?? bullmqTelemetry();
  return telemetry ? { ...opts, telemetry } : opts;
}

/** Points @nestjs/bullmq at the backend-aware classes; call before BullModule.registerQueue. */
export function useBackendAwareQueueClasses(): void {
  BullModule.queueClass = ScoutQueue;
  BullModule.workerClass = ScoutWorker;
}
