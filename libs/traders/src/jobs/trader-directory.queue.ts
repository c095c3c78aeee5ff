import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Job, JobsOptions, Queue } from 'bullmq';
import { jobNamesOf, type JobQueueDefinition } from '@scout/core';
import type { LeaderboardWindow } from '../leaderboard/leaderboard.dto';

/**
 * The traders' job family (queue 'traders'): refreshing the trader directory from the four FOMO
 * leaderboards. A job scheduler runs it every 5 minutes, the boards' cache lifetime, so each run
 * can see a new capture; anyone may also ask for a run now through the producer.
 */

export const REFRESH_DIRECTORY_JOB = 'refresh-directory';

export interface RefreshDirectoryResult {
  /** Boards read and recorded: the capture time their traders were recorded with, and their size. */
  boards: { window: LeaderboardWindow; capturedAt: string; traders: number }[];
  /** Boards that could not be read this run, and why. */
  failed: { window: LeaderboardWindow; error: string }[];
  /** Directory rows written (a trader on several boards counts once per board). */
  written: number;
}

/** Job name → payload. */
export interface TraderJobs {
  [REFRESH_DIRECTORY_JOB]: Record<string, never>;
}

export const DIRECTORY_REFRESH_SCHEDULER_ID = 'traders:refresh-directory';

export const TRADERS_QUEUE: JobQueueDefinition<TraderJobs> = {
  name: 'traders',
  jobNames: jobNamesOf<TraderJobs>({ [REFRESH_DIRECTORY_JOB]: true }),
  schedulers: [{ id: DIRECTORY_REFRESH_SCHEDULER_ID, everyMs: 5 * 60_000, jobName: REFRESH_DIRECTORY_JOB, data: {} }],
};

/** Adds traders jobs. Provided where the 'traders' queue is registered (apps/worker). */
@Injectable()
export class TradersQueueProducer {
  constructor(@InjectQueue(TRADERS_QUEUE.name) private readonly queue: Queue) {}

  /** Refreshes the directory now rather than at the scheduler's next run. */
  refreshDirectory(opts?: JobsOptions): Promise<Job<Record<string, never>, RefreshDirectoryResult>> {
    return this.queue.add(REFRESH_DIRECTORY_JOB, {}, opts) as Promise<Job<Record<string, never>, RefreshDirectoryResult>>;
  }
}
