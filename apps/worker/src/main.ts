// First: starts tracing (when an OTLP endpoint is set) before what it instruments is loaded.
import './tracing';
import 'reflect-metadata';
import { AppConfig, retryWhileDatabaseUnavailable } from '@scout/core';
import { liveEndpoints } from '@scout/upstream';
import { createWorkerContext } from '@scout/worker';
import { stopTracing } from '@scout/telemetry';
import { startMetricsServer, type MetricsServer } from '@scout/metrics';

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
  // Prometheus metrics of this worker (WORKER_METRICS_PORT; METRICS_PORT is the API's), on their own small server.
  let metrics: MetricsServer | null = null;
  if (config.WORKER_METRICS_PORT !== undefined) {
    metrics = await startMetricsServer({ port: config.WORKER_METRICS_PORT, host: config.METRICS_HOST });
    process.stdout.write(`Scout worker: Prometheus metrics on http://${config.METRICS_HOST}:${metrics.port}/metrics\n`);
  }
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`Scout worker: ${signal}, finishing in-flight jobs\n`);
    await worker.close();
    await stopTracing();
    await metrics?.close();
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
