import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from '@scout/core';
import type { UpstreamEndpoints } from '@scout/upstream';
import type { QueueBackendKind } from './queues/queue-backend';
import { WorkerModule, type WorkerContextOptions } from './worker.module';
import { WORKER_SETUP, WorkerRunner, type WorkerSetup } from './worker-runner.service';

export interface WorkerContext {
  app: INestApplicationContext;
  backend: QueueBackendKind;
  /** Stops taking jobs, lets in-flight jobs finish (up to the shutdown timeout), then closes. */
  close(): Promise<void>;
}

/**
 * Boots the worker: a Nest application context (no HTTP) whose BullMQ workers consume the job
 * queues on Redis (REDIS_URL) or on the ledger database at databaseUrl, and whose jobs reach the
 * providers at `endpoints` (the API's in-process worker passes the API's own, sandbox included).
 * The standalone worker (main.ts), the API's in-process worker and the tests all start it here.
 */
export async function createWorkerContext(
  config: AppConfig,
  databaseUrl: string,
  endpoints: UpstreamEndpoints,
  options: WorkerContextOptions = {},
): Promise<WorkerContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, databaseUrl, endpoints, options), {
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  try {
    await app.get(WorkerRunner).start();
  } catch (error) {
    await app.close();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    app,
    backend: app.get<WorkerSetup>(WORKER_SETUP).backend,
    close: () => (closing ??= app.close()),
  };
}
