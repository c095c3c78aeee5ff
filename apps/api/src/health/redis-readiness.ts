import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '@scout/core';

/**
 * Readiness's own connection to the Redis of REDIS_URL (the rate-limit counters, the job queues and
 * the shared response cache live there): PING must answer in time. Without REDIS_URL there is
 * nothing to check. No offline queue: while the connection is down a PING fails at once rather
 * than waiting for a reconnection that may never come.
 */
@Injectable()
export class RedisReadiness implements OnModuleDestroy {
  private readonly redis: Redis | null = null;
  /** host:port of REDIS_URL, for the probe's answer (never its credentials). */
  readonly address: string | null = null;
  private lastError: string | null = null;

  constructor(config: AppConfig) {
    if (!config.REDIS_URL) return;
    const url = new URL(config.REDIS_URL);
    this.address = `${url.hostname}:${url.port || '6379'}`;
    this.redis = new Redis(config.REDIS_URL, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      // Keep trying, at most every 2 s, so readiness turns green soon after Redis is back.
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
      // On shutdown a socket that never connected is dropped at once, not after ioredis's 2 s.
      disconnectTimeout: 100,
    });
    // The probe reports the failure; an unhandled 'error' event would only repeat it on stderr.
    this.redis.on('error', (err: Error) => (this.lastError = err.message));
    this.redis.on('ready', () => (this.lastError = null));
  }

  get configured(): boolean {
    return this.redis !== null;
  }

  /**
   * Resolves when Redis answers PING within `timeoutMs` (waiting that long at most for a connection
   * still being made); rejects with an Error saying why not.
   */
  async ping(timeoutMs: number): Promise<void> {
    const redis = this.redis;
    if (!redis) return;
    // A connection that failed since it was last ready fails the probe at once; only a first
    // connection still being made is waited for.
    if (redis.status !== 'ready' && this.lastError !== null) throw new Error(this.describe('not connected'));
    let timer: NodeJS.Timeout | undefined;
    let stopWaiting = () => {};
    try {
      await new Promise<void>((resolve, reject) => {
        timer = setTimeout(() => reject(new Error(this.describe(`no answer to PING within ${timeoutMs} ms`))), timeoutMs);
        const send = () => {
          stopWaiting();
          redis.ping().then(
            () => resolve(),
            (error: Error) => reject(new Error(this.describe(error.message))),
          );
        };
        if (redis.status === 'ready') return send();
        const onError = (error: Error) => reject(new Error(this.describe(error.message)));
        redis.once('ready', send);
        redis.once('error', onError);
        stopWaiting = () => {
          redis.off('ready', send);
          redis.off('error', onError);
        };
      });
    } finally {
      clearTimeout(timer);
      stopWaiting();
    }
  }

  onModuleDestroy(): void {
    this.redis?.disconnect();
  }

  private describe(problem: string): string {
    const status = this.redis?.status ?? 'none';
    const last = this.lastError ? `; last error: ${this.lastError}` : '';
    return `Redis at ${this.address} does not answer: ${problem} (connection ${status}${last})`;
  }
}
