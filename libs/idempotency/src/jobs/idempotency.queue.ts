import { jobNamesOf, type JobQueueDefinition } from '@scout/core';

/** The idempotency job family (queue 'idempotency'): purging records past their 24 h window. */

export const PURGE_IDEMPOTENCY_KEYS_JOB = 'purge-expired-keys';

export interface PurgeIdempotencyKeysResult {
  purged: number;
}

export interface IdempotencyJobs {
  [PURGE_IDEMPOTENCY_KEYS_JOB]: Record<string, never>;
}

export const IDEMPOTENCY_PURGE_SCHEDULER_ID = 'idempotency:purge-expired-keys';

export const IDEMPOTENCY_QUEUE: JobQueueDefinition<IdempotencyJobs> = {
  name: 'idempotency',
  jobNames: jobNamesOf<IdempotencyJobs>({ [PURGE_IDEMPOTENCY_KEYS_JOB]: true }),
  // Expired records are already ignored when a key is claimed; the purge only keeps the table small.
  schedulers: [{ id: IDEMPOTENCY_PURGE_SCHEDULER_ID, everyMs: 15 * 60_000, jobName: PURGE_IDEMPOTENCY_KEYS_JOB, data: {} }],
};
