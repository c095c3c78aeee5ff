// First: starts tracing (when an OTLP endpoint is set) before what it instruments is loaded.
import './tracing';
import 'reflect-metadata';
import { AnswerConformance } from '@scout/contract';
import { AppConfig, retryWhileDatabaseUnavailable } from '@scout/core';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '@scout/database';
import { startSandbox, SANDBOX_KEYS, type RunningSandbox } from '@scout/sandbox';
import { liveEndpoints, sandboxEndpoints, type UpstreamEndpoints } from '@scout/upstream';
import { createApiApp } from './bootstrap';
import { createWorkerContext, type WorkerContext } from '@scout/worker';
import { drainAndClose } from './lifecycle/graceful-shutdown';
import { stopTracing } from '@scout/telemetry';

/** Time past the grace period for closing pools, queues and the database before the process gives up. */
const HARD_STOP_MARGIN_MS = 15_000;

async function main(): Promise<void> {
  const config = AppConfig.fromEnv(process.env);
  let embedded: EmbeddedPostgres | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_DB_PORT });
    databaseUrl = embedded.url;
    process.stdout.write(`Scout: embedded PostgreSQL (PGlite) on ${embedded.url}, data in ${config.DATA_DIR}\n`);
  }
  let sandbox: RunningSandbox | undefined;
  let upstreams: UpstreamEndpoints;
  if (config.upstreamMode === 'sandbox') {
    sandbox = await startSandbox({ seed: config.SANDBOX_SEED });
    upstreams = sandboxEndpoints({ urls: sandbox.urls, keys: SANDBOX_KEYS });
    process.stdout.write(`Scout: sandbox upstream (synthetic market, seed ${config.SANDBOX_SEED}) on ${sandbox.url}\n`);
  } else {
    upstreams = liveEndpoints(config);
  }
  const startRetry = (what: string) => ({
    onRetry: (error: unknown) =>
      process.stderr.write(`Scout: ${what} lost the database (${error instanceof Error ? error.message : String(error)}), trying again\n`),
  });
  const app = await retryWhileDatabaseUnavailable(() => createApiApp(config, databaseUrl, upstreams), startRetry('start-up'));
  let worker: Promise<WorkerContext> | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Whatever hangs, the process still ends: the orchestrator's kill would come anyway.
    setTimeout(() => {
      process.stderr.write('Scout: shutdown did not finish in time, exiting\n');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS + HARD_STOP_MARGIN_MS).unref();
    process.stdout.write(`Scout: ${signal}, draining: new requests get 503, calls in flight get up to ${config.SHUTDOWN_GRACE_MS} ms\n`);
    try {
      const report = await drainAndClose(app, {
        graceMs: config.SHUTDOWN_GRACE_MS,
        alongside: [async () => (await worker?.catch(() => undefined))?.close()],
        after: [async () => sandbox?.close(), async () => embedded?.stop(), stopTracing],
      });
      process.stdout.write(
        `Scout: stopped in ${report.durationMs} ms (${report.inFlightAtStart} in flight at ${signal}, ${report.cutOff} cut off at the grace limit)\n`,
      );
      process.exit(0);
    } catch (error) {
      process.stderr.write(`Scout: shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen(config.PORT, config.HOST);
  // Read now: a SIGTERM while the worker below starts closes the server, which then has no address.
  const { port } = app.getHttpServer().address() as { port: number };
  // Each tool's answer validator compiles now, in the background, not on its first call (libs/contract/src/answer-warm-up.ts).
  app.get(AnswerConformance).warmUp();
  if (config.workerInProcess) {
    worker = retryWhileDatabaseUnavailable(() => createWorkerContext(config, databaseUrl, upstreams), startRetry('the worker'));
    const { backend } = await worker;
    process.stdout.write(`Scout worker: running in this process, queues on ${backend === 'redis' ? 'Redis' : 'PostgreSQL'}\n`);
  }
  if (stopping) return;
  // The banner's last line: where to go now (the port actually bound, PORT=0 included).
  const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  process.stdout.write(`Scout: listening on http://${host}:${port} (docs at /docs, console at /console, MCP at /mcp)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Scout failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
