import { OAUTH_QUEUE, OAuthHousekeeping, PURGE_OAUTH_JOB, type PurgeOAuthResult } from '@scout/auth';
import { HandlesJob, JobProcessor, QueueProcessor } from '../queues/job-processor';

/** OAuth housekeeping (libs/auth/src/oauth/jobs/oauth.queue.ts). */
@QueueProcessor(OAUTH_QUEUE, { concurrency: 1 })
export class OAuthProcessor extends JobProcessor {
  constructor(private readonly housekeeping: OAuthHousekeeping) {
    super();
  }

  /** Purges in batches until nothing lapsed is left. */
  @HandlesJob(PURGE_OAUTH_JOB)
  async purge(): Promise<PurgeOAuthResult> {
    let purged = 0;
    for (;;) {
      const batch = await this.housekeeping.purgeExpired(5_000);
      purged += batch;
      if (batch < 5_000) return { purged };
    }
  }
}
