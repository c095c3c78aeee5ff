import type { Job } from 'bullmq';
import {
  EXPIRE_GRANTS_JOB,
  LEDGER_QUEUE,
  LedgerJobsService,
  type ExpireGrantsPayload,
  type ExpireGrantsResult,
} from '@scout/ledger';
import { HandlesJob, JobProcessor, QueueProcessor } from '../queues/job-processor';

/** The ledger's jobs (libs/ledger/src/jobs/grant-expiry.queue.ts). */
@QueueProcessor(LEDGER_QUEUE, { concurrency: 1 })
export class LedgerProcessor extends JobProcessor {
  constructor(private readonly ledgerJobs: LedgerJobsService) {
    super();
  }

  @HandlesJob(EXPIRE_GRANTS_JOB)
  async expireGrants(job: Job<ExpireGrantsPayload>): Promise<ExpireGrantsResult> {
    return { expired: await this.ledgerJobs.expireDueGrants(new Date(), { accountId: job.data.accountId }) };
  }
}
