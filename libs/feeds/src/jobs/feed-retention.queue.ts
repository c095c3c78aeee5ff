import { jobNamesOf, type JobQueueDefinition } from '@scout/core';

/**
 * The feeds' job family (queue 'feeds'): deleting stored feed events older than
 * FEED_RETENTION_DAYS, every hour.
 */

export const PURGE_FEED_JOB = 'purge-feed';

export interface PurgeFeedResult {
  cutoff: string;
  deleted: number;
}

export interface FeedJobs {
  [PURGE_FEED_JOB]: Record<string, never>;
}

export const FEED_RETENTION_SCHEDULER_ID = 'feeds:purge-feed';

export const FEEDS_QUEUE: JobQueueDefinition<FeedJobs> = {
  name: 'feeds',
  jobNames: jobNamesOf<FeedJobs>({ [PURGE_FEED_JOB]: true }),
  schedulers: [{ id: FEED_RETENTION_SCHEDULER_ID, everyMs: 60 * 60_000, jobName: PURGE_FEED_JOB, data: {} }],
};
