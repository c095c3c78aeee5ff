import { Inject } from '@nestjs/common';
import type { Job } from 'bullmq';
import { setTimeout as sleep } from 'node:timers/promises';
import { jobNamesOf, type JobQueueDefinition } from '@scout/core';
import { HandlesJob, JobProcessor, QueueProcessor } from '@scout/worker';

/** A job family that exists only in tests: one slow job, to see what shutdown does to it. */
export interface TestJobs {
  slow: { ms: number };
}

export const TEST_QUEUE: JobQueueDefinition<TestJobs> = {
  name: 'worker-test',
  jobNames: jobNamesOf<TestJobs>({ slow: true }),
  schedulers: [],
};

/** Which worker context ran a job (each test context provides its own label). */
export const WORKER_LABEL = 'WORKER_LABEL';

/** Short locks, so a job left behind by a closed worker is back in the queue within about a second. */
@QueueProcessor(TEST_QUEUE, { lockDuration: 1_000, stalledInterval: 500 })
export class TestJobsProcessor extends JobProcessor {
  constructor(@Inject(WORKER_LABEL) private readonly label: string) {
    super();
  }

  @HandlesJob('slow')
  async slow(job: Job<TestJobs['slow']>): Promise<{ by: string }> {
    await sleep(job.data.ms);
    return { by: this.label };
  }
}
