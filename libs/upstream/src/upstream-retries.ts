import { BrokenCircuitError, type CircuitBreakerPolicy } from 'cockatiel';
import { recordUpstreamRequest } from '@scout/metrics';
import type { KeyPool, PooledKey } from './key-pool';
import { backoffDelay } from './retry-timing';
import { AttemptFailure, type AttemptRequest, type UpstreamRequest } from './upstream-request';
import { UpstreamError, type UpstreamSourceOptions } from './upstream.types';

/** An attempt with less time than this cannot usefully run, so we do not wait for one. */
const MIN_ATTEMPT_MS = 100;
const RESET_MARGIN_MS = 10;
/** First pause before asking again for an answer the upstream is still preparing (409-style). */
const PENDING_BASE_DELAY_MS = 250;

/** The settings of a source that its retries follow. */
export type RetrySettings = Pick<
  Required<UpstreamSourceOptions>,
  'keyPlacement' | 'timeoutMs' | 'retries' | 'retryBaseDelayMs' | 'retryMaxDelayMs' | 'maxRetryWaitMs'
>;

/** What a source's retry loop works with. */
export interface RetryDeps {
  /** The source's name, for its errors. */
  source: string;
  settings: RetrySettings;
  keys: KeyPool;
  breaker: CircuitBreakerPolicy;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  /** The failure that last counted against the breaker, for a call refused while it is open. */
  lastBreakerFailure: () => string;
}

/**
 * A source's retry loop: attempts (each through the breaker, with a key from the pool) until an
 * answer, a final failure, no retry left, or no time left before the caller's deadline.
 */
export class UpstreamRetries {
  constructor(private readonly deps: RetryDeps) {}

  /** The loop, measured: every request past the cache counts in the metrics by how it ended, with its whole time. */
  async run<T>(request: UpstreamRequest<T>, deadlineAt: number | null, attempt: (attempt: AttemptRequest<T>) => Promise<T>): Promise<T> {
    const startedAt = performance.now();
    const seconds = () => (performance.now() - startedAt) / 1000;
    try {
      const value = await this.attempts(request, deadlineAt, attempt);
      recordUpstreamRequest(this.deps.source, 'ok', seconds());
      return value;
    } catch (err) {
      recordUpstreamRequest(this.deps.source, err instanceof UpstreamError ? err.failure : 'other', seconds());
      throw err;
    }
  }

  private async attempts<T>(request: UpstreamRequest<T>, deadlineAt: number | null, attempt: (attempt: AttemptRequest<T>) => Promise<T>): Promise<T> {
    const { source, settings, keys, breaker } = this.deps;
    const { call } = request;
    const idempotent = call.idempotent ?? true;
    let retriesUsed = 0;
    let pendingWaits = 0;
    const canRetry = () => retriesUsed < settings.retries;

    for (;;) {
      const timeoutMs = deadlineAt === null ? settings.timeoutMs : Math.min(settings.timeoutMs, deadlineAt - Date.now());
      if (timeoutMs <= 0) {
        throw new UpstreamError(source, 'timeout', `${call.endpoint}: the request's deadline passed before the upstream answered`);
      }
      let key: PooledKey | null = null;
      if (settings.keyPlacement.kind !== 'none') {
        key = keys.pick();
        if (!key) throw new UpstreamError(source, 'no_keys', `${call.endpoint}: ${keys.describeUnusable()}`);
      }

      let failure: AttemptFailure;
      try {
        const fullTimeout = timeoutMs === settings.timeoutMs;
        return await breaker.execute(() => attempt({ ...request, key, timeoutMs, fullTimeout }));
      } catch (err) {
        if (err instanceof BrokenCircuitError) {
          throw new UpstreamError(
            source,
            'circuit_open',
            `${call.endpoint}: circuit open after repeated failures (last: ${this.deps.lastBreakerFailure()}); not called`,
          );
        }
        if (!(err instanceof AttemptFailure)) throw err;
        failure = err;
      }

      switch (failure.action) {
        case 'fail':
          throw failure.error;
        case 'rotate_invalid':
          // Each rotation retires a key, so this loop ends when the pool does.
          keys.markInvalid(key as PooledKey);
          continue;
        case 'rotate_exhausted': {
          const reset = failure.keyReset as { resetAt: number; announced: boolean };
          keys.markExhausted(key as PooledKey, reset.resetAt);
          if (keys.hasHealthy()) continue;
          // The last key was throttled: honour its announced reset when a retry and the time allow.
          const waitMs = reset.resetAt - Date.now();
          if (reset.announced && canRetry() && this.fitsBeforeDeadline(waitMs, deadlineAt)) {
            retriesUsed += 1;
            // A timer may fire a hair early against the wall clock the reset was set by.
            await this.deps.sleep(Math.max(0, waitMs) + RESET_MARGIN_MS);
            continue;
          }
          throw new UpstreamError(source, 'no_keys', `${call.endpoint}: ${keys.describeUnusable()}`, failure.error.upstreamStatus);
        }
        case 'pending': {
          // "Not ready yet" is asked again until the deadline, not within the retry budget; with
          // no deadline to bound it, each ask spends a retry like any other.
          if (deadlineAt === null && !canRetry()) throw failure.error;
          const waitMs = failure.waitMs ?? backoffDelay(pendingWaits, PENDING_BASE_DELAY_MS, settings.retryMaxDelayMs, () => 0.5 + this.deps.random() / 2);
          if (!this.fitsBeforeDeadline(waitMs, deadlineAt)) {
            throw new UpstreamError(
              source,
              'pending',
              `${failure.error.detail}; still not ready after ${pendingWaits + 1} tries within the deadline`,
              failure.error.upstreamStatus,
            );
          }
          if (deadlineAt === null) retriesUsed += 1;
          pendingWaits += 1;
          await this.deps.sleep(waitMs);
          continue;
        }
        case 'retry': {
          if (!idempotent || !canRetry()) throw failure.error;
          const waitMs = failure.waitMs ?? backoffDelay(retriesUsed, settings.retryBaseDelayMs, settings.retryMaxDelayMs, this.deps.random);
          if (!this.fitsBeforeDeadline(waitMs, deadlineAt)) {
            if (failure.waitMs === null) throw failure.error;
            throw new UpstreamError(
              source,
              failure.error.failure,
              `${failure.error.detail}; its Retry-After (${Math.ceil(waitMs / 1000)} s) does not fit in the time left`,
              failure.error.upstreamStatus,
            );
          }
          retriesUsed += 1;
          await this.deps.sleep(waitMs);
          continue;
        }
      }
    }
  }

  private fitsBeforeDeadline(waitMs: number, deadlineAt: number | null): boolean {
    if (waitMs > this.deps.settings.maxRetryWaitMs) return false;
    return deadlineAt === null || Date.now() + waitMs + MIN_ATTEMPT_MS <= deadlineAt;
  }
}
