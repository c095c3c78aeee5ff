import { types } from 'pg';
import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

export interface DatabaseSettings {
  url: string;
  poolMax: number;
  /** Entity classes of the libraries that own tables. */
  entities: DataSourceOptions['entities'];
  applicationName?: string;
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
      max: settings.poolMax,
      // Fail fast when the database is gone: the caller gets 503, not a hung request.
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30000,
    },
  };
}
