import { Logger } from '@nestjs/common';
import { Client, types, type ClientConfig } from 'pg';
import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

export interface DatabaseSettings {
  url: string;
  poolMax: number;
  /** Entity classes of the libraries that own tables. */
  entities: DataSourceOptions['entities'];
  applicationName?: string;
}

const logger = new Logger('Database');

/**
 * A pg client that always has an 'error' listener. pg-pool removes its own listener while a
 * client is checked out, and TypeORM attaches one only once its query runner holds the client: a
 * connection terminated by the server in between (pg_terminate_backend, a failover) would emit an
 * 'error' nobody listens to, which ends the process. Queries in flight still fail through their own
 * callbacks, and the broken client is discarded on its next use.
 */
export class GuardedClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', (error: Error) => logger.warn(`database connection lost: ${error.message}`));
  }
}

/**
 * The one options object the app, the migration CLI (ormconfig.ts) and the tests share.
 * synchronize is never on: the schema comes from migrations only.
 */
export function dataSourceOptions(settings: DatabaseSettings): DataSourceOptions {
  // Credits and entry ids are bigint columns; every value Scout stores is far below 2^53, so
  // reading them as JS numbers is exact and spares string handling everywhere.
  types.setTypeParser(types.builtins.INT8, (value) => Number(value));
  return {
    type: 'postgres',
    url: settings.url,
    entities: settings.entities,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    applicationName: settings.applicationName ?? 'scout',
    extra: {
      Client: GuardedClient,
      max: settings.poolMax,
      // Fail fast when the database is gone: the caller gets 503, not a hung request.
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30000,
    },
  };
}
