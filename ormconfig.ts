import 'reflect-metadata';
import { DataSource } from 'typeorm';
// Relative imports, not @scout/*: the TypeORM CLI loads this file without path-alias resolution.
import { ApiKeyEntity } from './libs/auth/src/api-key.entity';
import { AppConfig } from './libs/core/src/config/app-config';
import { dataSourceOptions } from './libs/database/src';
import { LEDGER_ENTITIES } from './libs/ledger/src/entities';

const config = AppConfig.fromEnv(process.env);
if (!config.DATABASE_URL) {
  throw new Error('DATABASE_URL is not set: migrations via the CLI need DATABASE_URL ' + '(the embedded database migrates itself when the API starts).');
}

const dataSource = new DataSource({
  ...dataSourceOptions({
    url: config.DATABASE_URL,
    // Migrations run on one connection; no need to hold the app-sized pool.
    poolMax: 2,
    entities: [...LEDGER_ENTITIES, ApiKeyEntity],
    applicationName: 'scout-migrate',
  }),
});

// Only the default export: the TypeORM CLI (-d) rejects a file exporting more than one DataSource,
// even when both exports are the same instance.
export default dataSource;
