import { IDEMPOTENCY_QUEUE, IdempotencyService, PURGE_IDEMPOTENCY_KEYS_JOB, type PurgeIdempotencyKeysResult } from '@scout/idempotency';
import { HandlesJob, JobProcessor, QueueProcessor } from '../queues/job-processor';

/** Idempotency-Key housekeeping (libs/idempotency/src/jobs/idempotency.queue.ts). */
@QueueProcessor(IDEMPOTENCY_QUEUE, { concurrency: 1 })
export class IdempotencyProcessor extends JobProcessor {
  constructor(private readonly idempotency: IdempotencyService) {
    super();
  }

  /** Purges in batches until nothing past the window is left. */
  @HandlesJob(PURGE_IDEMPOTENCY_KEYS_JOB)
  async purge(): Promise<PurgeIdempotencyKeysResult> {
    let purged = 0;
    for (;;) {
      const batch = await this.idempotency.purgeExpired(5_000);
      purged += batch;
      if (batch < 5_000) return { purged };
    }
  }
}
