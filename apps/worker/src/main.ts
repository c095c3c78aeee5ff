import 'reflect-metadata';
import { AppConfig, retryWhileDatabaseUnavailable } from '@scout/core';
import { liveEndpoints } from '@scout/upstream';
import { createWorkerContext } from './bootstrap';

async function main(): Promise<void> {
  const config = AppConfig.fromEnv(process.env);
  if (!config.DATABASE_URL) {
    throw new Error(
      'DATABASE_URL is not set. The embedded database lives inside the API process, which runs the ' +
        'worker itself (npm start); a separate worker needs a PostgreSQL server in DATABASE_URL.',
    );
  }
  const databaseUrl = config.DATABASE_URL;
  // A worker started while the database drops connections (a restart, a failover) comes up a little later.
  const worker = await retryWhileDatabaseUnavailable(() => createWorkerContext(config, databaseUrl, liveEndpoints(config)), {
    onRetry: (error) =>
      process.stderr.write(`Scout worker: start-up lost the database (${error instanceof Error ? error.message : String(error)}), trying again\n`),
  });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`Scout worker: ${signal}, finishing in-flight jobs\n`);
    await worker.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.stdout.write(`Scout worker: consuming on ${worker.backend === 'redis' ? 'Redis' : 'PostgreSQL'}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Scout worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
