import { jobNamesOf, type JobQueueDefinition } from '@scout/core';

/** The OAuth job family (queue 'oauth'): deleting sign-ins, codes and tokens past their expiry. */

export const PURGE_OAUTH_JOB = 'purge-expired';

export interface PurgeOAuthResult {
  purged: number;
}

export interface OAuthJobs {
  [PURGE_OAUTH_JOB]: Record<string, never>;
}

export const OAUTH_PURGE_SCHEDULER_ID = 'oauth:purge-expired';

export const OAUTH_QUEUE: JobQueueDefinition<OAuthJobs> = {
  name: 'oauth',
  jobNames: jobNamesOf<OAuthJobs>({ [PURGE_OAUTH_JOB]: true }),
  schedulers: [{ id: OAUTH_PURGE_SCHEDULER_ID, everyMs: 60 * 60_000, jobName: PURGE_OAUTH_JOB, data: {} }],
};
