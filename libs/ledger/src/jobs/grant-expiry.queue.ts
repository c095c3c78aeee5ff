import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Job, JobsOptions, Queue } from 'bullmq';
import { jobNamesOf, type JobQueueDefinition } from '@scout/core';

/**
 * The ledger's job family (queue 'ledger'): writing off what is left of expired grants. A job
 * scheduler runs it every minute; anyone may also ask for a run now through the producer.
 */

export const EXPIRE_GRANTS_JOB = 'expire-grants';

export interface ExpireGrantsPayload {
  /** Only this account's grants; every account if absent. */
  accountId?: string;
}

export interface ExpireGrantsResult {
  /** Grants written off by this run. */
  expired: number;
}

/** Job name → payload. */
export interface LedgerJobs {
  [EXPIRE_GRANTS_JOB]: ExpireGrantsPayload;
}

export const GRANT_EXPIRY_SCHEDULER_ID = 'ledger:expire-grants';

export const LEDGER_QUEUE: JobQueueDefinition<LedgerJobs> = {
  name: 'ledger',
  jobNames: jobNamesOf<LedgerJobs>({ [EXPIRE_GRANTS_JOB]: true }),
  schedulers: [{ id: GRANT_EXPIRY_SCHEDULER_ID, everyMs: 60_000, jobName: EXPIRE_GRANTS_JOB, data: {} }],
};

/** Adds ledger jobs. Provided where the 'ledger' queue is registered (apps/worker). */
@Injectable()
export class LedgerQueueProducer {
  constructor(@InjectQueue(LEDGER_QUEUE.name) private readonly queue: Queue) {}

  /** Writes off due grants now rather than at the scheduler's next run. */
  expireGrants(payload: ExpireGrantsPayload = {}, opts?: JobsOptions): Promise<Job<ExpireGrantsPayload, ExpireGrantsResult>> {
    return this.queue.add(EXPIRE_GRANTS_JOB, payload, opts);
  }
}
