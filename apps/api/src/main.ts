import 'reflect-metadata';
import { AppConfig } from '@scout/core';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '@scout/database';
import { createApiApp } from './bootstrap';

async function main(): Promise<void> {
  const config = AppConfig.fromEnv(process.env);
  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_DB_PORT });
    databaseUrl = embedded.url;
    process.stdout.write(`Scout: embedded PostgreSQL (PGlite) on ${embedded.url}, data in ${config.DATA_DIR}\n`);
  }
  const app = await createApiApp(config, databaseUrl);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`Scout: ${signal}, finishing in-flight requests\n`);
    await app.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen(config.PORT, config.HOST);
  process.stdout.write(`Scout API listening on http://localhost:${config.PORT} (docs: /docs)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Scout failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
