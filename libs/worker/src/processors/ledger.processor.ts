import type { Job } from 'bullmq';
import { Clock } from '@scout/core';
import {
  EXPIRE_GRANTS_JOB,
  LEDGER_QUEUE,
  CreditHoldsService,
  LedgerJobsService,
  RENEW_PLANS_JOB,
  VOID_EXPIRED_HOLDS_JOB,
  type ExpireGrantsPayload,
  type ExpireGrantsResult,
  type RenewPlansPayload,
  type RenewPlansResult,
  type VoidExpiredHoldsResult,
} from '@scout/ledger';
import { HandlesJob, JobProcessor, QueueProcessor } from '../queues/job-processor';

/** The ledger's jobs (libs/ledger/src/jobs/grant-expiry.queue.ts). */
@QueueProcessor(LEDGER_QUEUE, { concurrency: 1 })
export class LedgerProcessor extends JobProcessor {
  constructor(
    private readonly ledgerJobs: LedgerJobsService,
    private readonly holds: CreditHoldsService,
    private readonly clock: Clock,
  ) {
    super();
  }

  @HandlesJob(EXPIRE_GRANTS_JOB)
  async expireGrants(job: Job<ExpireGrantsPayload>): Promise<ExpireGrantsResult> {
    return { expired: await this.ledgerJobs.expireDueGrants(this.clock.now(), { accountId: job.data.accountId }) };
  }

  @HandlesJob(RENEW_PLANS_JOB)
  async renewPlans(job: Job<RenewPlansPayload>): Promise<RenewPlansResult> {
    return { renewed: await this.ledgerJobs.renewPlans(this.clock.now(), { accountId: job.data.accountId }) };
  }

  @HandlesJob(VOID_EXPIRED_HOLDS_JOB)
  async voidExpiredHolds(): Promise<VoidExpiredHoldsResult> {
    return { voided: await this.holds.voidExpired() };
  }
}
