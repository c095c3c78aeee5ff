import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Job, JobsOptions, Queue } from 'bullmq';
import { jobNamesOf, type JobQueueDefinition } from '@scout/core';

/**
 * The ledger's job family (queue 'ledger'): writing off what is left of expired grants, opening
 * plan periods that have begun (renewal grants and charges), and recording holds of calls that
 * never finished as voided. Job schedulers run the first two every minute and the hold sweep
 * every 15 s; anyone may also ask for a run now through the producer.
 */

export const EXPIRE_GRANTS_JOB = 'expire-grants';
export const RENEW_PLANS_JOB = 'renew-plans';
export const VOID_EXPIRED_HOLDS_JOB = 'void-expired-holds';

export interface ExpireGrantsPayload {
  /** Only this account's grants; every account if absent. */
  accountId?: string;
}

export interface ExpireGrantsResult {
  /** Grants written off by this run. */
  expired: number;
}

export interface RenewPlansPayload {
  /** Only this account; every account whose period has ended if absent. */
  accountId?: string;
}

export interface RenewPlansResult {
  /** Periods opened (each a plan grant and a charge) by this run. */
  renewed: number;
}

export interface VoidExpiredHoldsResult {
  /** Holds past their deadline recorded as voided by this run. */
  voided: number;
}

/** Job name → payload. */
export interface LedgerJobs {
  [EXPIRE_GRANTS_JOB]: ExpireGrantsPayload;
  [RENEW_PLANS_JOB]: RenewPlansPayload;
  [VOID_EXPIRED_HOLDS_JOB]: Record<string, never>;
}

export const GRANT_EXPIRY_SCHEDULER_ID = 'ledger:expire-grants';
export const PLAN_RENEWAL_SCHEDULER_ID = 'ledger:renew-plans';
export const HOLD_SWEEP_SCHEDULER_ID = 'ledger:void-expired-holds';

export const LEDGER_QUEUE: JobQueueDefinition<LedgerJobs> = {
  name: 'ledger',
  jobNames: jobNamesOf<LedgerJobs>({ [EXPIRE_GRANTS_JOB]: true, [RENEW_PLANS_JOB]: true, [VOID_EXPIRED_HOLDS_JOB]: true }),
  schedulers: [
    { id: GRANT_EXPIRY_SCHEDULER_ID, everyMs: 60_000, jobName: EXPIRE_GRANTS_JOB, data: {} },
    { id: PLAN_RENEWAL_SCHEDULER_ID, everyMs: 60_000, jobName: RENEW_PLANS_JOB, data: {} },
    { id: HOLD_SWEEP_SCHEDULER_ID, everyMs: 15_000, jobName: VOID_EXPIRED_HOLDS_JOB, data: {} },
  ],
};

/**
 * Adds ledger jobs. Provided where the 'ledger' queue is registered (apps/worker). The queue holds
 * every ledger job, so BullMQ types them all as any: each job's name fixes its payload and result.
 */
@Injectable()
export class LedgerQueueProducer {
  constructor(@InjectQueue(LEDGER_QUEUE.name) private readonly queue: Queue) {}

  /** Writes off due grants now rather than at the scheduler's next run. */
  expireGrants(payload: ExpireGrantsPayload = {}, opts?: JobsOptions): Promise<Job<ExpireGrantsPayload, ExpireGrantsResult>> {
    return this.queue.add(EXPIRE_GRANTS_JOB, payload, opts) as Promise<Job<ExpireGrantsPayload, ExpireGrantsResult>>;
  }

  /** Opens due plan periods now rather than at the scheduler's next run. */
  renewPlans(payload: RenewPlansPayload = {}, opts?: JobsOptions): Promise<Job<RenewPlansPayload, RenewPlansResult>> {
    return this.queue.add(RENEW_PLANS_JOB, payload, opts) as Promise<Job<RenewPlansPayload, RenewPlansResult>>;
  }

  /** Records holds past their deadline as voided now rather than at the scheduler's next run. */
  voidExpiredHolds(opts?: JobsOptions): Promise<Job<Record<string, never>, VoidExpiredHoldsResult>> {
    return this.queue.add(VOID_EXPIRED_HOLDS_JOB, {}, opts) as Promise<Job<Record<string, never>, VoidExpiredHoldsResult>>;
  }
}
