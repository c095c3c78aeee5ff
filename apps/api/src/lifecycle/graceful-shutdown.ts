import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { DrainState } from '@scout/core';

/** How long closing the listener may wait on connections that are neither idle nor done. */
const CONNECTION_CLOSE_WAIT_MS = 2000;

export interface GracefulShutdownOptions {
  /** How long admitted requests may take to finish once draining starts. */
  graceMs: number;
  /** Run as the drain starts and awaited before the database closes (the in-process worker: it stops taking jobs at once). */
  alongside?: Array<() => Promise<unknown>>;
  /** Run in order once the application has closed (the sandbox, the embedded database). */
  after?: Array<() => Promise<unknown>>;
}

export interface ShutdownReport {
  /** Requests still running when draining started. */
  inFlightAtStart: number;
  /** Requests cut off because the grace period ran out. */
  cutOff: number;
  durationMs: number;
}

/**
 * Stops the API in the order that keeps every admitted call whole: refuse new requests (503, and
 * readiness fails) → let admitted requests finish, up to the grace period → close the listener and
 * every keep-alive connection → close the application: upstream pools (onModuleDestroy), then the
 * database (TypeORM's shutdown hook) → whatever runs after it. Upstream pools and the database are
 * never closed under a call that is still running within the grace.
 */
export async function drainAndClose(app: INestApplication, options: GracefulShutdownOptions): Promise<ShutdownReport> {
  const startedAt = Date.now();
  const drain = app.get(DrainState);
  drain.start();
  const inFlightAtStart = drain.inFlight;
  const alongside = Promise.allSettled((options.alongside ?? []).map((step) => step()));
  const idle = await drain.whenIdle(options.graceMs);
  const cutOff = idle ? 0 : drain.inFlight;
  await closeListener(app.getHttpServer() as Server, !idle);
  await alongside;
  await app.close();
  for (const step of options.after ?? []) await step();
  return { inFlightAtStart, cutOff, durationMs: Date.now() - startedAt };
}

/** Stops listening and closes every connection: idle ones at once, all of them when `force` or after a short wait. */
function closeListener(server: Server, force: boolean): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    const fallback = setTimeout(() => server.closeAllConnections(), CONNECTION_CLOSE_WAIT_MS);
    server.close(() => {
      clearTimeout(fallback);
      resolve();
    });
    if (force) server.closeAllConnections();
    else server.closeIdleConnections();
  });
}
