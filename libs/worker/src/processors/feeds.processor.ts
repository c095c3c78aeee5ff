import { AppConfig, Clock } from '@scout/core';
import { FEEDS_QUEUE, FeedStore, PURGE_FEED_JOB, type PurgeFeedResult } from '@scout/feeds';
import { HandlesJob, JobProcessor, QueueProcessor } from '../queues/job-processor';

const DAY_MS = 86_400_000;

/** The feeds' jobs (libs/feeds/src/jobs/feed-retention.queue.ts). */
@QueueProcessor(FEEDS_QUEUE, { concurrency: 1 })
export class FeedsProcessor extends JobProcessor {
  constructor(
    private readonly store: FeedStore,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    super();
  }

  /** Deletes stored feed events older than FEED_RETENTION_DAYS. */
  @HandlesJob(PURGE_FEED_JOB)
  async purge(): Promise<PurgeFeedResult> {
    const cutoff = new Date(this.clock.now().getTime() - this.config.FEED_RETENTION_DAYS * DAY_MS);
    return { cutoff: cutoff.toISOString(), deleted: await this.store.purgeBefore(cutoff) };
  }
}
