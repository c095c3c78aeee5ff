import { setTimeout as sleep } from 'node:timers/promises';
import { isDatabaseUnavailable } from '../errors/database-errors';

export interface StartupRetryOptions {
  /** Attempts in all, the first included. */
  attempts?: number;
  /** Wait before the second attempt; doubled for each one after. */
  firstDelayMs?: number;
  /** Told of each failed attempt that will be retried. */
  onRetry?: (error: unknown, attempt: number) => void;
}

/**
 * Runs a start-up step again while it fails because the database was unreachable or dropped the
 * connection (a restart, a failover, an administrator's pg_terminate_backend): a process that
 * starts during such a moment comes up a little later instead of exiting. Any other error, or the
 * last attempt's, is the caller's.
 */
export async function retryWhileDatabaseUnavailable<T>(step: () => Promise<T>, options: StartupRetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 5;
  let delay = options.firstDelayMs ?? 500;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= attempts || !isDatabaseUnavailable(error)) throw error;
      options.onRetry?.(error, attempt);
      await sleep(delay);
      delay *= 2;
    }
  }
}
