import { REFRESH_DIRECTORY_JOB, TraderDirectoryRefresher, TRADERS_QUEUE, type RefreshDirectoryResult } from '@scout/traders';
import { HandlesJob, JobProcessor, QueueProcessor } from '../queues/job-processor';

/** The traders' jobs (libs/traders/src/jobs/trader-directory.queue.ts). */
@QueueProcessor(TRADERS_QUEUE, { concurrency: 1 })
export class TradersProcessor extends JobProcessor {
  constructor(private readonly refresher: TraderDirectoryRefresher) {
    super();
  }

  @HandlesJob(REFRESH_DIRECTORY_JOB)
  refreshDirectory(): Promise<RefreshDirectoryResult> {
    return this.refresher.refresh();
  }
}
